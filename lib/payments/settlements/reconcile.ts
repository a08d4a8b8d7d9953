import { SettleError } from '@x402/core/types';
import { createPublicClient, http, parseAbi } from 'viem';
import type { Db } from '@/lib/db/types';
import type { PaymentSetup } from '@/lib/payments/setup';
import { x402ServerFor } from '@/lib/payments/x402/resource-server';
import { transition } from './states';
import { listOpenSettlements, type SettlementStatus, type WalletSettlement } from './store';

type X402Setup = NonNullable<PaymentSetup['x402']>;

const EIP3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const RPC_TIMEOUT_MS = 10_000;

/** A settlement younger than this may still be answered in its own request: the job leaves it alone. */
export const SETTLE_GRACE_MS = 30_000;

/** The reconcile job's step: every pending settlement past its grace period, reconciled; how many ended how. */
export async function reconcilePendingSettlements(
  db: Db,
  setup: X402Setup | null,
  now = Date.now(),
): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  if (!setup) return outcomes;
  for (const settlement of await listOpenSettlements(db)) {
    if (settlement.status !== 'pending') continue;
    if (now - Date.parse(settlement.createdAt) < SETTLE_GRACE_MS) continue;
    const status = await reconcileSettlement(db, settlement, setup);
    outcomes[status] = (outcomes[status] ?? 0) + 1;
  }
  return outcomes;
}

/**
 * Finds out what became of a settlement whose outcome was unknown, and records it. With an RPC node the chain
 * answers: a used authorization nonce means the transfer happened. Otherwise, or while the nonce is unused, the
 * facilitator is asked to settle the same signed payment again, which cannot move the money twice (the nonce
 * makes the transfer happen at most once): success means settled, a refusal with the nonce unused means failed.
 * Without a chain answer a refusal stays unknown ('pending'), for an operator to look into.
 */
export async function reconcileSettlement(
  db: Db,
  settlement: WalletSettlement,
  setup: X402Setup,
): Promise<SettlementStatus> {
  const authorization = (settlement.payload.payload as { authorization?: { from?: string; nonce?: string } })
    .authorization;
  let nonceUnused = false;
  if (setup.rpcUrl && authorization?.from && authorization.nonce) {
    try {
      const client = createPublicClient({ transport: http(setup.rpcUrl, { timeout: RPC_TIMEOUT_MS }) });
      const used = await client.readContract({
        address: settlement.requirements.asset as `0x${string}`,
        abi: EIP3009,
        functionName: 'authorizationState',
        args: [authorization.from as `0x${string}`, authorization.nonce as `0x${string}`],
      });
      if (used) {
        await transition(db, settlement.uniqueKey, 'settling', 'settled', {});
        return 'settled';
      }
      nonceUnused = true;
    } catch (error) {
      await transition(db, settlement.uniqueKey, 'settling', 'settling', `chain check: ${message(error)}`);
      return 'pending';
    }
  }
  try {
    const server = await x402ServerFor(setup);
    const settled = await server.settlePayment(settlement.payload, settlement.requirements);
    if (settled.success) {
      await transition(db, settlement.uniqueKey, 'settling', 'settled', {
        transaction: settled.transaction,
        payer: settled.payer ?? null,
      });
      return 'settled';
    }
    return await refusedAgain(db, settlement, nonceUnused, settled.errorReason ?? 'settlement_failed');
  } catch (error) {
    if (error instanceof SettleError) return refusedAgain(db, settlement, nonceUnused, error.errorReason ?? 'refused');
    await transition(db, settlement.uniqueKey, 'settling', 'settling', message(error));
    return 'pending';
  }
}

async function refusedAgain(db: Db, settlement: WalletSettlement, nonceUnused: boolean, reason: string) {
  const error = `facilitator refused again: ${reason}`;
  if (nonceUnused) await transition(db, settlement.uniqueKey, 'settling', 'failed', error);
  else await transition(db, settlement.uniqueKey, 'settling', 'settling', error);
  return nonceUnused ? 'failed' : 'pending';
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
