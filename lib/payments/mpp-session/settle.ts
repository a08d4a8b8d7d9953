import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { tempo } from 'mppx/server';
import { Session } from 'mppx/tempo';
import { createClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '@/lib/db/types';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { transition } from '@/lib/payments/settlements/states';
import type { WalletSettlement } from '@/lib/payments/settlements/store';
import type { PaymentSetup, SessionSettlePolicy } from '@/lib/payments/setup';
import { postgresSessionStore } from './channel-store';

/** Where and by whom a session channel's vouchers are settled: the Tempo node and the payee's key. */
export interface SessionPayee {
  rpcUrl: string;
  chainId: number;
  payeeKey: Hex;
  /** The escrow: Tempo's TIP-1034 precompile (the sandbox's emulation sits at the same address). */
  escrow?: Hex;
}

/** The payee of this setup's session channels, when sessions are set up (the escrow was found at start). */
export function sessionPayee(mpp: PaymentSetup['mpp'] | undefined): SessionPayee | null {
  const tempo = mpp?.tempo;
  if (!tempo?.session) return null;
  return { rpcUrl: tempo.rpcUrl, chainId: tempo.chainId, payeeKey: tempo.session.payeeKey };
}

interface ChannelRecord {
  channelId: Hex;
  payer?: string;
  spent: bigint;
  settledOnChain: bigint;
  units?: number;
  lastSettlementUnits?: number;
  lastSettlementAt?: string;
  createdAt?: string;
  closeRequestedAt?: bigint;
  highestVoucher?: { cumulativeAmount: bigint };
}

const SETTLE_PREFIX = 'mpp-session-settle:';
const RPC_TIMEOUT_MS = 10_000;

/** Whether a wallet_settlements row is a settle of a session channel's vouchers (reconciled by reconcileSessionSettle). */
export const isSessionSettlement = (settlement: Pick<WalletSettlement, 'uniqueKey'>) =>
  settlement.uniqueKey.startsWith(SETTLE_PREFIX);

/**
 * The channels whose spent vouchers are due on chain, and why: a payer asked to close (after the grace period it can
 * take back whatever the payee has not settled, so at once), enough charges since the last settle, or the first of
 * them old enough.
 */
export async function sessionSettlementsDue(
  db: Db,
  policy: SessionSettlePolicy,
  now = Date.now(),
): Promise<{ channelId: Hex; reason: 'close requested' | 'count' | 'age' }[]> {
  const rows = await db.query<{ record: string }>(
    `select record::text as record from mpp_session_channels where spent > settled and not finalized order by last_charge_at`,
  );
  const due: { channelId: Hex; reason: 'close requested' | 'count' | 'age' }[] = [];
  for (const row of rows) {
    const record = decode(row.record) as ChannelRecord;
    const since = Date.parse(record.lastSettlementAt ?? record.createdAt ?? '');
    if ((record.closeRequestedAt ?? 0n) !== 0n) due.push({ channelId: record.channelId, reason: 'close requested' });
    else if ((record.units ?? 0) - (record.lastSettlementUnits ?? 0) >= policy.count) {
      due.push({ channelId: record.channelId, reason: 'count' });
    } else if (Number.isFinite(since) && now - since >= policy.ageSeconds * 1000) {
      due.push({ channelId: record.channelId, reason: 'age' });
    }
  }
  return due;
}

/**
 * The reconcile job's settle step for MPP sessions: each due channel's highest voucher is settled on chain with
 * mppx's own `tempo.settle` (one transaction per channel; the escrow has no batch settle). Each settle is on record
 * (wallet_settlements, pending) before its transaction is sent, so one a crash interrupted is finished by
 * reconcileSessionSettle.
 */
export async function settleDueSessionChannels(
  db: Db,
  payee: SessionPayee,
  policy: SessionSettlePolicy,
  now = Date.now(),
): Promise<{ channelId: Hex; reason: string; transaction?: Hex; error?: string }[]> {
  const results = [];
  for (const { channelId, reason } of await sessionSettlementsDue(db, policy, now)) {
    try {
      results.push({ channelId, reason, transaction: await settleChannel(db, payee, channelId) });
    } catch (error) {
      results.push({ channelId, reason, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

function payeeClient(payee: SessionPayee) {
  return createClient({
    chain: tempoChain(payee.rpcUrl, payee.chainId),
    transport: http(payee.rpcUrl, { timeout: RPC_TIMEOUT_MS }),
  });
}

async function settleChannel(db: Db, payee: SessionPayee, channelId: Hex): Promise<Hex> {
  const store = postgresSessionStore(async () => db);
  const record = (await store.get(channelId)) as ChannelRecord | null;
  const cumulative = record?.highestVoucher?.cumulativeAmount;
  if (!record || cumulative === undefined) throw new Error(`channel ${channelId}: no voucher to settle`);
  const key = `${SETTLE_PREFIX}tempo:${payee.chainId}:${channelId}:${cumulative}`;
  const opened = await transition(db, key, 'challenged', 'settling', {
    protocol: 'mpp',
    resource: 'MPP session settle',
    // pathUSD has 6 decimals and prices are whole cents.
    amountCents: Number((cumulative - record.settledOnChain) / 10_000n),
    network: `tempo:${payee.chainId}`,
    payer: record.payer?.toLowerCase() ?? null,
    payload: { channelId, cumulativeAmount: cumulative.toString() } as unknown as PaymentPayload,
    requirements: {} as PaymentRequirements,
  });
  // Another run holds this settle already: the reconcile step decides it, not a second transaction.
  if (!opened.applied) throw new Error(`settle ${key} is already ${opened.status}`);
  try {
    const transaction = await tempo.settle(store, payeeClient(payee), channelId, {
      account: privateKeyToAccount(payee.payeeKey),
    });
    await transition(db, key, 'settling', 'settled', { transaction });
    return transaction;
  } catch (error) {
    await transition(db, key, 'settling', 'settling', error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * A settle whose outcome is unknown (the process stopped, or the node did not answer): the chain says whether the
 * channel's settled amount reached the voucher's, which settles it (and the channel's record learns it); a channel
 * the payee closed meanwhile was paid by its close. Otherwise the highest voucher is settled again, which cannot pay
 * twice (the escrow pays only what raises the settled amount).
 */
export async function reconcileSessionSettle(
  db: Db,
  settlement: WalletSettlement,
  payee: SessionPayee,
): Promise<'settled' | 'pending' | 'failed'> {
  const key = settlement.uniqueKey;
  const { channelId, cumulativeAmount } = settlement.payload as unknown as { channelId: Hex; cumulativeAmount: string };
  const store = postgresSessionStore(async () => db);
  try {
    const state = await Session.Precompile.Chain.getChannelState(payeeClient(payee), channelId, payee.escrow);
    if (state.settled >= BigInt(cumulativeAmount)) {
      await store.update(channelId, (current) => {
        const record = current as ChannelRecord | null;
        if (!record || record.settledOnChain >= state.settled) return { op: 'noop', result: undefined };
        return { op: 'set', value: { ...record, settledOnChain: state.settled }, result: undefined };
      });
      return (await transition(db, key, 'settling', 'settled', {})).status ?? 'pending';
    }
    if (state.deposit === 0n) {
      const reason = 'the channel was closed on chain: its close paid what was spent';
      return (await transition(db, key, 'settling', 'failed', reason)).status ?? 'pending';
    }
    const transaction = await tempo.settle(store, payeeClient(payee), channelId, {
      account: privateKeyToAccount(payee.payeeKey),
    });
    return (await transition(db, key, 'settling', 'settled', { transaction })).status ?? 'pending';
  } catch (error) {
    await transition(db, key, 'settling', 'settling', error instanceof Error ? error.message : String(error));
    return 'pending';
  }
}

function decode(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) =>
    v && typeof v === 'object' && '$bigint' in v && Object.keys(v).length === 1
      ? BigInt((v as { $bigint: string }).$bigint)
      : v,
  );
}
