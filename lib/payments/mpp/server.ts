import { Mppx, stripe, tempo } from 'mppx/server';
import { createClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tempo as tempoMainnet } from 'viem/chains';
import { stripeClient } from '@/lib/billing/stripe-client';
import { getDb } from '@/lib/db/client';
import { postgresSessionStore } from '@/lib/payments/mpp-session/channel-store';
import { postgresPaymentStore } from '@/lib/payments/replay-store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { answerNotingStripeClient } from './card-answers';

type MppSetup = NonNullable<PaymentSetup['mpp']>;

/** Deadline of each call to the Tempo RPC node and to Stripe's API. */
const OUTBOUND_TIMEOUT_MS = 15_000;

// A cache of what the setup and realm determine: only route handlers use it, so each bundle's own copy is fine.
const servers = new Map<string, ReturnType<typeof createMpp>>();

/**
 * How many mppx servers are kept. Without MPP_REALM the realm is the Host a client sends, so the cache is keyed by
 * client input: bounded, the oldest dropped first (a dropped server is only rebuilt, challenges stay valid).
 */
export const MPP_SERVER_CACHE_SIZE = 16;

/** One mppx server per configuration and realm (the realm is the public host a challenge is issued for). */
export function mppServerFor(setup: MppSetup, realm: string) {
  const key = `${realm} ${setup.tempo?.rpcUrl ?? '-'} ${setup.stripe?.networkId ?? '-'}`;
  let server = servers.get(key);
  if (!server) {
    server = createMpp(setup, realm);
    if (servers.size >= MPP_SERVER_CACHE_SIZE) servers.delete(servers.keys().next().value!);
    servers.set(key, server);
  }
  return server;
}

/** How many mppx servers this process holds (for tests of the bound). */
export function mppServerCount(): number {
  return servers.size;
}

function createMpp(setup: MppSetup, realm: string) {
  const store = postgresPaymentStore();
  const methods = [];
  if (setup.tempo) {
    const { rpcUrl, chainId, recipient, currency } = setup.tempo;
    // Tempo's chain definition carries its transaction serializers; only the id and RPC differ per deployment.
    const chain = defineChain({ ...tempoMainnet, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } });
    // Every outbound call has a deadline: a stalled RPC node must not hold a paid request (and its connection) forever.
    const client = createClient({ chain, transport: http(rpcUrl, { timeout: OUTBOUND_TIMEOUT_MS }) });
    methods.push(tempo.charge({ currency, recipient, decimals: 6, chainId, getClient: () => client, store }));
    if (setup.tempo.session) {
      // A channel per payer on the TIP-1034 escrow, its records in mpp_session_channels; the payee's key settles and
      // closes channels (its address is the recipient).
      methods.push(
        tempo.session({
          account: privateKeyToAccount(setup.tempo.session.payeeKey),
          currency,
          decimals: 6,
          chainId,
          getClient: () => client,
          store: postgresSessionStore(getDb),
        }),
      );
    }
  }
  if (setup.stripe) {
    const { secretKey, networkId, apiBaseUrl } = setup.stripe;
    // mppx reads only a fresh success from Stripe's answer; the noting client keeps it for payWithMpp to read.
    const client = answerNotingStripeClient(stripeClient(secretKey, apiBaseUrl));
    methods.push(stripe.charge({ client, networkId, paymentMethodTypes: ['card'], currency: 'usd', decimals: 2 }));
  }
  return Mppx.create({ methods, secretKey: setup.secretKey, realm });
}
