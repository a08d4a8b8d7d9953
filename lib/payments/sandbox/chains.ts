import { type Chain, defineChain } from 'viem';
import { baseSepolia, tempoLocalnet } from 'viem/chains';

/**
 * viem chain objects for the two sandbox chains. The x402 chain is Base Sepolia (84532) so the production x402
 * configuration (network eip155:84532, USDC from @x402/evm's table) works unchanged; the MPP chain is a Tempo
 * localnet (1337), whose chain config carries Tempo's transaction serializers. Only the RPC URL differs per run.
 */
export const X402_CHAIN_ID = baseSepolia.id;
export const TEMPO_CHAIN_ID = tempoLocalnet.id;

/** Circle's USDC on Base Sepolia: the address @x402/evm's default-asset table names for eip155:84532. */
export const USDC_ADDRESS = '0x036CbD53842c5426634e7929541eC2318f3dCF7e' as const;
/** Tempo's pathUSD TIP-20 precompile (6 decimals). */
export const PATH_USD_ADDRESS = '0x20c0000000000000000000000000000000000000' as const;
/** Canonical Multicall3 address (same on every chain). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

export function x402Chain(rpcUrl: string): Chain {
  return defineChain({ ...baseSepolia, rpcUrls: { default: { http: [rpcUrl] } } });
}

/** A Tempo chain at `rpcUrl`; `id` defaults to the localnet's 1337 (the pay client passes other chains' ids). */
export function tempoChain(rpcUrl: string, id: number = tempoLocalnet.id) {
  return defineChain({ ...tempoLocalnet, id, rpcUrls: { default: { http: [rpcUrl] } } });
}
