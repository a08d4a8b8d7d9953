import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/** How long after a checkout the credits page still reports on it when a buyer comes back. */
const RECENT = '1 hour';

export type CheckoutOutcome =
  | { status: 'credited'; creditsCents: number }
  /** Paid at Stripe, but its webhook has not arrived yet. */
  | { status: 'confirming' }
  | null;

/**
 * What to tell a buyer who lands back on the credits page after a checkout: that checkout when its id is known (the
 * local checkout passes it), else this user's newest one (Stripe's return address carries none). Only a checkout of
 * this user's from the last hour counts; null when there is none, so a bare `?checkout=success` claims nothing.
 */
export async function checkoutOutcome(
  db: Queryable,
  userId: string,
  checkoutId: string | null,
): Promise<CheckoutOutcome> {
  const [row] = await db.query<
    Pick<TableRow<'credit_purchases'>, 'processor' | 'credits_cents'> & { status: 'open' | 'paid' | 'expired' }
  >(
    `select status, processor, credits_cents from credit_purchases
      where user_id = $1 and ($2::text is null or checkout_session_id = $2)
        and coalesce(paid_at, created_at) > now() - $3::interval
      order by created_at desc limit 1`,
    [userId, checkoutId, RECENT],
  );
  if (row?.status === 'paid') return { status: 'credited', creditsCents: Number(row.credits_cents) };
  if (row?.status === 'open' && row.processor === 'stripe') return { status: 'confirming' };
  return null;
}
