import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/server';
import { privateKeyToAccount } from 'viem/accounts';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import type { PaymentSetup } from '@/lib/payments/setup';
import { postgresChannelStorage } from './channel-store';

type X402Setup = NonNullable<PaymentSetup['x402']>;
type BatchSetup = NonNullable<X402Setup['batchSettlement']>;

/**
 * How long a request may hold its channel (the SDK's reservation, from verification to the voucher's count): a
 * request that dies in between blocks its payer's next request only this long. A deposit's transaction fits in it.
 */
export const BATCH_MAX_TIMEOUT_SECONDS = 60;

/**
 * @x402/evm's batch-settlement server scheme for this service's payee: channel records in x402_channels (the process
 * database unless another is given, as the x402 settlement records), and the receiver authorizer's key signing claims
 * and refunds.
 */
export async function batchServerScheme(
  setup: X402Setup,
  batch: BatchSetup,
  db?: Db,
): Promise<BatchSettlementEvmScheme> {
  return new BatchSettlementEvmScheme(setup.payTo as `0x${string}`, {
    storage: postgresChannelStorage(db ?? (await getDb())),
    receiverAuthorizerSigner: privateKeyToAccount(batch.receiverAuthorizerKey),
  });
}
