import { decodePaymentResponseHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { createClient, createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tempoChain } from '@/lib/payments/sandbox/chains';
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
  const paying = wrapFetchWithPayment(fetch, x402ClientFor(payer, maxAmountUsd));
  return {
    address: account.address,
    fetch: (url, init) => paying(url, init),
    receiptHeader: 'PAYMENT-RESPONSE',
    decodeReceipt: (value) => decodePaymentResponseHeader(value),
    transactionOf: (value) => decodePaymentResponseHeader(value).transaction || null,
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
