import type { Db, Queryable } from '@/lib/db/types';
import {
  DuplicatePaymentError,
  markUndelivered,
  type PaymentRecord,
  type RecordedOffer,
  recordPayment,
  recordPaymentIn,
} from '@/lib/payments/record';
import { claimKey, releaseKey } from '@/lib/payments/replay-store';
import {
  appendOutboxLine,
  insertOutboxRow,
  markOutboxRecorded,
  noteOutboxError,
  type OutboxRecord,
} from './outbox-store';
import { openSettlement, resolveSettlement } from './store';

/**
 * Where a wallet payment stands, named by what is stored under its unique key (x402: `x402:<network>:<nonce>`; MPP:
 * `mpp:credential:<sha256 of the credential>`), and who picks it up if the process stops there (crashes, is killed or
 * redeployed) before the next transition. An x402 payment walks challenged → claimed → settling → settled →
 * recorded; an MPP payment challenged → settling → settled → recorded (mppx keeps its own claims in the replay store,
 * and the settled row names the receipt it is recorded under); an x402 voucher (batch-settlement) goes from challenged
 * straight to recorded, since counting it moves no money (claims on chain come later, for many vouchers at once, from
 * x402_channels). Credit payments join at `settled` (the debit is the credit ledger's). Every change of
 * wallet_settlements is a compare-and-set on the state it starts from: one that finds another state changes nothing
 * and reports the state found, which the caller acts on. `settled` always wins.
 */
export const WALLET_PAYMENT_STATES = {
  challenged: {
    stored: 'nothing yet: a challenge was issued, or a credential is being verified',
    ifTheProcessStops: 'nothing was charged and nothing is held: the payer pays again',
  },
  claimed: {
    stored: "payment_replay_keys holds the key until the payment's timeout has passed, plus an hour",
    ifTheProcessStops:
      'nothing was charged (the facilitator was not asked); the identical retry is refused as already used until the claim expires (then it is settled as new), or the payer signs a new payment',
  },
  settling: {
    stored: "wallet_settlements 'pending': the facilitator (or mppx) was asked to settle, the outcome is unknown",
    ifTheProcessStops:
      'the reconcile job (after its grace period) or the identical retry asks the chain or the facilitator again (reconcileSettlement; MPP tempo: the chain, for the receipt of its transaction; MPP card: Stripe, for the PaymentIntent mppx created); the nonce lets the money move at most once',
  },
  settled: {
    stored: "wallet_settlements 'settled' (credits: the money moved, nothing of ours stored yet)",
    ifTheProcessStops:
      'the identical retry, while the key is claimed, delivers it without paying again; `admin payments --pending` lists it (the job cannot deliver, there is no request to answer)',
  },
  failed: {
    stored:
      "wallet_settlements 'failed' with the refusal, written only once the chain (asked after the refusal) shows no transfer; the key is still claimed",
    ifTheProcessStops: 'nothing was charged; the identical retry releases the key (402), or the claim expires',
  },
  released: {
    stored: "the failed key deleted from payment_replay_keys; wallet_settlements stays 'failed'",
    ifTheProcessStops:
      'nothing to do: nothing was charged; the same payment presented again starts over at challenged (claimed → settling reopens its failed row)',
  },
  recorded: {
    stored: 'payments and its sales, delivered = true: counted once; the answer is being sent',
    ifTheProcessStops:
      'no automatic recovery: the answer may not have left, the row says delivered, and a retry is refused as already used; the payer must ask an operator',
  },
  undelivered: {
    stored: 'payments and its sales, delivered = false, with the failure: counted once, answer never sent',
    ifTheProcessStops: 'final: `admin payments` shows it to an operator, who refunds it',
  },
  outboxed: {
    stored: 'payment_outbox (recorded_at null): settled, but recording it failed',
    ifTheProcessStops:
      'the reconcile job records it (drainOutbox); the identical retry may deliver it first, and the drain then finds it recorded',
  },
  filed: {
    stored: 'a line of DATA_DIR/payment-outbox.jsonl: the database refused the outbox row too',
    ifTheProcessStops:
      'this instance moves its own lines into payment_outbox (moveFiledLinesSoon: every 15 s until the database takes them, and at its next start), as does the reconcile job when it runs here (drainOutbox), from a file a stopped drain took aside too; the job on another instance cannot read this disk',
  },
} as const;

export type WalletPaymentState = keyof typeof WALLET_PAYMENT_STATES;

interface Transition<Change, Result> {
  /** The functions that make this transition. */
  by: string;
  /** The store change, and nothing else: the caller decides when. */
  write: (db: Db, uniqueKey: string, change: Change) => Promise<Result>;
}

const edge = <Change = undefined, Result = void>(
  by: string,
  write: (db: Db, uniqueKey: string, change: Change) => Promise<Result>,
): Transition<Change, Result> => ({ by, write });

/**
 * The allowed transitions, each with the one store change that makes it. A claim answers false when the key is held
 * already (a replay): the payment stays where it was. The replay store always uses the process database (as mppx's
 * does), hence the claim and the release ignore `db`.
 */
export const TRANSITIONS = {
  'challenged → claimed': edge(
    'payWithX402, once the facilitator verified the payment',
    (_db, uniqueKey, claim: Claim) => claimKey(uniqueKey, claim.value, claim.until),
  ),
  'challenged → settling': edge(
    'payWithMpp, before mppx is asked to charge; claimDueVouchers, before an x402 batch claim is submitted (a failed row of the same credential or claim is reopened)',
    openSettlement,
  ),
  'claimed → settling': edge(
    'payWithX402, before the facilitator is asked to settle (a failed row of the same key is reopened)',
    openSettlement,
  ),
  'settling → settling': edge(
    'payWithX402 (no answer in time), reconcileSettlement (no answer yet, or refused with the chain unknown), claimDueVouchers and reconcileClaim (an x402 batch claim not answered)',
    (db, uniqueKey, error: string) => resolveSettlement(db, uniqueKey, { status: 'pending', error }),
  ),
  'settling → settled': edge(
    'payWithX402, payWithMpp, reconcileSettlement (the chain shows the transfer, or the facilitator settled), claimDueVouchers and reconcileClaim (an x402 batch claim on chain)',
    (db, uniqueKey, settled: { transaction?: string; payer?: string | null; paymentKey?: string }) =>
      resolveSettlement(db, uniqueKey, { status: 'settled', ...settled }),
  ),
  'settling → failed': edge(
    'settleRefused (x402: refused, then the nonce unused on chain), payWithMpp (refused, no transfer on chain), reconcileClaim (an x402 batch claim refused, not on chain)',
    (db, uniqueKey, error: string) => resolveSettlement(db, uniqueKey, { status: 'failed', error }),
  ),
  'failed → released': edge(
    'payWithX402, only after its own failed write applied, or on the identical retry finding the row failed',
    (_db, uniqueKey) => releaseKey(uniqueKey),
  ),
  'settled → recorded': edge(
    'deliver (every protocol)',
    (db, uniqueKey, { offer, payment }: Omit<OutboxRecord, 'lastError'>) =>
      recordPayment(db, offer, { ...payment, uniqueKey }),
  ),
  'challenged → recorded': edge(
    "payWithVoucher (x402 batch-settlement), in the transaction that raises the channel's charged total: the voucher is counted and its sale recorded together or not at all",
    (_db, uniqueKey, { tx, offer, payment }: { tx: Queryable; offer: RecordedOffer; payment: PaymentRecord }) =>
      recordPaymentIn(tx, offer, { ...payment, uniqueKey }),
  ),
  'settled → outboxed': edge('keepInOutbox, from deliver when recording failed', insertOutboxRow),
  'settled → filed': edge(
    'keepInOutbox, when the database refused the outbox row too',
    async (_db, uniqueKey, entry: OutboxRecord) => appendOutboxLine(uniqueKey, entry),
  ),
  'recorded → undelivered': edge('deliver, when the answer could not be built', markUndelivered),
  'filed → outboxed': edge('drainOutbox (reconcile job), moving the file into the table', insertOutboxRow),
  'outboxed → outboxed': edge('drainOutbox (reconcile job), when recording failed again', noteOutboxError),
  'outboxed → undelivered': edge(
    'drainOutbox (reconcile job); recorded as undelivered, since no answer was sent',
    async (db, uniqueKey, { offer, payment }: Omit<OutboxRecord, 'lastError'>) => {
      // Already recorded: the identical retry delivered it, or a drain stopped before closing the row.
      await recordPayment(db, offer, { ...payment, uniqueKey }).catch((error: unknown) => {
        if (!(error instanceof DuplicatePaymentError)) throw error;
      });
      await markOutboxRecorded(db, uniqueKey);
    },
  ),
} as const;

interface Claim {
  value: unknown;
  until: Date;
}

type Edge = keyof typeof TRANSITIONS;
type Change<E> = E extends Edge ? Parameters<(typeof TRANSITIONS)[E]['write']>[2] : never;
type Result<E> = E extends Edge ? Awaited<ReturnType<(typeof TRANSITIONS)[E]['write']>> : never;
/** No argument for a transition that needs none; `never` for one that is not allowed, so it does not compile. */
type ChangeArgs<E> = E extends Edge ? ([Change<E>] extends [undefined] ? [] : [change: Change<E>]) : [never];

/** A transition that is not in the table: a programming error, never a payment outcome. */
export class ForbiddenTransitionError extends Error {
  override name = 'ForbiddenTransitionError';
}

/** The allowed transition from → to; throws ForbiddenTransitionError for any other. */
export function allowedTransition(from: WalletPaymentState, to: WalletPaymentState): Transition<unknown, unknown> {
  const allowed = (TRANSITIONS as Record<string, Transition<unknown, unknown>>)[`${from} → ${to}`];
  if (!allowed) throw new ForbiddenTransitionError(`a wallet payment cannot go from ${from} to ${to}`);
  return allowed;
}

/**
 * Moves the payment under uniqueKey from one state to the next by the store change the table names for it: the one
 * way the payment stores (replay keys, wallet_settlements, payments, the outbox table and file) are changed.
 */
export async function transition<F extends WalletPaymentState, T extends WalletPaymentState>(
  db: Db,
  uniqueKey: string,
  from: F,
  to: T,
  ...change: ChangeArgs<`${F} → ${T}`>
): Promise<Result<`${F} → ${T}`>> {
  return (await allowedTransition(from, to).write(db, uniqueKey, (change as unknown[])[0])) as Result<`${F} → ${T}`>;
}
