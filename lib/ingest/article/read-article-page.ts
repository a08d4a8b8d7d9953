import { FetchError } from '@/lib/ingest/fetch/fetch-error';
import { fetchWithDeps } from '@/lib/ingest/sync/fetch-feed';
import type { SyncDeps } from '@/lib/ingest/sync/sync-deps';
import { describeError } from '@/lib/post-failures/describe-error';
import { type ArticleExtraction, extractArticle } from './extract-article';

/** Article pages are HTML documents; a few megabytes hold any real one, with its inline scripts and styles. */
const PAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Time for one page, every hop and byte: a sync reads a few pages in turn, so one slow site must not hold it long. */
const PAGE_TIMEOUT_MS = 20_000;
const ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';

/** A fetched page's article, or why there is none: paywalled, blocked (by the site, or by our address guard), etc. */
export type PageRead = ArticleExtraction | { kind: 'blocked' | 'failed'; reason: string };

/**
 * Fetches an item's article page through the feeds' fetcher (SSRF guard, allow-list, per-host limiter, size and time
 * limits) and extracts its main text. Never throws: every way a page can fail is an outcome that leaves the teaser.
 */
export async function readArticlePage(url: string, deps: SyncDeps): Promise<PageRead> {
  let fetched: Awaited<ReturnType<typeof fetchWithDeps>>;
  try {
    fetched = await fetchWithDeps(url, deps, {
      maxBytes: PAGE_MAX_BYTES,
      totalTimeoutMs: Math.min(deps.fetchTimeoutMs ?? PAGE_TIMEOUT_MS, PAGE_TIMEOUT_MS),
      accept: ACCEPT,
    });
  } catch (error) {
    return error instanceof FetchError ? fromFetchError(error) : { kind: 'failed', reason: describeError(error) };
  }
  // No validators are sent, so a 304 is a server's mistake.
  if (fetched.status !== 200) return { kind: 'failed', reason: `HTTP ${fetched.status}` };
  if (fetched.contentType && !/html/i.test(fetched.contentType)) {
    return { kind: 'unreadable', reason: `not an HTML page (${fetched.contentType})` };
  }
  if (redirectedToSignIn(url, fetched.finalUrl)) return { kind: 'paywalled', reason: 'redirected to a sign-in page' };
  try {
    return extractArticle(fetched.text, fetched.finalUrl);
  } catch (error) {
    // A page our HTML pipeline chokes on costs its article, never the feed item: the teaser stays.
    return { kind: 'unreadable', reason: `not parsed: ${describeError(error)}` };
  }
}

/**
 * 401 and 402 ask for an account or a payment; 403, 429 and 451 refuse this client (a bot wall, a rate limit, a
 * region); an address our guard refuses is blocked on our side. Anything else (404, 5xx, timeouts, resets) may pass.
 */
function fromFetchError(error: FetchError): PageRead {
  const reason = describeError(error);
  if (error.code === 'http_status') {
    if (error.status === 401 || error.status === 402) return { kind: 'paywalled', reason };
    if (error.status === 403 || error.status === 429 || error.status === 451) return { kind: 'blocked', reason };
    return { kind: 'failed', reason };
  }
  if (error.code === 'blocked_address') return { kind: 'blocked', reason };
  if (error.code === 'too_large') return { kind: 'unreadable', reason };
  return { kind: 'failed', reason };
}

const SIGN_IN_PATH = /\/(?:log-?in|sign-?in|signin|login|subscribe|register|paywall|account)(?:[/?#.]|$)/i;

/** A link that lands, after redirects, on a sign-in or subscribe page: the site wants an account for the article. */
function redirectedToSignIn(requested: string, finalUrl: string): boolean {
  if (requested === finalUrl) return false;
  try {
    return SIGN_IN_PATH.test(new URL(finalUrl).pathname) && !SIGN_IN_PATH.test(new URL(requested).pathname);
  } catch {
    return false;
  }
}
