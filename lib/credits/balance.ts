import { sql } from 'kysely';
import { typed } from '@/lib/db/typed';
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
  const q = typed(db);
  const balance = await q
    .selectFrom('credit_balances')
    .select('purchased_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const week = await q
    .selectFrom('allowance_weeks')
    .select(['limit_cents', 'spent_cents'])
    .where('user_id', '=', userId)
    .where('week_start', '=', sql<Date>`${weekStart}::date`)
    .executeTakeFirst();
  const entries = await q
    .selectFrom('credit_ledger')
    .select(['id', 'source', 'kind', 'delta_cents', 'balance_after_cents', 'description', 'created_at'])
    .$narrowType<{ source: LedgerEntry['source'] }>()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(recent)
    .execute();
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
