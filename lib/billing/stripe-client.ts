import Stripe from 'stripe';

/** Stripe calls give up after this long: a stalled API must not hold a request (and its connection) forever. */
export const STRIPE_TIMEOUT_MS = 15_000;

/**
 * The official Stripe client for a secret key; `apiBaseUrl` (STRIPE_API_BASE_URL) points it somewhere other than
 * api.stripe.com, as the tests do with their loopback server. Shared by credit-pack Checkout and MPP's card method.
 */
export function stripeClient(secretKey: string, apiBaseUrl: string | null): Stripe {
  const api = apiBaseUrl ? new URL(apiBaseUrl) : null;
  return new Stripe(
    secretKey,
    api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.slice(0, -1) as 'http' | 'https',
          timeout: STRIPE_TIMEOUT_MS,
          maxNetworkRetries: 1,
        }
      : { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 1 },
  );
}
