import type { Queryable } from '@/lib/db/types';
import { allowanceWeekStart } from './week';

export interface LedgerEntry {
  id: number;
  source: 'purchased' | 'sponsored';
  kind: string;
  deltaCents: number;
  balanceAfterCents: number;
  description: string | null;
  createdAt: string;
}

export interface CreditBalance {
  purchasedCents: number;
  allowance: { weekStart: string; limitCents: number; remainingCents: number };
  recentEntries: LedgerEntry[];
}

/** A user's purchased balance, this week's remaining allowance, and the newest ledger entries. */
export async function readCreditBalance(
  db: Queryable,
  userId: string,
  weeklyLimitCents: number,
  now = new Date(),
  recent = 20,
): Promise<CreditBalance> {
  const weekStart = allowanceWeekStart(now);
  const [balance] = await db.query<{ purchased_cents: number }>(
    `select purchased_cents from credit_balances where user_id = $1`,
    [userId],
  );
  const [week] = await db.query<{ limit_cents: number; spent_cents: number }>(
    `select limit_cents, spent_cents from allowance_weeks where user_id = $1 and week_start = $2::date`,
    [userId, weekStart],
  );
  const entries = await db.query<{
    id: number;
    source: LedgerEntry['source'];
    kind: string;
    delta_cents: number;
    balance_after_cents: number;
    description: string | null;
    created_at: Date;
  }>(
    `select id, source, kind, delta_cents, balance_after_cents, description, created_at
       from credit_ledger where user_id = $1 order by id desc limit $2`,
    [userId, recent],
  );
  const limitCents = week ? Number(week.limit_cents) : weeklyLimitCents;
  return {
    purchasedCents: Number(balance?.purchased_cents ?? 0),
    allowance: {
      weekStart,
      limitCents,
      remainingCents: week ? limitCents - Number(week.spent_cents) : weeklyLimitCents,
    },
    recentEntries: entries.map((e) => ({
      id: Number(e.id),
      source: e.source,
      kind: e.kind,
      deltaCents: Number(e.delta_cents),
      balanceAfterCents: Number(e.balance_after_cents),
      description: e.description,
      createdAt: e.created_at.toISOString(),
    })),
  };
}
