import { env } from '@/lib/env';

// A Host header is echoed into URLs we hand out, so only a plain host[:port] is accepted.
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The public origin of this service: PUBLIC_BASE_URL when set (the reliable choice behind a proxy), else the host
 * the client addressed, else the fallback origin.
 */
export function originFromHeaders(headers: Pick<Headers, 'get'>, fallback: string): string {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  if (!host || !HOST_HEADER.test(host)) return fallback;
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : new URL(fallback).protocol.slice(0, -1);
  return `${protocol}://${host}`;
}

/** The public origin for URLs in an API response. */
export function publicBaseUrl(request: Request): string {
  return originFromHeaders(request.headers, new URL(request.url).origin);
}
