import type { TableRow } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { allowanceWeekStart } from './week';

/**
 * Gives back a debit whose answer could not be delivered. The refund is its own ledger entry (keyed on the debit's
 * key), so the history shows both and a refund can only happen once.
 */
export async function refundDebit(db: Db, debitLedgerKey: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [debit] = await tx.query<
      Pick<TableRow<'credit_ledger'>, 'user_id' | 'source' | 'delta_cents' | 'created_at'>
    >(`select user_id, source, delta_cents, created_at from credit_ledger where ledger_key = $1 and kind = 'debit'`, [
      debitLedgerKey,
    ]);
    if (!debit) return false;
    const cents = -Number(debit.delta_cents);
    const refundKey = `${debitLedgerKey}:refund`;
    const [done] = await tx.query(`select 1 from credit_ledger where ledger_key = $1`, [refundKey]);
    if (done) return false;
    const [balance] =
      debit.source === 'purchased'
        ? await tx.query<{ after: number }>(
            `update credit_balances set purchased_cents = purchased_cents + $2, updated_at = now()
              where user_id = $1 returning purchased_cents as after`,
            [debit.user_id, cents],
          )
        : await tx.query<{ after: number }>(
            `update allowance_weeks set spent_cents = greatest(spent_cents - $2, 0)
              where user_id = $1 and week_start = $3::date
              returning limit_cents - spent_cents as after`,
            [debit.user_id, cents, allowanceWeekStart(debit.created_at)],
          );
    await tx.query(
      `insert into credit_ledger (user_id, source, kind, delta_cents, balance_after_cents, ledger_key, description)
       values ($1, $2, 'refund', $3, $4, $5, 'refund: answer not delivered')`,
      [debit.user_id, debit.source, cents, balance?.after ?? 0, refundKey],
    );
    return true;
  });
}
