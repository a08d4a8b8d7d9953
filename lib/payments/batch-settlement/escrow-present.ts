import { HTTPFacilitatorClient } from '@x402/core/server';
import { BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS } from '@x402/evm';
import { createPublicClient, http } from 'viem';

/**
 * Whether the batch-settlement escrow and its EIP-3009 deposit collector have code at the addresses @x402/evm calls,
 * asked of the chain once at start (eth_getCode). A payer's deposit into an address without code would be lost or
 * revert, so the scheme is only offered where both are found, never on the assumption that they are there.
 */
export async function batchEscrowPresent(rpcUrl: string): Promise<boolean> {
  const chain = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 5000 }) });
  const codes = await Promise.all(
    [BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS].map((address) => chain.getCode({ address })),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}

/** Whether the facilitator settles batch-settlement on the network (its /supported), asked once at start. */
export async function facilitatorSettlesBatches(
  facilitatorUrl: string,
  network: string,
  timeoutMs: number,
): Promise<boolean> {
  const supported = await new HTTPFacilitatorClient({ url: facilitatorUrl, timeoutMs }).getSupported();
  return supported.kinds.some((kind) => kind.scheme === 'batch-settlement' && kind.network === network);
}
