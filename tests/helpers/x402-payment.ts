import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';

/** A payment signed for a challenge, as a payer sends it, with what the service derives from it. */
export interface SignedX402Payment {
  header: string;
  nonce: string;
  uniqueKey: string;
  payload: PaymentPayload;
  requirements: PaymentRequirements;
}

/**
 * A PAYMENT-SIGNATURE for the first requirement of a 402's PAYMENT-REQUIRED, with a fresh authorization nonce. The
 * signature is a placeholder: the fake facilitator (tests/helpers/fake-facilitator.ts) accepts any.
 */
export function signX402Payment(challenge: Response, from: string, validBefore?: Date): SignedX402Payment {
  const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
  const requirements = required.accepts[0]!;
  const nonce = `0x${randomBytes(32).toString('hex')}`;
  const payload = {
    x402Version: 2,
    resource: required.resource,
    accepted: requirements,
    payload: {
      signature: '0x00',
      authorization: {
        from,
        nonce,
        ...(validBefore && { validBefore: String(Math.floor(validBefore.getTime() / 1000)) }),
      },
    },
  } as PaymentPayload;
  return {
    header: encodePaymentSignatureHeader(payload),
    nonce,
    uniqueKey: `x402:${requirements.network}:${nonce}`,
    payload,
    requirements,
  };
}

/**
 * A chain RPC node on loopback that answers one question, the EIP-3009 `authorizationState` eth_call: whether an
 * authorization nonce was used. `used` holds the nonces the chain has seen transferred.
 */
export async function startFakeChainRpc() {
  const used = new Set<string>();
  let calls = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { id, method, params } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const send = (body: object) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id, ...body }));
      if (method !== 'eth_call') return send({ error: { code: -32601, message: `${method} is not served here` } });
      calls++;
      // authorizationState(address, bytes32): the selector, the address word, then the nonce.
      const nonce = `0x${String(params[0].data).slice(-64)}`;
      send({ result: `0x${(used.has(nonce) ? 1 : 0).toString(16).padStart(64, '0')}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    used,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
