import type { Env } from '@/lib/env';
import { massiveProvider } from './massive';
import type { PriceProvider } from './provider';

/** Said wherever prices would be used, when no provider is configured. */
export const NO_PROVIDER_REASON = 'No price provider is configured (MASSIVE_API_KEY): no closes are fetched.';

/** The deployment's price provider, or null when none is configured. */
export function configuredPriceProvider(env: Pick<Env, 'MASSIVE_API_KEY' | 'MASSIVE_BASE_URL'>): PriceProvider | null {
  if (!env.MASSIVE_API_KEY) return null;
  return massiveProvider({ apiKey: env.MASSIVE_API_KEY, baseUrl: env.MASSIVE_BASE_URL });
}
