import { SettleError } from '@x402/core/types';
import { createPublicClient, http, parseAbi } from 'viem';
import type { Db } from '@/lib/db/types';
import { isClaimSettlement, reconcileClaim } from '@/lib/payments/batch-settlement/claims';
import { isSessionSettlement, reconcileSessionSettle, sessionPayee } from '@/lib/payments/mpp-session/settle';
import type { PaymentSetup } from '@/lib/payments/setup';
import { x402ServerFor } from '@/lib/payments/x402/resource-server';
import { reconcileMppSettlement } from './mpp';
import { transition } from './states';
import { listPendingSettlements, type SettlementStatus, type StateChange, type WalletSettlement } from './store';

type X402Setup = NonNullable<PaymentSetup['x402']>;

const EIP3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const RPC_TIMEOUT_MS = 10_000;

/** A settlement younger than this may still be answered in its own request: the job leaves it alone. */
export const SETTLE_GRACE_MS = 30_000;

/** The reconcile job's step: every pending settlement past its grace period, reconciled; how many ended how. */
export async function reconcilePendingSettlements(
  db: Db,
  setup: Pick<PaymentSetup, 'x402' | 'mpp'>,
  now = Date.now(),
): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  for (const settlement of await listPendingSettlements(db)) {
    if (now - Date.parse(settlement.createdAt) < SETTLE_GRACE_MS) continue;
    let status: SettlementStatus;
    if (isClaimSettlement(settlement)) {
      if (!setup.x402?.batchSettlement) continue;
      status = await reconcileClaim(db, settlement, setup.x402);
    } else if (isSessionSettlement(settlement)) {
      const payee = sessionPayee(setup.mpp);
      if (!payee) continue;
      status = await reconcileSessionSettle(db, settlement, payee);
    } else if (settlement.protocol === 'mpp') {
      if (!setup.mpp) continue;
      status = await reconcileMppSettlement(db, settlement, setup.mpp);
    } else {
      if (!setup.x402) continue;
      status = await reconcileSettlement(db, settlement, setup.x402);
    }
    outcomes[status] = (outcomes[status] ?? 0) + 1;
  }
  return outcomes;
}

/** What the chain says of an x402 authorization: its nonce used (the transfer happened) or not; null: no node. */
type NonceState = 'used' | 'unused' | { error: string } | null;

async function nonceState(settlement: WalletSettlement, setup: X402Setup): Promise<NonceState> {
  const authorization = (settlement.payload.payload as { authorization?: { from?: string; nonce?: string } })
    .authorization;
  if (!setup.rpcUrl || !authorization?.from || !authorization.nonce) return null;
  try {
    const client = createPublicClient({ transport: http(setup.rpcUrl, { timeout: RPC_TIMEOUT_MS }) });
    const used = await client.readContract({
      address: settlement.requirements.asset as `0x${string}`,
      abi: EIP3009,
      functionName: 'authorizationState',
      args: [authorization.from as `0x${string}`, authorization.nonce as `0x${string}`],
    });
    return used ? 'used' : 'unused';
  } catch (error) {
    return { error: `chain check: ${message(error)}` };
  }
}

/**
 * Finds out what became of a settlement whose outcome was unknown, and records it. With an RPC node the chain
 * answers: a used authorization nonce means the transfer happened. Otherwise, or while the nonce is unused, the
 * facilitator is asked to settle the same signed payment again, which cannot move the money twice (the nonce
 * makes the transfer happen at most once): success means settled; a refusal is judged by settleRefused.
 * Returns the state the settlement is in afterwards, which another path may have decided meanwhile.
 */
export async function reconcileSettlement(
  db: Db,
  settlement: WalletSettlement,
  setup: X402Setup,
): Promise<SettlementStatus> {
  const key = settlement.uniqueKey;
  const chain = await nonceState(settlement, setup);
  if (chain === 'used') return found(await transition(db, key, 'settling', 'settled', {}));
  if (chain && chain !== 'unused') return found(await transition(db, key, 'settling', 'settling', chain.error));
  try {
    const server = await x402ServerFor(setup);
    const settled = await server.settlePayment(settlement.payload, settlement.requirements);
    if (settled.success) {
      const change = await transition(db, key, 'settling', 'settled', {
        transaction: settled.transaction,
        payer: settled.payer ?? null,
      });
      return found(change);
    }
    const reason = `facilitator refused again: ${settled.errorReason ?? 'settlement_failed'}`;
    return found(await settleRefused(db, settlement, setup, reason));
  } catch (error) {
    if (error instanceof SettleError) {
      const reason = `facilitator refused again: ${error.errorReason ?? 'refused'}`;
      return found(await settleRefused(db, settlement, setup, reason));
    }
    return found(await transition(db, key, 'settling', 'settling', message(error)));
  }
}

/**
 * The facilitator refused to settle. The refusal alone does not say the money did not move: another path (the job,
 * the identical retry, the original request) may have settled the same authorization after this one read its nonce
 * unused, and the facilitator then refuses because the nonce is used. So the chain is asked again, after the
 * refusal: used means settled; unused means failed. With no node to ask, nothing says the money did not move: the
 * settlement stays pending (the payer's retry and an operator decide it, see authorizationExpiry).
 * The caller releases the replay key only if the returned change applied and is `failed`.
 */
export async function settleRefused(
  db: Db,
  settlement: WalletSettlement,
  setup: X402Setup,
  reason: string,
): Promise<StateChange> {
  const key = settlement.uniqueKey;
  const chain = await nonceState(settlement, setup);
  if (chain === 'used') return transition(db, key, 'settling', 'settled', {});
  if (chain === 'unused') return transition(db, key, 'settling', 'failed', reason);
  const unchecked = chain ? chain.error : 'no chain node to check the authorization (X402_RPC_URL)';
  return transition(db, key, 'settling', 'settling', `${reason}; ${unchecked}`);
}

/**
 * When a signed x402 authorization can no longer move money: its validBefore (anyone holding the signature may
 * submit it on chain until then), or, if the payload names none, the challenge's own bound on the wait.
 */
export function authorizationExpiry(settlement: WalletSettlement): Date {
  const authorization = (settlement.payload.payload as { authorization?: { validBefore?: unknown } }).authorization;
  const validBefore = Number(authorization?.validBefore);
  if (Number.isFinite(validBefore) && validBefore > 0) return new Date(validBefore * 1000);
  return new Date(Date.parse(settlement.createdAt) + settlement.requirements.maxTimeoutSeconds * 1000);
}

/** The state a settlement is in after a transition: the one written, or the one found instead. */
function found(change: StateChange): SettlementStatus {
  return change.status ?? 'pending';
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
