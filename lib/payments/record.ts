import type { Db, Queryable } from '@/lib/db/types';
import type { PaidOffer } from './offer';

export interface PaymentRecord {
  protocol: 'x402' | 'mpp' | 'credits' | 'privileged';
  /** The external identity of the payment (x402 nonce, MPP receipt reference, ledger key): recorded once. */
  uniqueKey: string;
  amountCents: number;
  spendSource?: 'purchased' | 'sponsored';
  method?: string;
  network?: string;
  payer?: string;
  reference?: string;
  userId?: string;
  apiKeyId?: string;
  httpMethod: string;
  /** The paid answer's X-Request-Id, when the request carried one (the server stamps every request). */
  requestId?: string;
  delivered: boolean;
  failure?: string;
}

export class DuplicatePaymentError extends Error {}

/** What a payment record needs of the offer it paid for (kept in the outbox when recording fails). */
export type RecordedOffer = Pick<PaidOffer, 'product' | 'resource' | 'sales'>;

/**
 * Records a payment and the sales it pays for in one transaction. A second record with the same uniqueKey is refused
 * (DuplicatePaymentError), which is what stops one payment from being counted, or spent, twice.
 */
export function recordPayment(db: Db, offer: RecordedOffer, payment: PaymentRecord): Promise<string> {
  return db.transaction((tx) => recordPaymentIn(tx, offer, payment));
}

/**
 * recordPayment inside a transaction the caller holds: an x402 voucher's sale commits in the transaction that counts
 * the voucher (lib/payments/batch-settlement/channel-store.ts), so neither is ever kept without the other.
 */
export async function recordPaymentIn(tx: Queryable, offer: RecordedOffer, payment: PaymentRecord): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into payments (protocol, unique_key, amount_cents, spend_source, method, network, payer, reference,
                           user_id, api_key_id, http_method, resource, delivered, failure, request_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (unique_key) do nothing
     returning id`,
    [
      payment.protocol,
      payment.uniqueKey,
      payment.amountCents,
      payment.spendSource ?? null,
      payment.method ?? null,
      payment.network ?? null,
      payment.payer ?? null,
      payment.reference ?? null,
      payment.userId ?? null,
      payment.apiKeyId ?? null,
      payment.httpMethod,
      offer.resource,
      payment.delivered,
      payment.failure ?? null,
      payment.requestId?.slice(0, 200) ?? null,
    ],
  );
  if (!row) throw new DuplicatePaymentError(`payment ${payment.uniqueKey} was already recorded`);
  if (payment.amountCents > 0 && offer.sales.length > 0) {
    await tx.query(
      `insert into sales (payment_id, post_id, publication_id, product, share_cents)
       select $1, s.post_id::uuid, s.publication_id::uuid, $2, s.share_cents
         from unnest($3::text[], $4::text[], $5::integer[]) as s(post_id, publication_id, share_cents)`,
      [
        row.id,
        offer.product,
        offer.sales.map((s) => s.postId),
        offer.sales.map((s) => s.publicationId),
        offer.sales.map((s) => s.shareCents),
      ],
    );
  }
  return row.id;
}

/** Marks a recorded payment whose answer could not be sent, so it stays visible for a refund. */
export async function markUndelivered(db: Db, uniqueKey: string, failure: string): Promise<void> {
  await db.query(`update payments set delivered = false, failure = $2 where unique_key = $1`, [
    uniqueKey,
    failure.slice(0, 500),
  ]);
}
