import type { RouteDefinition } from '@/lib/api/route';
import { API_ROUTES } from '@/lib/api/routes/all';
import type { BlockedBuckets } from './blocked-buckets';
import { limited } from './enforce';
import { rateLimitPolicy } from './policies';

// The free routes' paths as patterns ({name} is one path segment).
const FREE_ROUTE_PATTERNS = API_ROUTES.filter((route: RouteDefinition) => route.rateLimit === 'free').map(
  (route) => new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
);

/**
 * A 429 answered by server.ts itself, before Next runs, for a client already known to be over its free-route limit:
 * a flood then costs a map lookup per request instead of a route handler, and the event loop stays free for other
 * clients. Anything not known to be limited goes on to the route, which counts it in the database.
 */
export function earlyRefusal(
  method: string,
  url: string,
  clientIp: string,
  config: Parameters<typeof rateLimitPolicy>[1],
  blocked: BlockedBuckets,
): { status: number; headers: Record<string, string>; body: string } | null {
  if (method !== 'GET') return null;
  const path = url.split('?', 1)[0]!;
  if (!FREE_ROUTE_PATTERNS.some((pattern) => pattern.test(path))) return null;
  const policy = rateLimitPolicy('free', config);
  const seconds = policy && blocked.secondsLeft(`free:ip:${clientIp}`);
  if (!policy || !seconds) return null;
  const error = limited(policy, seconds);
  return {
    status: error.status,
    headers: {
      'content-type': 'application/json',
      // What next.config.js adds to every /api/v1 answer, so a browser agent can read this one too.
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Retry-After, RateLimit, RateLimit-Policy, X-Request-Id',
      ...error.headers,
    },
    body: JSON.stringify(error.body),
  };
}
