import type { Queryable } from '@/lib/db/types';

export interface DebitInput {
  userId: string;
  cents: number;
  /** Unique per paid request, so a debit is never counted twice. */
  ledgerKey: string;
  apiKeyId?: string | null;
  description: string;
}

/**
 * Spends purchased credits in one statement: the balance only moves when it covers the amount (it can never go
 * negative, whatever runs concurrently), and the ledger entry is written by the same statement.
 * Returns null when the balance is too low.
 */
export async function debitPurchasedCredits(
  db: Queryable,
  input: DebitInput,
): Promise<{ balanceCents: number; ledgerId: number } | null> {
  const [row] = await db.query<{ id: number; balance_after_cents: number }>(
    `with debited as (
       update credit_balances set purchased_cents = purchased_cents - $2::bigint, updated_at = now()
        where user_id = $1::uuid and purchased_cents >= $2::bigint
        returning purchased_cents
     )
     insert into credit_ledger (user_id, source, kind, delta_cents, balance_after_cents, ledger_key, api_key_id, description)
     select $1::uuid, 'purchased', 'debit', -($2::bigint), purchased_cents, $3, $4::uuid, $5 from debited
     returning id, balance_after_cents`,
    [input.userId, input.cents, input.ledgerKey, input.apiKeyId ?? null, input.description],
  );
  return row ? { balanceCents: Number(row.balance_after_cents), ledgerId: Number(row.id) } : null;
}

/**
 * Spends from this week's sponsored allowance in one statement, under the same rules: the week's spending can never
 * pass its limit, and the ledger entry records what remains.
 */
export async function debitWeeklyAllowance(
  db: Queryable,
  input: DebitInput & { weekStart: string; weeklyLimitCents: number },
): Promise<{ remainingCents: number; ledgerId: number } | null> {
  const [row] = await db.query<{ id: number; balance_after_cents: number }>(
    `with spent as (
       insert into allowance_weeks (user_id, week_start, limit_cents, spent_cents)
       select $1::uuid, $6::date, $7::integer, $2::integer where $2::integer <= $7::integer
       on conflict (user_id, week_start) do update
         set spent_cents = allowance_weeks.spent_cents + excluded.spent_cents
         where allowance_weeks.spent_cents + excluded.spent_cents <= allowance_weeks.limit_cents
       returning limit_cents - spent_cents as remaining
     )
     insert into credit_ledger (user_id, source, kind, delta_cents, balance_after_cents, ledger_key, api_key_id, description)
     select $1::uuid, 'sponsored', 'debit', -($2::integer), remaining, $3, $4::uuid, $5 from spent
     returning id, balance_after_cents`,
    [
      input.userId,
      input.cents,
      input.ledgerKey,
      input.apiKeyId ?? null,
      input.description,
      input.weekStart,
      input.weeklyLimitCents,
    ],
  );
  return row ? { remainingCents: Number(row.balance_after_cents), ledgerId: Number(row.id) } : null;
}
