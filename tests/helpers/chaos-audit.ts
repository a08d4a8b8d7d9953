import { pendingMigrations } from '@/lib/db/pending-migrations';
import type { Queryable } from '@/lib/db/types';
import type { ChaosTally } from './chaos-drive';

export interface ChaosAudit {
  pendingMigrations: string[];
  /** Feed guids stored more than once, served guids missing (only counted when `expectAllPosts`). */
  duplicatePosts: string[];
  missingPosts: string[];
  /** Acknowledged e-mails with no stored post, or stored twice. */
  missingEmails: string[];
  debits: number;
  debitedCents: number;
  refunds: number;
  /** Debits neither recorded as a payment nor refunded: a charge whose request died with the service. */
  unresolvedDebits: number;
  deliveredPayments: number;
  undeliveredPayments: number;
  /** A refund without its debit, a payment key recorded twice, a balance that disagrees with its ledger. */
  corrupt: string[];
  /** Net debits beyond the answers received plus the requests whose answer was lost. */
  doubleCharges: number;
  /** Answers received with no net debit for them. */
  unchargedAnswers: number;
}

/** Reads the database after a kill and checks what the clients saw (tally) against what it holds. */
export async function auditChaos(
  db: Queryable,
  input: { email: string; feedGuids: string[]; expectAllPosts: boolean; tally: ChaosTally },
): Promise<ChaosAudit> {
  const corrupt: string[] = [];
  const [user] = await db.query<{ id: string }>('select id from users where email = $1', [input.email]);
  if (!user) throw new Error(`no user ${input.email}`);

  const stored = await db.query<{ guid: string; n: number }>(
    `select guid, count(*)::int as n from posts where guid like 'chaos-%' group by guid`,
  );
  const storedGuids = new Set(stored.map((row) => row.guid));
  const duplicatePosts = stored.filter((row) => row.n > 1).map((row) => row.guid);
  const missingPosts = input.expectAllPosts ? input.feedGuids.filter((guid) => !storedGuids.has(guid)) : [];
  const unknown = stored.filter((row) => !input.feedGuids.includes(row.guid)).map((row) => row.guid);
  if (unknown.length > 0) corrupt.push(`posts with guids the feed never served: ${unknown.join(', ')}`);

  const messages = await db.query<{ message_id: string; post_id: string | null }>(
    'select message_id, post_id from inbound_messages',
  );
  const filed = new Map<string, number>();
  for (const row of messages) {
    const id = row.message_id.replace(/^<|>$/g, '');
    if (row.post_id) filed.set(id, (filed.get(id) ?? 0) + 1);
  }
  const missingEmails = input.tally.emailsAcknowledged.filter((id) => filed.get(id) !== 1);

  const [ledger] = await db.query<{
    debits: number;
    debited_cents: number;
    refunds: number;
    sum_cents: number;
    orphan_refunds: number;
  }>(
    `select count(*) filter (where kind = 'debit')::int as debits,
            coalesce(-sum(delta_cents) filter (where kind = 'debit'), 0)::int as debited_cents,
            count(*) filter (where kind = 'refund')::int as refunds,
            coalesce(sum(delta_cents), 0)::int as sum_cents,
            count(*) filter (where kind = 'refund' and not exists (
              select 1 from credit_ledger d where d.kind = 'debit'
                and d.ledger_key = left(l.ledger_key, length(l.ledger_key) - length(':refund'))))::int as orphan_refunds
       from credit_ledger l where user_id = $1`,
    [user.id],
  );
  const [balance] = await db.query<{ purchased_cents: number }>(
    'select purchased_cents from credit_balances where user_id = $1',
    [user.id],
  );
  if ((balance?.purchased_cents ?? 0) !== ledger!.sum_cents)
    corrupt.push(`balance ${balance?.purchased_cents} cents, ledger sums to ${ledger!.sum_cents}`);
  if (ledger!.orphan_refunds > 0) corrupt.push(`${ledger!.orphan_refunds} refunds without their debit`);

  const [payments] = await db.query<{ delivered: number; undelivered: number; keys: number; distinct_keys: number }>(
    `select count(*) filter (where delivered)::int as delivered, count(*) filter (where not delivered)::int as undelivered,
            count(*)::int as keys, count(distinct unique_key)::int as distinct_keys
       from payments where user_id = $1`,
    [user.id],
  );
  if (payments!.keys !== payments!.distinct_keys) corrupt.push('a payment key recorded twice');
  const [unresolved] = await db.query<{ n: number }>(
    `select count(*)::int as n from credit_ledger d
      where d.user_id = $1 and d.kind = 'debit'
        and not exists (select 1 from payments p where p.unique_key = d.ledger_key)
        and not exists (select 1 from credit_ledger r where r.ledger_key = d.ledger_key || ':refund')`,
    [user.id],
  );
  const [deliveredNotRefunded] = await db.query<{ n: number }>(
    `select count(*)::int as n from payments p
      where p.user_id = $1 and p.delivered
        and not exists (select 1 from credit_ledger r where r.ledger_key = p.unique_key || ':refund')`,
    [user.id],
  );
  const netDebits = ledger!.debits - ledger!.refunds;
  const answered = input.tally.answers;
  const lost = input.tally.paidLost + Object.values(input.tally.paidOther).reduce((sum, n) => sum + n, 0);
  if (deliveredNotRefunded!.n < answered)
    corrupt.push(`${answered} answers received, ${deliveredNotRefunded!.n} delivered payments kept`);

  return {
    pendingMigrations: await pendingMigrations(db),
    duplicatePosts,
    missingPosts,
    missingEmails,
    debits: ledger!.debits,
    debitedCents: ledger!.debited_cents,
    refunds: ledger!.refunds,
    unresolvedDebits: unresolved!.n,
    deliveredPayments: payments!.delivered,
    undeliveredPayments: payments!.undelivered,
    corrupt,
    doubleCharges: Math.max(0, netDebits - answered - lost),
    unchargedAnswers: Math.max(0, answered - netDebits),
  };
}
