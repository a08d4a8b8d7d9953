import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { Session } from 'mppx/tempo';
import { createPublicClient, type Hex, http, parseAbi } from 'viem';
import type { Db } from '@/lib/db/types';
import { claimDueVouchers } from '@/lib/payments/batch-settlement/claims';
import { sessionPayee, settleDueSessionChannels } from '@/lib/payments/mpp-session/settle';
import { reconcilePendingSettlements, SETTLE_GRACE_MS } from '@/lib/payments/settlements/reconcile';
import type { PaymentSetup } from '@/lib/payments/setup';

const ESCROW_VIEWS = parseAbi(['function channels(bytes32) view returns (uint128 balance, uint128 totalClaimed)']);

/** One channel as the database and the chain see it after the payments job (atomic units, 6 decimals). */
export interface VoucherChannelAudit {
  scheme: 'batch-settlement' | 'tempo.session';
  channelId: string;
  /** What the database counted: x402's charged total, or the session's spent. */
  counted: bigint;
  /** The payments rows of the channel, their amounts and how many of them have no sale (or sales no payment). */
  payments: number;
  paymentsAmount: bigint;
  paymentsWithoutSales: number;
  /** Keys that are not the steps price, 2×price, … n×price (a gap or a repeat: a voucher counted twice or lost). */
  keysOutOfStep: number;
  /** On chain: claimed (x402) or settled (session) for us, and what the channel still holds for the payer. */
  takenOnChain: bigint;
  refundable: bigint;
}

/**
 * The voucher part of the crash test's final audit, run after the service's last stop as the reconcile-payments job
 * would run: every counted x402 voucher claimed and every spent session voucher settled on chain (due at once here),
 * open claims and settles reconciled, then each channel compared: the payments the database recorded for it are the
 * steps of its counted total, one sale each at least, and the chain took exactly that total, the rest of the deposit
 * staying refundable to the payer.
 */
export async function auditVoucherChannels(
  db: Db,
  setup: Pick<PaymentSetup, 'x402' | 'mpp'>,
  problems: string[],
): Promise<VoucherChannelAudit[]> {
  const x402 = setup.x402;
  if (x402?.batchSettlement) {
    const run = await claimDueVouchers(db, x402, { count: 1, ageSeconds: 60 }).catch((error: Error) => error);
    if (run instanceof Error) problems.push(`vouchers: the claim failed: ${run.message.slice(0, 200)}`);
  }
  const payee = sessionPayee(setup.mpp);
  if (payee) {
    for (const result of await settleDueSessionChannels(db, payee, { count: 1, ageSeconds: 0 }))
      if (result.error) problems.push(`sessions: the settle of ${result.channelId} failed: ${result.error}`);
  }
  await reconcilePendingSettlements(db, setup as PaymentSetup, Date.now() + SETTLE_GRACE_MS);

  const channels: VoucherChannelAudit[] = [];
  const recorded = async (method: string, channelId: string, counted: bigint, priceAtomic: bigint | null) => {
    const rows = await db.query<{ unique_key: string; amount_cents: number; sales: number }>(
      `select p.unique_key, p.amount_cents, (select count(*) from sales s where s.payment_id = p.id)::int as sales
         from payments p where p.method = $1 and p.reference = $2`,
      [method, channelId],
    );
    const steps = rows
      .map((row) => BigInt(row.unique_key.slice(row.unique_key.lastIndexOf(':') + 1)))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const price = priceAtomic ?? (rows[0] ? BigInt(rows[0].amount_cents) * 10_000n : 0n);
    const expected = steps.map((_, i) => price * BigInt(i + 1));
    return {
      payments: rows.length,
      paymentsAmount: rows.reduce((sum, row) => sum + BigInt(row.amount_cents) * 10_000n, 0n),
      paymentsWithoutSales: rows.filter((row) => row.sales === 0).length,
      keysOutOfStep: steps.filter((step, i) => step !== expected[i]).length + (steps.at(-1) === counted ? 0 : 1),
    };
  };

  if (x402?.batchSettlement && x402.rpcUrl) {
    const chain = createPublicClient({ transport: http(x402.rpcUrl) });
    for (const row of await db.query<{ channel_id: Hex; charged: string }>(
      `select channel_id, charged_cumulative::text as charged from x402_channels order by created_at`,
    )) {
      const counted = BigInt(row.charged);
      const [balance, claimed] = await chain.readContract({
        address: BATCH_SETTLEMENT_ADDRESS,
        abi: ESCROW_VIEWS,
        functionName: 'channels',
        args: [row.channel_id],
      });
      channels.push({
        scheme: 'batch-settlement',
        channelId: row.channel_id,
        counted,
        ...(await recorded('batch-settlement', row.channel_id, counted, null)),
        takenOnChain: claimed,
        refundable: balance - claimed,
      });
    }
  }
  const tempo = setup.mpp?.tempo;
  if (tempo?.session) {
    const chain = createPublicClient({ transport: http(tempo.rpcUrl) });
    for (const row of await db.query<{ channel_id: Hex; spent: string }>(
      `select channel_id, spent::text as spent from mpp_session_channels order by created_at`,
    )) {
      const counted = BigInt(row.spent);
      const state = await Session.Precompile.Chain.getChannelState(chain, row.channel_id);
      channels.push({
        scheme: 'tempo.session',
        channelId: row.channel_id,
        counted,
        ...(await recorded('tempo.session', row.channel_id, counted, null)),
        takenOnChain: state.settled,
        refundable: state.deposit - state.settled,
      });
    }
  }

  for (const c of channels) {
    const name = `${c.scheme} channel ${c.channelId.slice(0, 10)}`;
    if (c.paymentsAmount !== c.counted)
      problems.push(`${name}: ${c.counted} counted, ${c.paymentsAmount} in ${c.payments} payments`);
    if (c.keysOutOfStep > 0 && c.payments > 0) problems.push(`${name}: ${c.keysOutOfStep} payment keys out of step`);
    if (c.paymentsWithoutSales > 0) problems.push(`${name}: ${c.paymentsWithoutSales} payments without a sale`);
    if (c.takenOnChain !== c.counted) problems.push(`${name}: ${c.counted} counted, ${c.takenOnChain} taken on chain`);
    if (c.refundable < 0n) problems.push(`${name}: the chain took more than the deposit`);
  }
  const [orphans] = await db.query<{ n: number }>(
    `select count(*)::int as n from sales s join payments p on p.id = s.payment_id
      where p.method in ('batch-settlement', 'tempo.session')
        and not exists (select 1 from x402_channels c where c.channel_id = p.reference)
        and not exists (select 1 from mpp_session_channels c where c.channel_id = p.reference)`,
  );
  if (orphans!.n > 0) problems.push(`vouchers: ${orphans!.n} voucher sales whose channel the database does not hold`);
  return channels;
}
