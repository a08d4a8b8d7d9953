import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Mppx, Request as MppxRequest, Store, tempo } from 'mppx/server';
import { createClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type SessionChargeRecorder, withSessionChargeRecorder } from '@/lib/payments/mpp-session/channel-store';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { listenOnLoopback } from '@/lib/payments/sandbox/listen';
import type { SandboxConfig } from '@/lib/payments/sandbox/start';

/**
 * The smallest MPP session resource server: mppx's own `tempo.session` method (a channel on the TIP-1034 escrow, a
 * voucher per request) over the sandbox Tempo chain, its channel records in `store` (mppx's memory store unless given). The payee's key
 * signs the settle and close transactions. `GET /report` costs `amount` per request; any other path is a 404 that
 * never reaches the payment method.
 */
export async function startMppSessionServer(
  config: SandboxConfig['mpp'],
  payeeKey: Hex,
  amount = '0.01',
  store: Store.AtomicStore = Store.memory(),
) {
  const client = createClient({ chain: tempoChain(config.rpcUrl), transport: http(config.rpcUrl) });
  const account = privateKeyToAccount(payeeKey);
  const method = tempo.session({
    account,
    currency: config.currency,
    chainId: config.chainId,
    getClient: () => client,
    store,
    suggestedDeposit: '1', // the channel's deposit the client opens with: a hundred requests at 0.01
  });
  const mppx = Mppx.create({ methods: [method], secretKey: randomBytes(32).toString('hex'), realm: '127.0.0.1' });

  let recorder: SessionChargeRecorder | undefined;
  async function handle(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== '/report') return new Response('not found', { status: 404 });
    const pay = () => mppx.session({ amount, unitType: 'request', scope: 'GET /report' })(request);
    const result = recorder ? await withSessionChargeRecorder(recorder, pay) : await pay();
    if (result.status === 402) return result.challenge;
    return result.withReceipt(Response.json({ report: 'paid content' }));
  }

  const listening = await listenOnLoopback(createServer(MppxRequest.toNodeListener(handle)));
  /** The payee settles the highest voucher it holds, with mppx's own `tempo.settle`. */
  const settle = (channelId: Hex) => tempo.settle(store, client, channelId, { account });
  /** Runs each request's payment under a charge recorder (lib/payments/mpp-session/channel-store.ts). */
  const useRecorder = (next: SessionChargeRecorder) => {
    recorder = next;
  };
  return { ...listening, settle, useRecorder };
}
