import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Mppx, Request as MppxRequest, tempo } from 'mppx/server';
import { createClient, http } from 'viem';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { listenOnLoopback } from '@/lib/payments/sandbox/listen';
import type { SandboxConfig } from '@/lib/payments/sandbox/start';

/**
 * The smallest MPP resource server: mppx's `tempo.charge` method pointed at the sandbox Tempo chain through
 * `getClient`, with the currency and recipient from the sandbox. The handler is fetch-style (Request -> Response,
 * the shape of a Next route handler); mppx's `Request.toNodeListener` serves it from a plain Node server.
 */
export async function startMppResourceServer(config: SandboxConfig['mpp'], amount = '0.10') {
  const mppx = Mppx.create({
    methods: [
      tempo.charge({
        currency: config.currency,
        recipient: config.recipient,
        // The chain comes from the client: tempoChain() is viem's Tempo localnet (1337) with Tempo's serializers.
        getClient: () => createClient({ chain: tempoChain(config.rpcUrl), transport: http(config.rpcUrl) }),
      }),
    ],
    secretKey: randomBytes(32).toString('hex'), // binds challenge ids (HMAC); production keeps one stable secret
    realm: '127.0.0.1', // set explicitly: never let mppx guess the public host
  });

  async function handle(request: Request): Promise<Response> {
    // Settles (broadcasts the payer's transfer) when called with a valid credential, before our content is built.
    const result = await mppx.charge({ amount, description: 'A test report', scope: 'GET /report' })(request);
    if (result.status === 402) return result.challenge;
    return result.withReceipt(Response.json({ report: 'paid content' }));
  }

  const listening = await listenOnLoopback(createServer(MppxRequest.toNodeListener(handle)));
  return listening;
}
