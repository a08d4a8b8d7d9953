import { createHash } from 'node:crypto';
import { appContext } from '@/lib/app/process-context';
import { env } from '@/lib/env';
import { clientIp } from './client-ip';
import { enforceRateLimit } from './enforce';
import { type RateLimitPolicyName, rateLimitPolicy } from './policies';

/** Which limits a route is under: free routes per client IP; paid routes per credential (see limitRouteRequest). */
export type RouteRateLimit = 'free' | 'paid';

/**
 * Applies the route's limit to this request and returns the RateLimit headers for its answer (429 when over).
 * On a paid route, a request with an API key or session token counts against that credential, so a buyer is never
 * limited by someone else's traffic from the same address; a wallet payment counts per IP under the paid limit; a
 * request with no credential, which only earns a 402 challenge, counts per IP under the challenge limit.
 */
export async function limitRouteRequest(request: Request, limit: RouteRateLimit): Promise<Record<string, string>> {
  const { name, identity } = classify(request, limit);
  const policy = rateLimitPolicy(name, env());
  if (!policy) return {};
  const { db, limits } = await appContext();
  return enforceRateLimit(db, limits, policy, identity);
}

function classify(request: Request, limit: RouteRateLimit): { name: RateLimitPolicyName; identity: string } {
  const ip = `ip:${clientIp(request)}`;
  if (limit === 'free') return { name: 'free', identity: ip };
  const authorization = request.headers.get('authorization') ?? '';
  const identity = requesterIdentity(request);
  if (identity !== ip) return { name: 'paid', identity };
  if (request.headers.has('payment-signature') || /^Payment\s/i.test(authorization)) {
    return { name: 'paid', identity: ip };
  }
  return { name: 'challenge', identity: ip };
}

/**
 * Whom a request counts against: its API key or session token when it carries one (the credential's hash, never the
 * credential itself, names the bucket), else its client IP.
 */
export function requesterIdentity(request: Request): string {
  const bearer = /^Bearer\s+(\S+)/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return bearer ? `key:${createHash('sha256').update(bearer).digest('hex').slice(0, 32)}` : `ip:${clientIp(request)}`;
}
