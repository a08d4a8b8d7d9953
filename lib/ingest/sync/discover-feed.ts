import { detectPlatform, type FeedPlatform } from '@/lib/ingest/feeds/detect-platform';
import { feedCandidates } from '@/lib/ingest/feeds/feed-candidates';
import { escapeHtml } from '@/lib/ingest/feeds/feed-text';
import type { FeedMeta, ParsedFeed } from '@/lib/ingest/feeds/feed-types';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import type { FetchResult } from '@/lib/ingest/fetch/fetch-resource';
import { type FeedCredentials, splitFeedCredentials } from '@/lib/ingest/secrets/feed-credentials';
import { fetchFeed } from './fetch-feed';
import type { SyncDeps } from './sync-deps';

const MAX_CANDIDATES = 8;

export class FeedNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedNotFoundError';
  }
}

export interface DiscoveredFeed {
  /** The feed URL without credentials, safe to store and show. */
  feedUrl: string;
  credentials: FeedCredentials | null;
  fetched: Extract<FetchResult, { status: 200 }>;
  parsed: ParsedFeed;
  platform: FeedPlatform;
}

/**
 * Finds the feed behind any URL of a publication: the URL itself when it is a feed, else the page's autodiscovery
 * links, the platform's well-known feed paths and common guesses, in that order (lib/ingest/feeds/feed-candidates).
 * A private feed URL's token or basic-auth pair is split off here and applied to the fetch only.
 */
export async function discoverFeed(input: string, deps: SyncDeps): Promise<DiscoveredFeed> {
  const { publicUrl, credentials } = splitFeedCredentials(input);
  const page = await fetchFeed(publicUrl, credentials, deps);
  if (page.status !== 200) throw new FeedNotFoundError('The URL answered 304 to an unconditional request');
  const direct = tryParse(page);
  if (direct) return found(page, direct, credentials);
  const pageUrl = splitFeedCredentials(page.finalUrl).publicUrl;
  const platform = detectPlatform({ url: pageUrl, html: page.text });
  const candidates = feedCandidates({ url: pageUrl, html: page.text, platform })
    .filter((url) => url !== pageUrl)
    .slice(0, MAX_CANDIDATES);
  for (const candidate of candidates) {
    const fetched = await fetchFeed(candidate, null, deps).catch(() => null);
    const parsed = fetched?.status === 200 ? tryParse(fetched) : null;
    if (fetched?.status === 200 && parsed) return found(fetched, parsed, null, platform);
  }
  throw new FeedNotFoundError(
    `No feed found at that URL: it is not a feed, and none of ${candidates.length} candidate feed URLs answered one`,
  );
}

function tryParse(fetched: Extract<FetchResult, { status: 200 }>): ParsedFeed | null {
  try {
    return parseFeed(fetched.text, { feedUrl: splitFeedCredentials(fetched.finalUrl).publicUrl });
  } catch {
    return null;
  }
}

function found(
  fetched: Extract<FetchResult, { status: 200 }>,
  parsed: ParsedFeed,
  credentials: FeedCredentials | null,
  pagePlatform?: FeedPlatform,
): DiscoveredFeed {
  const feedUrl = splitFeedCredentials(fetched.permanentUrl ?? fetched.finalUrl).publicUrl;
  return { feedUrl, credentials, fetched, parsed, platform: platformOf(feedUrl, parsed.meta, pagePlatform) };
}

/** The platform from the page when we saw it, else from the feed's URL, its site's host and its generator. */
function platformOf(feedUrl: string, meta: FeedMeta, pagePlatform?: FeedPlatform): FeedPlatform {
  if (pagePlatform && pagePlatform !== 'generic') return pagePlatform;
  const generator = meta.generator ? `<meta name="generator" content="${escapeHtml(meta.generator)}">` : '';
  for (const url of [feedUrl, meta.siteUrl]) {
    const platform = detectPlatform({ url, html: generator });
    if (platform !== 'generic') return platform;
  }
  return 'generic';
}
