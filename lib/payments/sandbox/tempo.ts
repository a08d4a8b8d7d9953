import { type Address, createTestClient, erc20Abi, http, publicActions } from 'viem';
import { PATH_USD_ADDRESS, tempoChain } from './chains';

/**
 * Readies the Tempo chain (`anvil --network tempo`) for MPP payments. anvil prefunds its dev accounts with pathUSD;
 * the chain only needs one mined block first, because Tempo transactions are refused against the genesis block.
 * Returns each payer's pathUSD balance so start-up can fail loudly if anvil's funding ever changes.
 */
export async function prepareTempo(rpcUrl: string, payers: Address[]): Promise<bigint[]> {
  const client = createTestClient({ mode: 'anvil', chain: tempoChain(rpcUrl), transport: http(rpcUrl) }).extend(
    publicActions,
  );
  await client.mine({ blocks: 1 });
  const balances = await Promise.all(
    payers.map((address) =>
      client.readContract({ address: PATH_USD_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    ),
  );
  const empty = payers.filter((_, i) => balances[i] === 0n);
  if (empty.length > 0) throw new Error(`Tempo sandbox: payers without pathUSD: ${empty.join(', ')}`);
  return balances;
}
