import { createRequire } from 'node:module';
import path from 'node:path';
import { createTestClient, type Hex, http, publicActions } from 'viem';
import { MULTICALL3_ADDRESS } from './chains';

/**
 * Places Multicall3 at its canonical address. @x402/evm's facilitator batches its pre-settlement reads through it;
 * without it every check fails as `invalid_exact_evm_transaction_simulation_failed`.
 *
 * The bytecode comes from viem, which ships Multicall3's creation code for its "deployless" multicall (the only
 * copy in node_modules). viem does not export that constant, so it is read from viem's CommonJS build by path;
 * viem is pinned to one exact version in package.json, and a missing constant fails loudly here.
 */
function multicall3CreationCode(): Hex {
  const require = createRequire(import.meta.url);
  const viemMain = require.resolve('viem');
  const contracts = require(path.join(path.dirname(viemMain), 'constants', 'contracts.js')) as {
    multicall3Bytecode?: Hex;
  };
  if (!contracts.multicall3Bytecode?.startsWith('0x60')) throw new Error('Multicall3 bytecode not found in viem');
  return contracts.multicall3Bytecode;
}

export async function placeMulticall3(rpcUrl: string): Promise<void> {
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).extend(publicActions);
  // Running the creation code in an eth_call returns the runtime code it would deploy, without a transaction.
  const { data: runtime } = await client.call({ data: multicall3CreationCode() });
  if (!runtime || runtime.length < 100) throw new Error('Multicall3 creation code returned no runtime code');
  await client.setCode({ address: MULTICALL3_ADDRESS, bytecode: runtime });
}
