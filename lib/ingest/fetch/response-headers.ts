import type { IncomingHttpHeaders } from 'node:http';

/** The first value of a header, whether Node gave a string or an array. */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The media type of a Content-Type header, lower-case and without parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

/**
 * max-age from Cache-Control, in seconds, so a sync can wait at least that long before polling again. no-store and
 * no-cache say nothing about how often a feed changes, so they give undefined rather than 0.
 */
export function cacheControlMaxAge(cacheControl: string | undefined): number | undefined {
  const match = cacheControl?.match(/(?:^|[,\s])max-age\s*=\s*"?(\d{1,10})"?/i);
  return match ? Number(match[1]) : undefined;
}

/** Retry-After as seconds from now: either delta-seconds or an HTTP date. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d{1,10}\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
