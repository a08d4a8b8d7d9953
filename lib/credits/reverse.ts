import type { Queryable } from '@/lib/db/types';

/**
 * Takes back purchased credits whose payment was refunded or lost in a dispute: up to `cents`, never below zero
 * (what the user already spent stays spent), in one statement with its ledger entry. A repeated ledgerKey takes
 * nothing more. Returns how many cents were taken back (0 when the balance was empty or the key already applied).
 */
export async function reversePurchasedCredits(
  db: Queryable,
  input: { userId: string; cents: number; ledgerKey: string; description: string },
): Promise<number> {
  if (!Number.isSafeInteger(input.cents) || input.cents <= 0) return 0;
  const [row] = await db.query<{ delta_cents: number }>(
    `with fresh as (
       select 1 where not exists (select 1 from credit_ledger where ledger_key = $3)
     ), taken as (
       select least(b.purchased_cents, $2::bigint) as cents from credit_balances b, fresh
        where b.user_id = $1::uuid and b.purchased_cents > 0
        for update of b
     ), debited as (
       update credit_balances b set purchased_cents = b.purchased_cents - taken.cents, updated_at = now()
         from taken where b.user_id = $1::uuid
       returning b.purchased_cents, taken.cents
     )
     insert into credit_ledger (user_id, source, kind, delta_cents, balance_after_cents, ledger_key, description)
     select $1::uuid, 'purchased', 'reversal', -cents, purchased_cents, $3, $4 from debited
     returning delta_cents`,
    [input.userId, input.cents, input.ledgerKey, input.description],
  );
  return row ? -Number(row.delta_cents) : 0;
}
