import { SettleError } from '@x402/core/types';
import { createPublicClient, http, parseAbi } from 'viem';
import type { Queryable } from '@/lib/db/types';
import type { PaymentSetup } from '@/lib/payments/setup';
import { x402ServerFor } from '@/lib/payments/x402/resource-server';
import { resolveSettlement, type SettlementStatus, type WalletSettlement } from './store';

type X402Setup = NonNullable<PaymentSetup['x402']>;

const EIP3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const RPC_TIMEOUT_MS = 10_000;

/**
 * Finds out what became of a settlement whose outcome was unknown, and records it. With an RPC node the chain
 * answers: a used authorization nonce means the transfer happened. Otherwise, or while the nonce is unused, the
 * facilitator is asked to settle the same signed payment again, which cannot move the money twice (the nonce
 * makes the transfer happen at most once): success means settled, a refusal with the nonce unused means failed.
 * Without a chain answer a refusal stays unknown ('pending'), for an operator to look into.
 */
export async function reconcileSettlement(
  db: Queryable,
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
        await resolveSettlement(db, settlement.uniqueKey, { status: 'settled' });
        return 'settled';
      }
      nonceUnused = true;
    } catch (error) {
      await resolveSettlement(db, settlement.uniqueKey, { status: 'pending', error: `chain check: ${message(error)}` });
      return 'pending';
    }
  }
  try {
    const server = await x402ServerFor(setup);
    const settled = await server.settlePayment(settlement.payload, settlement.requirements);
    if (settled.success) {
      await resolveSettlement(db, settlement.uniqueKey, {
        status: 'settled',
        transaction: settled.transaction,
        payer: settled.payer ?? null,
      });
      return 'settled';
    }
    return await refusedAgain(db, settlement, nonceUnused, settled.errorReason ?? 'settlement_failed');
  } catch (error) {
    if (error instanceof SettleError) return refusedAgain(db, settlement, nonceUnused, error.errorReason ?? 'refused');
    await resolveSettlement(db, settlement.uniqueKey, { status: 'pending', error: message(error) });
    return 'pending';
  }
}

async function refusedAgain(db: Queryable, settlement: WalletSettlement, nonceUnused: boolean, reason: string) {
  const status: SettlementStatus = nonceUnused ? 'failed' : 'pending';
  await resolveSettlement(db, settlement.uniqueKey, { status, error: `facilitator refused again: ${reason}` });
  return status;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
