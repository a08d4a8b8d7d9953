import { appContext } from '@/lib/app/process-context';
import { env } from '@/lib/env';
import { enforceRateLimit } from './enforce';
import { rateLimitPolicy } from './policies';

/**
 * Counts one account action (a sign-in attempt, a key, token or checkout created) against `identity`: the client's
 * IP before sign-in, the user's id after. Over the limit it throws 429 rate_limited.
 */
export async function limitAccountAction(identity: string): Promise<void> {
  const policy = rateLimitPolicy('account', env());
  if (!policy) return;
  const { db, limits } = await appContext();
  await enforceRateLimit(db, limits, policy, identity);
}
