import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/facilitator';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { createWalletClient, type Hex, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { x402Chain } from './chains';
import { listenOnLoopback } from './listen';

/**
 * A self-hosted x402 facilitator on loopback: @x402/core's x402Facilitator with @x402/evm's exact and batch-settlement
 * schemes (the latter against our escrow, see escrow.ts), signing
 * with a dev account that holds gas. It speaks the HTTP API HTTPFacilitatorClient calls: GET /supported, and
 * POST /verify and /settle with `{x402Version, paymentPayload, paymentRequirements}`. Verification and settlement
 * outcomes (valid or not) are 200 answers; only unexpected failures are 500s.
 */
export interface FacilitatorServer {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(text);
}

type PaymentRequest = { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements };
const isObject = (value: unknown) => typeof value === 'object' && value !== null;

function isPaymentRequest(body: unknown): body is PaymentRequest {
  return (
    isObject(body) &&
    isObject((body as PaymentRequest).paymentPayload) &&
    isObject((body as PaymentRequest).paymentRequirements)
  );
}

/** A facilitator signer for the sandbox chain: a viem wallet client on a dev account that holds gas. */
export function sandboxFacilitatorSigner(rpcUrl: string, privateKey: Hex) {
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({
    account,
    chain: x402Chain(rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
  return toFacilitatorEvmSigner({
    address: account.address,
    readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
    verifyTypedData: (args) => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
    writeContract: (args) => client.writeContract(args as Parameters<typeof client.writeContract>[0]),
    sendTransaction: (args) => client.sendTransaction(args),
    waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
    getCode: (args) => client.getCode(args),
  });
}

export async function startFacilitator(options: {
  rpcUrl: string;
  network: `eip155:${number}`;
  privateKey: Hex;
}): Promise<FacilitatorServer> {
  const signer = sandboxFacilitatorSigner(options.rpcUrl, options.privateKey);
  // batch-settlement without an authorizer key of its own: the resource server signs its claims and refunds (a
  // facilitator that signs them for servers must authenticate refund requests, which this one does not).
  const facilitator = new x402Facilitator()
    .register(options.network, new ExactEvmScheme(signer))
    .register(options.network, new BatchSettlementEvmScheme(signer));
  // One account pays the gas of every settlement, and viem reads its next nonce from the node for each transaction:
  // two settlements at the same moment took the same nonce and one failed (invalid_exact_evm_transaction_failed, a
  // 402 to its payer; seen 33 times in 100 kills of the crash test). Settlements go one at a time.
  let settling: Promise<unknown> = Promise.resolve();
  const settleInTurn = (body: PaymentRequest) => {
    const turn = settling.then(() => facilitator.settle(body.paymentPayload, body.paymentRequirements));
    settling = turn.catch(() => undefined);
    return turn;
  };

  const server = createServer(async (request, response) => {
    try {
      const path = new URL(request.url ?? '/', 'http://facilitator').pathname;
      if (request.method === 'GET' && path === '/supported') return send(response, 200, facilitator.getSupported());
      if (request.method !== 'POST' || (path !== '/verify' && path !== '/settle')) {
        return send(response, 404, { error: 'not found' });
      }
      const body = await readJson(request).catch(() => undefined);
      if (!isPaymentRequest(body)) {
        return send(response, 400, { error: 'expected {paymentPayload, paymentRequirements}' });
      }
      const result =
        path === '/verify'
          ? await facilitator.verify(body.paymentPayload, body.paymentRequirements)
          : await settleInTurn(body);
      send(response, 200, result);
    } catch (error) {
      send(response, 500, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  return listenOnLoopback(server);
}
