import { Session } from 'mppx/tempo';
import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  maxUint256,
  publicActions,
  toFunctionSelector,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Transaction } from 'viem/tempo';
import { TEMPO_SESSION_CONTRACTS } from '@/lib/payments/tempo-session/contracts.generated';
import { PATH_USD_ADDRESS, tempoChain } from './chains';

/**
 * SANDBOX ONLY: an emulation of Tempo's TIP-1034 channel escrow precompile, which anvil 1.7.1 lacks (it has no T5
 * hardfork). Our contract (contracts/tempo-session/Tip20ChannelEscrowEmulation.sol) is placed at the precompile's
 * own address, so mppx's `tempo.session` client and server run against it unchanged. On a real Tempo chain the
 * precompile is there and none of this runs.
 */
export const TIP1034_ESCROW_ADDRESS: Address = Session.Precompile.Constants.tip20ChannelEscrow;

const OPEN_SELECTOR = toFunctionSelector('open(address,address,address,uint96,bytes32,address)').toLowerCase() as Hex;
const PENDING_HASH_BASE = keccak256(new TextEncoder().encode('sandbox.tip1034.pendingExpiringNonceHash'));

/** Storage slot (in the emulation) of the expiring-nonce hash the sender's next `open` will bind. */
export function pendingExpiringNonceHashSlot(sender: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [sender, PENDING_HASH_BASE]));
}

/**
 * What the precompile derives from the transaction that opens a channel: for a raw Tempo transaction calling the
 * escrow's `open`, its sender and expiring-nonce hash (keccak256 of the sender's signing payload and the sender,
 * the fee payer's co-signature left out, as TIP-1034 defines it). Undefined for any other transaction.
 */
export function openTransactionNonceHash(raw: Hex): { sender: Address; expiringNonceHash: Hex } | undefined {
  if (!raw.startsWith('0x76') && !raw.startsWith('0x78')) return undefined;
  let transaction: ReturnType<typeof Transaction.deserialize>;
  try {
    transaction = Transaction.deserialize(raw as Parameters<typeof Transaction.deserialize>[0]);
  } catch {
    return undefined;
  }
  const calls = (transaction as { calls?: { to?: Address; data?: Hex }[] }).calls ?? [];
  const opens = calls.some(
    (call) =>
      call.to?.toLowerCase() === TIP1034_ESCROW_ADDRESS.toLowerCase() &&
      call.data?.toLowerCase().startsWith(OPEN_SELECTOR),
  );
  const sender = (transaction as { from?: Address }).from;
  if (!opens || !sender) return undefined;
  const sponsored = Boolean((transaction as { feePayerSignature?: unknown }).feePayerSignature);
  const { Channel } = Session.Precompile;
  const expiringNonceHash = Channel.computeExpiringNonceHash(
    Channel.transactionForExpiringNonceHash({
      feePayer: sponsored ? true : undefined,
      transaction: transaction as Parameters<typeof Channel.transactionForExpiringNonceHash>[0]['transaction'],
    }),
    { sender },
  );
  return { sender, expiringNonceHash };
}

/**
 * Places the emulation at the precompile's address (its creation code runs in an eth_call, which returns the runtime
 * code; it has no constructor state) and has each payer approve it for pathUSD, which the real precompile would move
 * without an allowance.
 */
export async function placeTempoSessionEscrow(rpcUrl: string, payerKeys: Hex[]): Promise<void> {
  const chain = tempoChain(rpcUrl);
  const client = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).extend(publicActions);
  const { data: runtime } = await client.call({ data: TEMPO_SESSION_CONTRACTS.escrowEmulation.bytecode as Hex });
  if (!runtime || runtime.length < 100) throw new Error('TIP-1034 escrow emulation: creation code returned no code');
  await client.setCode({ address: TIP1034_ESCROW_ADDRESS, bytecode: runtime });
  await Promise.all(
    payerKeys.map(async (key) => {
      const wallet = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(rpcUrl) });
      const hash = await wallet.writeContract({
        address: PATH_USD_ADDRESS,
        abi: erc20Abi,
        functionName: 'approve',
        args: [TIP1034_ESCROW_ADDRESS, maxUint256],
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`TIP-1034 escrow emulation: approval ${hash} reverted`);
    }),
  );
}

interface RpcCall {
  method?: string;
  params?: unknown[];
}
type CallRequest = { from?: Address; to?: Address; data?: Hex; input?: Hex; calls?: { to?: Address; data?: Hex }[] };
type StateOverride = Record<string, { stateDiff?: Record<string, Hex> } & Record<string, unknown>>;

const SIMULATED_NONCE_HASH = keccak256(new TextEncoder().encode('sandbox.tip1034.simulatedOpen'));
const opensChannel = (call: { to?: Address; data?: Hex; input?: Hex }) =>
  call.to?.toLowerCase() === TIP1034_ESCROW_ADDRESS.toLowerCase() &&
  (call.data ?? call.input)?.toLowerCase().startsWith(OPEN_SELECTOR) === true;

/** The sender of a call request that opens a channel (a gas estimate or simulation of one), else undefined. */
export function channelOpenSender(call: RpcCall): Address | undefined {
  const request = call.params?.[0] as CallRequest | undefined;
  if (!request?.from || !(opensChannel(request) || (request.calls ?? []).some(opensChannel))) return undefined;
  return request.from;
}

/** The sender of a Tempo call request (eth_fillTransaction) with a call to the escrow, else undefined. */
export function escrowCallSender(call: RpcCall): Address | undefined {
  const request = call.params?.[0] as CallRequest | undefined;
  const toEscrow = (c: { to?: Address }) => c.to?.toLowerCase() === TIP1034_ESCROW_ADDRESS.toLowerCase();
  return request?.from && (request.calls ?? []).some(toEscrow) ? request.from : undefined;
}

/**
 * A gas estimate or simulation of a channel open has no signed transaction yet, so no expiring-nonce hash: without
 * one the emulation's `open` would revert at once and the estimate would be far too low for the real open. The
 * proxy runs such a call with a state override holding a stand-in hash for the sender (the real open consumes its
 * stored hash the same way), changing nothing on chain. Other calls come back unchanged.
 */
export function withSimulatedExpiringNonceHash<T extends RpcCall>(call: T): T {
  if (call.method !== 'eth_estimateGas' && call.method !== 'eth_call') return call;
  const from = channelOpenSender(call);
  if (!from) return call;
  const escrow = TIP1034_ESCROW_ADDRESS.toLowerCase();
  const overrides = { ...((call.params?.[2] as StateOverride | undefined) ?? {}) };
  const existing = overrides[escrow] ?? {};
  overrides[escrow] = {
    ...existing,
    stateDiff: { ...(existing.stateDiff ?? {}), [pendingExpiringNonceHashSlot(from)]: SIMULATED_NONCE_HASH },
  };
  return { ...call, params: [call.params?.[0], call.params?.[1] ?? 'latest', overrides] };
}
