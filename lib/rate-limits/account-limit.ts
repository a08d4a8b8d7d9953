import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { enforceRateLimit } from './enforce';
import { rateLimitPolicy } from './policies';

/**
 * Counts one account action (a sign-in attempt, a key, token or checkout created) against `identity`: the client's
 * IP before sign-in, the user's id after. Over the limit it throws 429 rate_limited.
 */
export async function limitAccountAction(identity: string): Promise<void> {
  const policy = rateLimitPolicy('account', env());
  if (policy) await enforceRateLimit(await getDb(), policy, identity);
}
