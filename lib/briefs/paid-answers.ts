import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { Db, Queryable } from '@/lib/db/types';
import { readCredential } from '@/lib/payments/credential';
import type { SaleLine } from '@/lib/payments/offer';
import { mppSettlementKey } from '@/lib/payments/settlements/mpp';
import type { Brief } from './types';

/** A brief as a wallet payment bought it: what the retry of the same request must deliver, whatever search finds now. */
export interface PaidAnswer {
  quote: string;
  priceCents: number;
  description: string;
  sales: SaleLine[];
  brief: Brief;
}

/** A week: longer than any wallet settlement stays unresolved (payment_pending asks for a retry within minutes). */
const KEEP_DAYS = 7;

/**
 * Keeps the answer a payment is about to pay for, before any money moves (PaidOffer.prepare runs after the wallet's
 * verify step). The same quote written again keeps the first answer: a payer retrying after a lost response is
 * delivered what the settled payment bought, not a second writer's answer.
 */
export async function keepPaidAnswer(db: Queryable, answer: PaidAnswer): Promise<PaidAnswer> {
  await db.query(`delete from brief_answers where created_at < now() - make_interval(days => $1)`, [KEEP_DAYS]);
  const [row] = await db.query<{ brief: Brief }>(
    `insert into brief_answers (quote, price_cents, description, sales, brief)
     values ($1, $2, $3, $4::text::jsonb, $5::text::jsonb)
     on conflict (quote) do update set quote = excluded.quote
     returning brief`,
    [answer.quote, answer.priceCents, answer.description, JSON.stringify(answer.sales), JSON.stringify(answer.brief)],
  );
  return { ...answer, brief: row!.brief };
}

/**
 * The answer an earlier attempt of this same wallet payment is owed: the request carries an x402 payment or an MPP
 * credential whose settlement is on record for a brief's quote, and that quote's answer was kept. Null otherwise:
 * a new payment is priced from what search finds now.
 */
export async function owedPaidAnswer(db: Db, request: Request, briefsPath: string): Promise<PaidAnswer | null> {
  const keys = settlementKeysOf(request);
  if (keys.length === 0) return null;
  const rows = await db.query<{
    quote: string;
    price_cents: number;
    description: string;
    sales: SaleLine[];
    brief: Brief;
  }>(
    `select a.quote, a.price_cents, a.description, a.sales, a.brief
       from wallet_settlements s
       join brief_answers a on s.resource = $2 || '?quote=' || a.quote
      where s.unique_key = any($1::text[]) and s.status in ('pending', 'settled')
      limit 1`,
    [keys, briefsPath],
  );
  const row = rows[0];
  return row
    ? {
        quote: row.quote,
        priceCents: row.price_cents,
        description: row.description,
        sales: row.sales,
        brief: row.brief,
      }
    : null;
}

/** The settlement keys a wallet credential is recorded under (lib/payments/x402/pay.ts, lib/payments/mpp/pay.ts). */
function settlementKeysOf(request: Request): string[] {
  const credential = readCredential(request.headers);
  if (credential.kind === 'mpp') return [mppSettlementKey(credential.authorization)];
  if (credential.kind !== 'x402') return [];
  try {
    const payload = decodePaymentSignatureHeader(credential.paymentSignature);
    const nonce = (payload.payload as { authorization?: { nonce?: unknown } }).authorization?.nonce;
    const network = payload.accepted?.network;
    return typeof nonce === 'string' && nonce && typeof network === 'string'
      ? [`x402:${network}:${nonce.toLowerCase()}`]
      : [];
  } catch {
    return [];
  }
}
