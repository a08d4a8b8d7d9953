import { createHash } from 'node:crypto';
import { type FacilitatorClient, HTTPFacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import { BATCH_SETTLEMENT_ADDRESS, type BatchSettlementVoucherClaim, getDefaultAsset } from '@x402/evm';
import { computeChannelId } from '@x402/evm/batch-settlement/client';
import { createPublicClient, http, parseAbi } from 'viem';
import type { Db } from '@/lib/db/types';
import { transition } from '@/lib/payments/settlements/states';
import type { WalletSettlement } from '@/lib/payments/settlements/store';
import type { ClaimPolicy, PaymentSetup } from '@/lib/payments/setup';
import { postgresChannelStorage } from './channel-store';
import { batchServerScheme } from './server-scheme';

type X402Setup = NonNullable<PaymentSetup['x402']>;

const ESCROW = parseAbi([
  'function channels(bytes32) view returns (uint128 balance, uint128 totalClaimed)',
  'function receivers(address, address) view returns (uint128 totalClaimed, uint128 totalSettled)',
]);
const CLAIM_PREFIX = 'x402-batch-claim:';

/** Whether a wallet_settlements row is a claim of vouchers (reconciled by reconcileClaim, not as a payment). */
export const isClaimSettlement = (settlement: Pick<WalletSettlement, 'uniqueKey'>) =>
  settlement.uniqueKey.startsWith(CLAIM_PREFIX);

/** Vouchers counted but not claimed on chain (their cumulative amount above the channel's claimed total). */
async function unclaimed(db: Db): Promise<{ vouchers: number; oldest: Date | null; withdrawing: number }> {
  const [row] = await db.query<{ vouchers: number; oldest: Date | null; withdrawing: number }>(
    `select count(*)::int as vouchers, min(p.created_at) as oldest,
            count(*) filter (where coalesce((c.record->>'withdrawRequestedAt')::bigint, 0) > 0)::int as withdrawing
       from payments p join x402_channels c on c.channel_id = p.reference
      where p.method = 'batch-settlement'
        and substring(p.unique_key from ':([0-9]+)$')::numeric > c.claimed_total`,
  );
  return row ?? { vouchers: 0, oldest: null, withdrawing: 0 };
}

/** Why the vouchers are due now, or null: enough of them, the oldest old enough, or a payer started withdrawing. */
export async function claimsDue(db: Db, policy: ClaimPolicy, now = Date.now()): Promise<string | null> {
  const { vouchers, oldest, withdrawing } = await unclaimed(db);
  if (vouchers === 0) return null;
  // A payer's timeout withdrawal ends the receiver's right to claim after the channel's delay: claim at once.
  if (withdrawing > 0) return 'withdrawal';
  if (vouchers >= policy.count) return 'count';
  if (oldest && now - new Date(oldest).getTime() >= policy.ageSeconds * 1000) return 'age';
  return null;
}

/**
 * The reconcile job's claim step: when vouchers are due (claimsDue), the SDK's channel manager claims every channel's
 * counted vouchers in one claimWithSignature transaction per 100 channels, then pays out (settle) what the escrow
 * holds claimed for us. Each claim is on record (wallet_settlements, pending) before the facilitator is asked, so a
 * claim a crash interrupted is finished by reconcileClaim.
 */
export async function claimDueVouchers(
  db: Db,
  setup: X402Setup,
  policy: ClaimPolicy,
  options: { facilitator?: FacilitatorClient; now?: number } = {},
): Promise<{ due: string | null; claims: string[]; payout: string | null }> {
  if (!setup.batchSettlement) return { due: null, claims: [], payout: null };
  const due = await claimsDue(db, policy, options.now);
  const facilitator = recordingClaims(db, options.facilitator ?? facilitatorOf(setup));
  // The channels' records in the same database as the claims' rows (the job's: a crash test's audit passes its own).
  const scheme = await batchServerScheme(setup, setup.batchSettlement, db);
  const manager = scheme.createChannelManager(facilitator, setup.network);
  const claims = due ? (await manager.claim()).map((claim) => claim.transaction) : [];
  // Paid out whenever the escrow holds claimed money for us: also money claimed by a refund, or by a claim whose
  // payout a crash interrupted.
  const payout = (await claimedUnpaid(setup)) > 0n ? (await manager.settle()).transaction : null;
  return { due, claims, payout };
}

function facilitatorOf(setup: X402Setup): FacilitatorClient {
  return new HTTPFacilitatorClient({ url: setup.facilitatorUrl, timeoutMs: setup.timeoutMs });
}

async function claimedUnpaid(setup: X402Setup): Promise<bigint> {
  if (!setup.rpcUrl) return 0n;
  const chain = createPublicClient({ transport: http(setup.rpcUrl) });
  const [claimed, settled] = await chain.readContract({
    address: BATCH_SETTLEMENT_ADDRESS,
    abi: ESCROW,
    functionName: 'receivers',
    args: [setup.payTo as `0x${string}`, getDefaultAsset(setup.network).asset as `0x${string}`],
  });
  return claimed - settled;
}

type ClaimPayload = { type: 'claim'; claims: BatchSettlementVoucherClaim[] };
const isClaim = (payload: PaymentPayload): payload is PaymentPayload & { payload: ClaimPayload } =>
  (payload.payload as { type?: unknown }).type === 'claim';

/** One key per set of claims: the same claims tried again (after a crash or a failure) are the same row. */
function claimSettlementKey(network: string, claims: BatchSettlementVoucherClaim[]): string {
  const entries = claims
    .map((claim) => `${computeChannelId(claim.voucher.channel, network as `eip155:${number}`)}:${claim.totalClaimed}`)
    .sort();
  return `${CLAIM_PREFIX}${network}:${createHash('sha256').update(entries.join(',')).digest('hex')}`;
}

/**
 * A facilitator client that puts every claim on record before passing it on: pending before, settled with its
 * transaction after, still pending (with the error) when the answer is not known. Other calls go through untouched.
 */
function recordingClaims(db: Db, inner: FacilitatorClient): FacilitatorClient {
  return {
    verify: (payload, requirements) => inner.verify(payload, requirements),
    getSupported: () => inner.getSupported(),
    async settle(payload, requirements) {
      if (!isClaim(payload)) return inner.settle(payload, requirements);
      const key = claimSettlementKey(requirements.network, payload.payload.claims);
      const opened = await transition(db, key, 'challenged', 'settling', {
        resource: 'x402 batch-settlement claim',
        amountCents: await claimedCents(db, requirements.network, payload.payload.claims),
        network: requirements.network,
        payer: null,
        payload,
        requirements,
      });
      // Another run holds this claim already: the reconcile step decides it, not a second submission.
      if (!opened.applied) throw new Error(`claim ${key} is already ${opened.status}`);
      let settled: SettleResponse;
      try {
        settled = await inner.settle(payload, requirements);
      } catch (error) {
        await transition(db, key, 'settling', 'settling', error instanceof Error ? error.message : String(error));
        throw error;
      }
      if (settled.success) await transition(db, key, 'settling', 'settled', { transaction: settled.transaction });
      else await transition(db, key, 'settling', 'settling', settled.errorReason ?? 'claim refused');
      return settled;
    },
  };
}

/** What the claims add to the channels' claimed totals, in cents (token units have 6 decimals, prices whole cents). */
async function claimedCents(db: Db, network: string, claims: BatchSettlementVoucherClaim[]): Promise<number> {
  const ids = claims.map((c) => computeChannelId(c.voucher.channel, network as `eip155:${number}`).toLowerCase());
  const rows = await db.query<{ channel_id: string; claimed: string }>(
    `select channel_id, claimed_total::text as claimed from x402_channels where channel_id = any($1::text[])`,
    [ids],
  );
  const before = new Map(rows.map((row) => [row.channel_id, BigInt(row.claimed)]));
  const atomic = claims.reduce((sum, c, i) => sum + BigInt(c.totalClaimed) - (before.get(ids[i]!) ?? 0n), 0n);
  return Number(atomic / 10_000n);
}

/**
 * A claim whose outcome is unknown (the process stopped, or the facilitator did not answer): the chain says whether
 * every channel's claimed total reached the claim's, which settles it; otherwise the stored claim (its authorizer's
 * signature included) is submitted again, which cannot claim twice (the escrow ignores a claim of what is already
 * claimed). A refusal with the claims still short on chain is failed: nothing moved, and the vouchers stay claimable.
 * The channels' records learn the claimed totals, so the next claim does not repeat them.
 */
export async function reconcileClaim(
  db: Db,
  settlement: WalletSettlement,
  setup: X402Setup,
  facilitator: FacilitatorClient = facilitatorOf(setup),
): Promise<'settled' | 'pending' | 'failed'> {
  const key = settlement.uniqueKey;
  const claims = (settlement.payload.payload as ClaimPayload).claims;
  const onChain = async () => (await claimedOnChain(setup, claims)) && (await noteClaimed(db, setup, claims));
  try {
    if (await onChain()) return (await transition(db, key, 'settling', 'settled', {})).status ?? 'pending';
    const settled = await facilitator.settle(settlement.payload, settlement.requirements);
    if (settled.success) {
      await noteClaimed(db, setup, claims);
      const change = await transition(db, key, 'settling', 'settled', { transaction: settled.transaction });
      return change.status ?? 'pending';
    }
    if (await onChain()) return (await transition(db, key, 'settling', 'settled', {})).status ?? 'pending';
    const reason = `claim refused: ${settled.errorReason ?? 'unknown'}`;
    return (await transition(db, key, 'settling', 'failed', reason)).status ?? 'pending';
  } catch (error) {
    await transition(db, key, 'settling', 'settling', error instanceof Error ? error.message : String(error));
    return 'pending';
  }
}

async function claimedOnChain(setup: X402Setup, claims: BatchSettlementVoucherClaim[]): Promise<boolean> {
  if (!setup.rpcUrl) return false;
  const chain = createPublicClient({ transport: http(setup.rpcUrl) });
  for (const claim of claims) {
    const [, totalClaimed] = await chain.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: ESCROW,
      functionName: 'channels',
      args: [computeChannelId(claim.voucher.channel, setup.network)],
    });
    if (totalClaimed < BigInt(claim.totalClaimed)) return false;
  }
  return true;
}

/** Raises the channels' recorded claimed totals to the claims' (never lowers them). Returns true. */
async function noteClaimed(db: Db, setup: X402Setup, claims: BatchSettlementVoucherClaim[]): Promise<true> {
  const storage = postgresChannelStorage(db);
  for (const claim of claims) {
    const claimed = BigInt(claim.totalClaimed);
    await storage.updateChannel(computeChannelId(claim.voucher.channel, setup.network), (current) =>
      current && BigInt(current.totalClaimed) < claimed ? { ...current, totalClaimed: claimed.toString() } : current,
    );
  }
  return true;
}
