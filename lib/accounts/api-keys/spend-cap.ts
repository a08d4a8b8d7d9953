import { USAGE_PRODUCTS, type UsageProduct } from '@/lib/accounts/usage';
import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import { centsToUsd } from '@/lib/payments/pricing';

/** What an API key may spend: cents per UTC day and per UTC month, and which products; null is no limit. */
export interface SpendCap {
  dailyCents: number | null;
  monthlyCents: number | null;
  products: UsageProduct[] | null;
}

/** What a key spent today and this month (UTC), refunded debits left out. */
export interface KeySpend {
  dayCents: number;
  monthCents: number;
}

export function hasLimit(cap: SpendCap): boolean {
  return cap.dailyCents !== null || cap.monthlyCents !== null || cap.products !== null;
}

/** The key's cap; with `lock`, the key's row is locked to the end of the transaction (see payWithBearer). */
export async function readSpendCap(
  db: Queryable,
  apiKeyId: string,
  options: { lock?: boolean } = {},
): Promise<SpendCap> {
  const [row] = await db.query<{
    daily_cap_cents: number | null;
    monthly_cap_cents: number | null;
    allowed_products: string[] | null;
  }>(
    `select daily_cap_cents, monthly_cap_cents, allowed_products from api_keys where id = $1${options.lock ? ' for update' : ''}`,
    [apiKeyId],
  );
  return capFromRow(row);
}

/** The cap stored on an api_keys row. */
export function capFromRow(
  row:
    | { daily_cap_cents: number | null; monthly_cap_cents: number | null; allowed_products: string[] | null }
    | undefined,
): SpendCap {
  return {
    dailyCents: row?.daily_cap_cents ?? null,
    monthlyCents: row?.monthly_cap_cents ?? null,
    products: row?.allowed_products?.filter(isProduct) ?? null,
  };
}

export async function readKeySpend(db: Queryable, apiKeyId: string, now = new Date()): Promise<KeySpend> {
  const { dayStart, monthStart } = periodStarts(now);
  const [row] = await db.query<{ day: number; month: number }>(
    `select coalesce(sum(-d.delta_cents) filter (where d.created_at >= $2), 0)::bigint as day,
            coalesce(sum(-d.delta_cents), 0)::bigint as month
       from credit_ledger d
      where d.api_key_id = $1 and d.kind = 'debit' and d.created_at >= $3
        and not exists (select 1 from credit_ledger r where r.ledger_key = d.ledger_key || ':refund')`,
    [apiKeyId, dayStart, monthStart],
  );
  return { dayCents: Number(row?.day ?? 0), monthCents: Number(row?.month ?? 0) };
}

/** Midnight UTC today and the first of this UTC month, and when each period ends. */
export function periodStarts(now: Date): { dayStart: Date; monthStart: Date; dayEnd: Date; monthEnd: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return {
    dayStart: new Date(Date.UTC(y, m, d)),
    monthStart: new Date(Date.UTC(y, m, 1)),
    dayEnd: new Date(Date.UTC(y, m, d + 1)),
    monthEnd: new Date(Date.UTC(y, m + 1, 1)),
  };
}

/**
 * Why a key may not pay this price for this product now, or null when it may: a product it is not allowed
 * (`product_not_allowed`), or a price that would take its spending past a cap (`spend_cap_reached`, with the cap,
 * what was spent and when the period resets, in the body's `cap`).
 */
export function capRefusal(
  cap: SpendCap,
  spend: KeySpend,
  product: string,
  priceCents: number,
  now = new Date(),
): ApiError | null {
  if (cap.products && !cap.products.includes(product as UsageProduct)) {
    return new ApiError({
      code: 'product_not_allowed',
      message: `This API key may buy ${cap.products.join(', ')} only, not ${product}. Nothing was charged.`,
    });
  }
  const { dayEnd, monthEnd } = periodStarts(now);
  const periods = [
    { period: 'day' as const, limitCents: cap.dailyCents, spentCents: spend.dayCents, resetsAt: dayEnd },
    { period: 'month' as const, limitCents: cap.monthlyCents, spentCents: spend.monthCents, resetsAt: monthEnd },
  ];
  for (const { period, limitCents, spentCents, resetsAt } of periods) {
    if (limitCents === null || spentCents + priceCents <= limitCents) continue;
    return new ApiError({
      code: 'spend_cap_reached',
      message: `This API key's ${period === 'day' ? 'daily' : 'monthly'} cap of $${centsToUsd(limitCents)} would be passed: $${centsToUsd(spentCents)} spent, this request costs $${centsToUsd(priceCents)}. It resets at ${resetsAt.toISOString()}. Nothing was charged.`,
      details: {
        cap: { period, limitCents, spentCents, priceCents, resetsAt: resetsAt.toISOString() },
      },
    });
  }
  return null;
}

function isProduct(value: string): value is UsageProduct {
  return (USAGE_PRODUCTS as readonly string[]).includes(value);
}
