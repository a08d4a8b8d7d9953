import { BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS } from '@x402/evm';
import { createTestClient, encodeDeployData, type Hex, http, publicActions } from 'viem';
import { BATCH_SETTLEMENT_CONTRACTS } from '@/lib/payments/batch-settlement/contracts.generated';

/**
 * Places our batch-settlement escrow and its EIP-3009 deposit collector (contracts/batch-settlement, compiled by
 * `npm run build:contracts`) at the addresses @x402/evm's `batch-settlement` scheme hard-codes, so the SDK's
 * facilitator, server and client run unchanged against the sandbox chain.
 *
 * Each contract's creation code runs in an eth_call, which returns the runtime code it would deploy with its
 * immutables filled in (the collector's escrow address, OpenZeppelin EIP712's hashed name and version); that runtime
 * code is then set at the fixed address. EIP712 notices it runs at another address than it was built at and
 * recomputes its domain separator with the real one, so signatures bind to the SDK's address as they must.
 */
async function runtimeCode(client: ReturnType<typeof sandboxClient>, creation: Hex): Promise<Hex> {
  const { data } = await client.call({ data: creation });
  if (!data || data.length < 100) throw new Error('creation code returned no runtime code');
  return data;
}

function sandboxClient(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).extend(publicActions);
}

export async function placeBatchSettlementEscrow(rpcUrl: string): Promise<void> {
  const client = sandboxClient(rpcUrl);
  const { escrow, collector } = BATCH_SETTLEMENT_CONTRACTS;
  const [escrowRuntime, collectorRuntime] = await Promise.all([
    runtimeCode(client, escrow.bytecode),
    runtimeCode(
      client,
      encodeDeployData({ abi: collector.abi, bytecode: collector.bytecode, args: [BATCH_SETTLEMENT_ADDRESS] }),
    ),
  ]);
  await client.setCode({ address: BATCH_SETTLEMENT_ADDRESS, bytecode: escrowRuntime });
  await client.setCode({ address: ERC3009_DEPOSIT_COLLECTOR_ADDRESS, bytecode: collectorRuntime });
}
