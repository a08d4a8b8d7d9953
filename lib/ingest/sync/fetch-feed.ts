import { type FetchOptions, type FetchResult, fetchResource } from '@/lib/ingest/fetch/fetch-resource';
import { decryptSecret, SecretError } from '@/lib/ingest/secrets/encrypt-secret';
import { applyFeedCredentials, type FeedCredentials } from '@/lib/ingest/secrets/feed-credentials';
import type { SyncDeps } from './sync-deps';

/** A GET through the SSRF-safe fetcher with this deployment's allow-list, User-Agent and resolver. */
export function fetchWithDeps(url: string, deps: SyncDeps, options: FetchOptions = {}): Promise<FetchResult> {
  const fetch = () =>
    fetchResource(url, {
      allowHosts: deps.allowHosts,
      userAgent: deps.userAgent,
      ...(deps.resolve && { resolve: deps.resolve }),
      ...(deps.fetchTimeoutMs && { totalTimeoutMs: deps.fetchTimeoutMs }),
      ...options,
    });
  const host = hostOf(url);
  return host ? deps.hostLimiter.run(host, fetch) : fetch();
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Fetches a feed with its stored credentials put back (a query token, or basic auth sent as a header). */
export function fetchFeed(
  feedUrl: string,
  credentials: FeedCredentials | null,
  deps: SyncDeps,
  conditional: { etag?: string | null; lastModified?: string | null } = {},
): Promise<FetchResult> {
  const { url } = applyFeedCredentials(feedUrl, credentials && { query: credentials.query });
  const basicAuth =
    credentials && (credentials.username !== undefined || credentials.password !== undefined)
      ? { username: credentials.username ?? '', password: credentials.password ?? '' }
      : undefined;
  return fetchWithDeps(url, deps, {
    ...(conditional.etag && { etag: conditional.etag }),
    ...(conditional.lastModified && { lastModified: conditional.lastModified }),
    ...(basicAuth && { basicAuth }),
  });
}

/** The stored credentials of a publication, decrypted; null when it has none. */
export function readCredentials(encrypted: string | null, deps: SyncDeps): FeedCredentials | null {
  if (!encrypted) return null;
  // Recorded on the publication like any feed failure, so one private feed never stops the others.
  if (!deps.credentialsKey) {
    throw new SecretError('invalid_key', 'This feed has private credentials but FEED_CREDENTIALS_SECRET is not set');
  }
  return JSON.parse(decryptSecret(encrypted, deps.credentialsKey)) as FeedCredentials;
}
