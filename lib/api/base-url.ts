import { type Env, env } from '@/lib/env';

// A Host header is echoed into URLs we hand out, so only a plain host[:port] is accepted.
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

type OriginConfig = Pick<Env, 'PUBLIC_BASE_URL' | 'TRUST_PROXY'>;

/**
 * The public origin of this service: PUBLIC_BASE_URL when set (the reliable choice in production), else the host the
 * client addressed, else the fallback origin. X-Forwarded-Host and X-Forwarded-Proto are read only with TRUST_PROXY:
 * anyone can send them, and the origin flows into OpenAPI, llms.txt, payment resources and image URLs.
 */
export function originFromHeaders(
  headers: Pick<Headers, 'get'>,
  fallback: string,
  config: OriginConfig = env(),
): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const trusted = config.TRUST_PROXY === true;
  // Next builds request.url from X-Forwarded-Proto itself, so without a trusted proxy the scheme is what this server
  // speaks: plain HTTP (TLS is terminated by a proxy, which then sets TRUST_PROXY or PUBLIC_BASE_URL).
  const fallbackOrigin = trusted ? fallback : fallback.replace(/^https:/, 'http:');
  const host = (trusted ? headers.get('x-forwarded-host') : null) ?? headers.get('host');
  if (!host || !HOST_HEADER.test(host)) return fallbackOrigin;
  const forwarded = trusted ? headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const protocol =
    forwarded === 'https' || forwarded === 'http' ? forwarded : new URL(fallbackOrigin).protocol.slice(0, -1);
  return `${protocol}://${host}`;
}

/** The public origin for URLs in an API response. */
export function publicBaseUrl(request: Request, config: OriginConfig = env()): string {
  return originFromHeaders(request.headers, new URL(request.url).origin, config);
}

/**
 * Caching headers for a response that embeds the public origin. With PUBLIC_BASE_URL the origin is fixed and the
 * response may be cached; otherwise it depends on headers the client sends, so caches must key on them.
 */
export function originCacheHeaders(config: OriginConfig = env()): Record<string, string> {
  if (config.PUBLIC_BASE_URL) return { 'Cache-Control': 'public, max-age=300' };
  const vary = config.TRUST_PROXY === true ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host';
  return { 'Cache-Control': 'no-cache', Vary: vary };
}
