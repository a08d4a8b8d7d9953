import { type Address, createPublicClient, erc20Abi, http } from 'viem';
import type { SandboxConfig } from './start';

/** On-chain token balances in atomic units (6 decimals for both tokens), read straight from the sandbox chains. */
export async function usdcBalance(config: Pick<SandboxConfig, 'x402'>, address: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(config.x402.rpcUrl) });
  return client.readContract({ address: config.x402.asset, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
}

export async function tempoBalance(config: Pick<SandboxConfig, 'mpp'>, address: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(config.mpp.rpcUrl) });
  return client.readContract({
    address: config.mpp.currency,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}
