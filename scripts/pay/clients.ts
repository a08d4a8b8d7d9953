import { decodePaymentResponseHeader } from '@x402/core/http';
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/client';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { Session } from 'mppx/tempo';
import { createClient, createPublicClient, formatUnits, http, parseEventLogs, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { TIP1034_ESCROW_ADDRESS } from '@/lib/payments/sandbox/tempo-session-escrow';
import type { Payer } from './payer';

/**
 * The two official paying clients, each reduced to "a fetch that pays" plus how to read its receipt header.
 * Both answer the 402 challenge themselves and retry once with the credential.
 */
export interface PaymentClient {
  address: `0x${string}`;
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
  receiptHeader: 'PAYMENT-RESPONSE' | 'Payment-Receipt';
  decodeReceipt(value: string): unknown;
  /** The on-chain transaction a receipt names (x402's `transaction`, MPP's `reference`), or null. */
  transactionOf(value: string): string | null;
  /**
   * A channel's client (x402-batch, mpp-session): its receipts name the deposit only, so a run's transactions are counted on the
   * chain instead, from a block marked before it; and it ends the run by closing the channel (the refund of the
   * unspent deposit, which also claims what the run was charged).
   */
  channel?: { mark(): Promise<bigint>; countSince(block: bigint): Promise<number>; close(url: URL): Promise<string> };
}

/**
 * The x402 client of a payer (over HTTP here, over MCP in ./mcp.ts). Its limit per payment is the client's own default
 * ($1) unless `maxAmountUsd` raises or lowers it (--max-amount).
 */
export function x402ClientFor(payer: Payer, maxAmountUsd: string | null = null): x402Client {
  const account = privateKeyToAccount(payer.privateKey);
  // Sandbox keys sign only for the sandbox network; an explicit key may pay on any EVM network the server offers.
  const client = new x402Client().register(payer.network ?? 'eip155:*', new ExactEvmScheme(account));
  return maxAmountUsd === null ? client : client.setSpendControls({ maxAmountPerPayment: `$${maxAmountUsd}` });
}

/** The mppx tempo.charge method of a payer, bound to its RPC's chain. */
export async function tempoChargeFor(payer: Payer) {
  if (!payer.rpcUrl) throw new Error('MPP needs a Tempo RPC URL');
  const rpcUrl = payer.rpcUrl;
  const account = privateKeyToAccount(payer.privateKey);
  const chainId = payer.chainId ?? (await createPublicClient({ transport: http(rpcUrl) }).getChainId());
  return tempo.charge({
    account,
    expectedChainId: chainId, // refuse challenges for any other chain than the RPC's
    getClient: () => createClient({ chain: tempoChain(rpcUrl, chainId), transport: http(rpcUrl) }),
  });
}

export function x402PaymentClient(payer: Payer, maxAmountUsd: string | null = null): PaymentClient {
  const account = privateKeyToAccount(payer.privateKey);
  return x402Paying(account.address, wrapFetchWithPayment(fetch, x402ClientFor(payer, maxAmountUsd)));
}

/** A payer's fetch wrapped by @x402/fetch, with the receipt x402 answers in PAYMENT-RESPONSE: either scheme's. */
function x402Paying(address: PaymentClient['address'], paying: typeof fetch): PaymentClient {
  return {
    address,
    fetch: (url, init) => paying(url, init),
    receiptHeader: 'PAYMENT-RESPONSE',
    decodeReceipt: (value) => decodePaymentResponseHeader(value),
    transactionOf: (value) => decodePaymentResponseHeader(value).transaction || null,
  };
}

/**
 * x402 batch-settlement: the same @x402/fetch client with @x402/evm's batch-settlement scheme. Its first request
 * deposits enough for `requests` requests at that price and one more (at least the server's minimum), later ones send
 * a voucher.
 */
export function x402BatchPaymentClient(payer: Payer, maxAmountUsd: string | null, requests: number): PaymentClient {
  if (!payer.rpcUrl) throw new Error('x402-batch needs the x402 chain RPC URL');
  const account = privateKeyToAccount(payer.privateKey);
  const scheme = new BatchSettlementEvmScheme(account, {
    rpcUrl: payer.rpcUrl,
    // The client caps a deposit at this many times its per-payment limit: enough for the whole run in one deposit.
    depositPolicy: { depositMultiplier: Math.max(3, requests + 1) },
    // One price more than the run needs: the close then has a remainder to refund, and its refund claims the run's
    // vouchers in the same transaction.
    depositStrategy: ({ requestAmount, depositAmount }) => {
      const wanted = BigInt(requestAmount) * BigInt(requests + 1);
      return wanted > BigInt(depositAmount) ? wanted : depositAmount;
    },
  });
  let client = new x402Client().register(payer.network ?? 'eip155:*', scheme);
  if (maxAmountUsd !== null) client = client.setSpendControls({ maxAmountPerPayment: `$${maxAmountUsd}` });
  const paying = wrapFetchWithPayment(fetch, client);
  const chain = createPublicClient({ transport: http(payer.rpcUrl) });
  const escrow = BATCH_SETTLEMENT_ADDRESS.toLowerCase();
  return {
    ...x402Paying(account.address, paying),
    channel: {
      mark: () => chain.getBlockNumber({ cacheTime: 0 }),
      // Every transaction to the escrow: deposits, claims, payouts and refunds (on a shared chain, others' too).
      async countSince(start) {
        let count = 0;
        for (let block = start + 1n; block <= (await chain.getBlockNumber({ cacheTime: 0 })); block++) {
          const { transactions } = await chain.getBlock({ blockNumber: block, includeTransactions: true });
          count += transactions.filter((tx) => tx.to?.toLowerCase() === escrow).length;
        }
        return count;
      },
      async close(url) {
        try {
          const refund = await scheme.refund(url.toString());
          if (!refund.success) throw new Error(`the refund failed: ${refund.errorReason ?? 'unknown'}`);
          return `the unspent deposit was refunded, tx ${refund.transaction}`;
        } catch (error) {
          // A deposit spent to the last unit leaves nothing to refund; the service claims it in its next batch.
          if (error instanceof Error && /no remaining balance/.test(error.message)) return 'nothing left to refund';
          throw error;
        }
      },
    },
  };
}

export async function mppPaymentClient(payer: Payer): Promise<PaymentClient> {
  const account = privateKeyToAccount(payer.privateKey);
  // polyfill: false leaves globalThis.fetch alone; only mppx.fetch pays.
  const mppx = Mppx.create({ polyfill: false, methods: [await tempoChargeFor(payer)] });
  return {
    address: account.address,
    fetch: (url, init) => mppx.fetch(url, init),
    receiptHeader: 'Payment-Receipt',
    decodeReceipt: (value) => Receipt.deserialize(value),
    transactionOf: (value) => Receipt.deserialize(value).reference || null,
  };
}

/**
 * MPP tempo.session: mppx's session manager opens a channel on the TIP-1034 escrow with the deposit the server
 * suggests, pays each request with a voucher, and its close returns the rest. The deposit and all vouchers together
 * are capped at the per-request limit (--max-amount, default $1) times the run's requests plus one.
 */
export async function mppSessionPaymentClient(
  payer: Payer,
  maxAmountUsd: string | null,
  requests: number,
): Promise<PaymentClient> {
  if (!payer.rpcUrl) throw new Error('mpp-session needs a Tempo RPC URL');
  const rpcUrl = payer.rpcUrl;
  const account = privateKeyToAccount(payer.privateKey);
  const chainId = payer.chainId ?? (await createPublicClient({ transport: http(rpcUrl) }).getChainId());
  const chain = tempoChain(rpcUrl, chainId);
  const manager = tempo.session.manager({
    account,
    getClient: () => createClient({ chain, transport: http(rpcUrl) }),
    allowedChainIds: [chainId], // refuse challenges for any other chain than the RPC's
    maxDeposit: formatUnits(parseUnits(maxAmountUsd ?? '1', 6) * BigInt(requests + 1), 6),
    fetch: (input, init) => fetch(input, init),
  });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const escrowLogs = (fromBlock: bigint) =>
    reader
      .getLogs({ address: TIP1034_ESCROW_ADDRESS, fromBlock, toBlock: 'latest' })
      .then((logs) => parseEventLogs({ abi: Session.Precompile.escrowAbi, logs }));
  const receiptOf = (value: string) => Session.Precompile.Receipt.deserializeSessionReceipt(value);
  return {
    address: account.address,
    fetch: (url, init) => manager.fetch(url, init),
    receiptHeader: 'Payment-Receipt',
    decodeReceipt: receiptOf,
    // A session receipt's reference is the channel; it names a transaction only when the request caused one.
    transactionOf: (value) => receiptOf(value).txHash ?? null,
    channel: {
      mark: () => reader.getBlockNumber({ cacheTime: 0 }),
      // Every transaction that touched the escrow (open, top-up, settle, close; on a shared chain, others' too).
      countSince: async (start) => new Set((await escrowLogs(start + 1n)).map((log) => log.transactionHash)).size,
      async close() {
        const start = await reader.getBlockNumber({ cacheTime: 0 });
        const closing = await manager.close();
        if (!closing?.txHash) return 'no channel was open';
        const closed = (await escrowLogs(start)).find(
          (log) => log.eventName === 'ChannelClosed' && log.transactionHash === closing.txHash,
        );
        const refunded =
          closed?.eventName === 'ChannelClosed'
            ? `${formatUnits(closed.args.refundedToPayer, 6)} pathUSD`
            : '(unknown)';
        return `the unspent deposit was refunded: ${refunded}, tx ${closing.txHash}`;
      },
    },
  };
}
