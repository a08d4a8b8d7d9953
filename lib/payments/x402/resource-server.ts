import { HTTPFacilitatorClient, x402ResourceServer } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { batchServerScheme } from '@/lib/payments/batch-settlement/server-scheme';
import type { PaymentSetup } from '@/lib/payments/setup';

type X402Setup = NonNullable<PaymentSetup['x402']>;

// A cache of what the setup determines: only route handlers use it, so each bundle's own copy is fine.
const servers = new Map<string, Promise<x402ResourceServer>>();

/**
 * The x402 resource server for the configured network and facilitator, initialized once (it asks the facilitator
 * what it supports): `exact`, and `batch-settlement` when the setup offers it. A failed initialization is forgotten so
 * the next request tries again.
 */
export function x402ServerFor(setup: X402Setup): Promise<x402ResourceServer> {
  const key = `${setup.network} ${setup.facilitatorUrl} ${setup.timeoutMs} ${setup.batchSettlement ? 'batch' : ''}`;
  let server = servers.get(key);
  if (!server) {
    server = (async () => {
      const created = new x402ResourceServer(
        new HTTPFacilitatorClient({ url: setup.facilitatorUrl, timeoutMs: setup.timeoutMs }),
      );
      created.register(setup.network, new ExactEvmScheme());
      if (setup.batchSettlement) created.register(setup.network, await batchServerScheme(setup, setup.batchSettlement));
      await created.initialize();
      return created;
    })();
    server.catch(() => servers.delete(key));
    servers.set(key, server);
  }
  return server;
}
