import type { Queryable } from '@/lib/db/types';

export interface GrantInput {
  userId: string;
  cents: number;
  /** Makes the grant happen once: a Stripe checkout id, or an operator's request id. */
  ledgerKey: string;
  kind: 'grant' | 'purchase';
  description?: string;
}

/**
 * Adds purchased credits. One statement writes the balance and its ledger entry together; a repeated ledgerKey adds
 * nothing (and a concurrent duplicate fails on the ledger's unique key, which rolls the whole statement back).
 * Returns null when this ledgerKey was already applied.
 */
export async function grantPurchasedCredits(
  db: Queryable,
  input: GrantInput,
): Promise<{ balanceCents: number } | null> {
  if (!Number.isSafeInteger(input.cents) || input.cents <= 0)
    throw new Error('credit grant must be a positive whole number of cents');
  const [row] = await db.query<{ balance_after_cents: number }>(
    `with fresh as (
       select 1 where not exists (select 1 from credit_ledger where ledger_key = $3)
     ), balance as (
       insert into credit_balances (user_id, purchased_cents)
       select $1::uuid, $2::bigint from fresh
       on conflict (user_id) do update
         set purchased_cents = credit_balances.purchased_cents + excluded.purchased_cents, updated_at = now()
       returning purchased_cents
     )
     insert into credit_ledger (user_id, source, kind, delta_cents, balance_after_cents, ledger_key, description)
     select $1::uuid, 'purchased', $4, $2::bigint, purchased_cents, $3, $5 from balance
     returning balance_after_cents`,
    [input.userId, input.cents, input.ledgerKey, input.kind, input.description ?? null],
  );
  return row ? { balanceCents: Number(row.balance_after_cents) } : null;
}
