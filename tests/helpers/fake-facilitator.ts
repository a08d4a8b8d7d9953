import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hosted x402 facilitator stand-in on loopback, speaking the HTTP API that @x402/core's HTTPFacilitatorClient
 * calls (GET /supported, POST /verify and /settle with `{x402Version, paymentPayload, paymentRequirements}`). It
 * accepts every payment and settles it without a chain: for tests of what the service does around a facilitator,
 * with the real client and resource server in the loop. Real settlement is tested against the sandbox's facilitator.
 */
export interface FakeFacilitator {
  url: string;
  /** The nonces of the payments /settle was asked to settle, in order. */
  settled: string[];
  payer: string;
  transaction: string;
  /**
   * How /settle answers: settles ('ok'), fails with a 502 and no settle response (an unknown outcome), never answers
   * ('hang'), refuses with a settle response ({success: false}) as a facilitator does for a bad payment, or
   * settles each nonce once and refuses it afterwards, as the chain makes a real one do ('once').
   */
  settleMode: 'ok' | 'error-502' | 'hang' | 'refuse' | 'once';
  /** How /verify answers: every payment valid, or every one invalid (as a bad signature is). */
  verifyMode: 'valid' | 'invalid';
  /** Awaited before /settle answers: lets a test land another settlement in the middle of this one. */
  beforeSettle?: () => Promise<void>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

export async function startFakeFacilitator(network: string): Promise<FakeFacilitator> {
  const payer = `0x${'33'.repeat(20)}`;
  const transaction = `0x${'ab'.repeat(32)}`;
  const settled: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const path = (request.url ?? '/').split('?')[0];
      if (request.method === 'GET' && path === '/supported') {
        return send(200, { kinds: [{ x402Version: 2, scheme: 'exact', network }], extensions: [], signers: {} });
      }
      if (request.method !== 'POST') return send(404, { error: 'not found' });
      const body = await readJson(request);
      if (path === '/verify') {
        return facilitator.verifyMode === 'valid'
          ? send(200, { isValid: true, payer })
          : send(200, { isValid: false, invalidReason: 'invalid_exact_evm_payload_signature', payer });
      }
      if (path === '/settle') {
        await facilitator.beforeSettle?.();
        if (facilitator.settleMode === 'hang') return;
        if (facilitator.settleMode === 'error-502') return send(502, { error: 'bad gateway' });
        if (facilitator.settleMode === 'refuse') {
          return send(400, { success: false, errorReason: 'insufficient_funds', transaction: '', network, payer });
        }
        const payload = body.paymentPayload as { payload?: { authorization?: { nonce?: string } } } | undefined;
        const nonce = String(payload?.payload?.authorization?.nonce);
        if (facilitator.settleMode === 'once' && settled.includes(nonce)) {
          return send(400, { success: false, errorReason: 'nonce_already_used', transaction: '', network, payer });
        }
        settled.push(nonce);
        return send(200, { success: true, transaction, network, payer });
      }
      return send(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const facilitator: FakeFacilitator = {
    url: `http://127.0.0.1:${port}`,
    settled,
    payer,
    transaction,
    settleMode: 'ok',
    verifyMode: 'valid',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return facilitator;
}
