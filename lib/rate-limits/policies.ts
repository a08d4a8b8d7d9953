import type { Env } from '@/lib/env';

export type RateLimitPolicyName = 'free' | 'challenge' | 'paid' | 'generation' | 'account';

export interface RateLimitPolicy {
  name: RateLimitPolicyName;
  /** Requests allowed per window, spread evenly. */
  limit: number;
  windowSeconds: number;
  /** Requests allowed at once, before the even pace applies. */
  burst: number;
}

/** The policy of this name from the configuration, or null when its limit is off (0). */
export function rateLimitPolicy(
  name: RateLimitPolicyName,
  config: Pick<
    Env,
    | 'RATE_LIMIT_WINDOW_SECONDS'
    | 'RATE_LIMIT_BURST_SECONDS'
    | 'RATE_LIMIT_FREE'
    | 'RATE_LIMIT_CHALLENGE'
    | 'RATE_LIMIT_PAID'
    | 'RATE_LIMIT_GENERATION'
    | 'RATE_LIMIT_ACCOUNT'
  >,
): RateLimitPolicy | null {
  const limit = {
    free: config.RATE_LIMIT_FREE,
    challenge: config.RATE_LIMIT_CHALLENGE,
    paid: config.RATE_LIMIT_PAID,
    generation: config.RATE_LIMIT_GENERATION,
    account: config.RATE_LIMIT_ACCOUNT,
  }[name];
  if (limit === 0) return null;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  // The burst is what the pace allows in RATE_LIMIT_BURST_SECONDS (at least one request, at most the whole limit).
  const burst = Math.min(limit, Math.max(1, Math.ceil((limit * config.RATE_LIMIT_BURST_SECONDS) / windowSeconds)));
  return { name, limit, windowSeconds, burst };
}
