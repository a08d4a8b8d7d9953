import type { Db } from '@/lib/db/types';
import { refundDebit } from './refund';

/** Long past any paid request's life: its payment is recorded before its answer is sent, within seconds. */
export const ORPHAN_AFTER_MINUTES = 10;

/**
 * Refunds the credit debits of paid requests that never got their payment recorded: a process killed between the
 * debit and the record (issue 35's crash test found them) leaves a debit with no answer and no refund. A debit whose
 * payment waits in the outbox is not orphaned; each refund is keyed on its debit, so a sweep run twice refunds once.
 */
export async function refundOrphanedDebits(db: Db, now: Date = new Date()): Promise<string[]> {
  const rows = await db.query<{ ledger_key: string }>(
    `select d.ledger_key from credit_ledger d
      where d.kind = 'debit' and d.ledger_key like 'request:%'
        and d.created_at < $1::timestamptz - make_interval(mins => $2)
        and not exists (select 1 from payments p where p.unique_key = d.ledger_key)
        and not exists (select 1 from payment_outbox o where o.unique_key = d.ledger_key)
        and not exists (select 1 from credit_ledger r where r.ledger_key = d.ledger_key || ':refund')
      order by d.created_at
      limit 500`,
    [now.toISOString(), ORPHAN_AFTER_MINUTES],
  );
  const refunded: string[] = [];
  for (const { ledger_key } of rows) if (await refundDebit(db, ledger_key)) refunded.push(ledger_key);
  return refunded;
}
