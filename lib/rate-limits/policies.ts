import type { Env } from '@/lib/env';

export type RateLimitPolicyName = 'free' | 'challenge' | 'paid' | 'generation';

export interface RateLimitPolicy {
  name: RateLimitPolicyName;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** The policy of this name from the configuration, or null when its limit is off (0). */
export function rateLimitPolicy(
  name: RateLimitPolicyName,
  config: Pick<
    Env,
    | 'RATE_LIMIT_WINDOW_SECONDS'
    | 'RATE_LIMIT_FREE'
    | 'RATE_LIMIT_CHALLENGE'
    | 'RATE_LIMIT_PAID'
    | 'RATE_LIMIT_GENERATION'
  >,
): RateLimitPolicy | null {
  const limit = {
    free: config.RATE_LIMIT_FREE,
    challenge: config.RATE_LIMIT_CHALLENGE,
    paid: config.RATE_LIMIT_PAID,
    generation: config.RATE_LIMIT_GENERATION,
  }[name];
  return limit > 0 ? { name, limit, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS } : null;
}
