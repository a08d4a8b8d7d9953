import { type IncomingMessage, validateHeaderValue } from 'node:http';
import { decodeText } from './decode-text';
import { ACCEPT_ENCODING } from './decompress';
import { FetchError } from './fetch-error';
import { requestOnce } from './request-once';
import { type Resolve, systemResolve } from './resolve-destination';
import { cacheControlMaxAge, header, mediaType } from './response-headers';

export type FetchOptions = {
  /** ETag of the stored copy, sent as If-None-Match. */
  etag?: string;
  /** Last-Modified of the stored copy, sent as If-Modified-Since. */
  lastModified?: string;
  /** HTTP basic auth for private feeds; sent only to the origin of the first URL, never across origins. */
  basicAuth?: { username: string; password: string };
  /** Host names or IP addresses exempt from the non-public address refusal (INGEST_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** Largest body accepted, after decompression. Default 20 MiB. */
  maxBytes?: number;
  /** Time to resolve and connect (and finish TLS) for each hop. Default 10 s. */
  connectTimeoutMs?: number;
  /** Time for the whole fetch: every hop, every byte. Default 60 s. */
  totalTimeoutMs?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  /** DNS lookup; defaults to the system resolver (dns.lookup). */
  resolve?: Resolve;
};

/** Cache facts of a response, for the next conditional request and for scheduling the next poll. */
type Freshness = { etag?: string; lastModified?: string; cacheControlMaxAgeSeconds?: number };

/**
 * `finalUrl` and `permanentUrl` are the URLs as requested and may carry a private token: store them, and log them
 * only through redactUrl. `permanentUrl` is set when every hop to the final URL was 301 or 308 (store it as the feed
 * URL); it is absent when nothing redirected or any hop was temporary.
 */
export type FetchResult =
  | ({
      status: 200;
      finalUrl: string;
      permanentUrl?: string;
      contentType?: string;
      /** The charset the text was decoded with. */
      charset: string;
      body: Buffer;
      text: string;
    } & Freshness)
  | ({ status: 304; finalUrl: string; permanentUrl?: string } & Freshness);

export const DEFAULT_USER_AGENT = 'FinancialPublicationsResearchBot/1.0 (+https://example.com/bot)';
export const DEFAULT_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';
const DEFAULTS = { maxBytes: 20 * 1024 * 1024, connectTimeoutMs: 10_000, totalTimeoutMs: 60_000, maxRedirects: 5 };

function parseHttpUrl(text: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    // No cause and no input: the text may hold credentials.
    throw new FetchError('invalid_url', 'not a valid URL', base ? { url: base } : {});
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('unsupported_scheme', `refused scheme "${url.protocol.slice(0, 20)}"`, { url });
  }
  url.hash = '';
  return url;
}

function freshness(response: IncomingMessage): Freshness {
  const etag = header(response.headers, 'etag');
  const lastModified = header(response.headers, 'last-modified');
  const maxAge = cacheControlMaxAge(header(response.headers, 'cache-control'));
  return {
    ...(etag && { etag }),
    ...(lastModified && { lastModified }),
    ...(maxAge !== undefined && { cacheControlMaxAgeSeconds: maxAge }),
  };
}

// The stored feed URL carried its credentials; a permanent move within the origin must keep them, or the next
// sync would lose access. They stay off finalUrl, which is what was requested.
function permanentUrl(url: URL, origin: string, credentials?: { username: string; password: string }): string {
  if (!credentials || url.origin !== origin) return url.href;
  const withCredentials = new URL(url);
  withCredentials.username = credentials.username;
  withCredentials.password = credentials.password;
  return withCredentials.href;
}

function isSendable(value: string): boolean {
  try {
    validateHeaderValue('x', value);
    return true;
  } catch {
    return false;
  }
}

function headerValue(name: string, value: string): string {
  if (!isSendable(value)) throw new TypeError(`fetchResource: ${name} is not a valid header value`);
  return value;
}

function positive(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < min) throw new RangeError(`fetchResource: ${name} must be >= ${min}`);
  return value;
}

/**
 * GETs a feed (or any resource) safely: http(s) only, every hop's address checked after DNS and connected to as
 * checked, redirects followed up to a limit with loops detected, conditional request headers, gzip/deflate/br,
 * a size limit enforced while streaming, connect and total timeouts. Fails with a FetchError whose message never
 * holds credentials.
 */
export async function fetchResource(input: string | URL, options: FetchOptions = {}): Promise<FetchResult> {
  const maxBytes = positive('maxBytes', options.maxBytes, DEFAULTS.maxBytes);
  const connectTimeoutMs = positive('connectTimeoutMs', options.connectTimeoutMs, DEFAULTS.connectTimeoutMs);
  const totalTimeoutMs = positive('totalTimeoutMs', options.totalTimeoutMs, DEFAULTS.totalTimeoutMs);
  const maxRedirects = positive('maxRedirects', options.maxRedirects, DEFAULTS.maxRedirects, 0);
  const deadline = Date.now() + totalTimeoutMs;

  let url = parseHttpUrl(input);
  // Credentials written into the URL are basic auth too; they are sent as a header, never as part of a request line.
  let basicAuth = options.basicAuth;
  if (!basicAuth && (url.username || url.password)) {
    basicAuth = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  }
  const urlCredentials = url.username || url.password ? { username: url.username, password: url.password } : undefined;
  url.username = '';
  url.password = '';
  const origin = url.origin;

  const baseHeaders: Record<string, string> = {
    'user-agent': headerValue('userAgent', options.userAgent ?? DEFAULT_USER_AGENT),
    accept: headerValue('accept', options.accept ?? DEFAULT_ACCEPT),
    'accept-encoding': ACCEPT_ENCODING,
  };
  // Validators come from a remote server by way of the database: one that cannot be sent is dropped, which costs a
  // full download instead of failing every sync of the feed.
  if (options.etag && isSendable(options.etag)) baseHeaders['if-none-match'] = options.etag;
  if (options.lastModified && isSendable(options.lastModified)) baseHeaders['if-modified-since'] = options.lastModified;
  const authorization = basicAuth
    ? `Basic ${Buffer.from(`${basicAuth.username}:${basicAuth.password}`).toString('base64')}`
    : undefined;

  const visited = new Set<string>([url.href]);
  let allPermanent = true;
  for (let redirects = 0; ; redirects++) {
    const sameOrigin = url.origin === origin;
    const headers = authorization && sameOrigin ? { ...baseHeaders, authorization } : baseHeaders;
    const hop = await requestOnce(url, {
      headers,
      allowHosts: options.allowHosts ?? [],
      resolve: options.resolve ?? systemResolve,
      maxBytes,
      connectTimeoutMs,
      deadline,
    });
    if (hop.kind === 'redirect') {
      if (!hop.location) throw new FetchError('network', `HTTP ${hop.status} without a Location`, { url });
      const next = parseHttpUrl(hop.location, url);
      // Credentials a server writes into a Location are never ours to send or to store.
      next.username = '';
      next.password = '';
      if (visited.has(next.href)) throw new FetchError('redirect_loop', 'redirect loop', { url: next });
      if (redirects + 1 > maxRedirects) {
        throw new FetchError('too_many_redirects', `more than ${maxRedirects} redirects`, { url: next });
      }
      visited.add(next.href);
      allPermanent &&= hop.status === 301 || hop.status === 308;
      url = next;
      continue;
    }
    const moved = redirects > 0 && allPermanent ? { permanentUrl: permanentUrl(url, origin, urlCredentials) } : {};
    if (hop.kind === 'not_modified') return { status: 304, finalUrl: url.href, ...moved, ...freshness(hop.response) };
    const contentType = header(hop.response.headers, 'content-type');
    const { text, charset } = decodeText(hop.body, contentType);
    const type = mediaType(contentType);
    return {
      status: 200,
      finalUrl: url.href,
      ...moved,
      ...(type && { contentType: type }),
      charset,
      ...freshness(hop.response),
      body: hop.body,
      text,
    };
  }
}
