import * as chains from 'viem/chains';

/**
 * The public JSON-RPC endpoint viem lists for an x402 network (CAIP-2 `eip155:<id>`), or null for a chain it does not
 * know. Used when X402_RPC_URL is unset, so that a refused settlement is still checked on chain before a payer is
 * told nothing moved. A public endpoint may be slow or limit its callers; a settlement it cannot answer for stays
 * pending and is checked again, so X402_RPC_URL (a node of your own) is still the better setting.
 */
export function publicRpcOf(network: `eip155:${number}`): string | null {
  const id = Number(network.slice('eip155:'.length));
  const chain = Object.values(chains).find((candidate) => candidate.id === id);
  return chain?.rpcUrls.default.http[0] ?? null;
}
