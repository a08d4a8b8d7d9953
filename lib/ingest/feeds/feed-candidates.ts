import type { FeedPlatform } from './detect-platform';
import { absoluteUrl } from './feed-values';
import { documentBase, htmlTags } from './html-tags';

export type FeedCandidatesInput = { url: string; html?: string; platform: FeedPlatform };

const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
  'application/rdf+xml',
  'text/xml',
  'application/xml',
]);

const GENERIC_PATHS = ['/feed', '/rss', '/rss.xml', '/atom.xml', '/feed.json', '/index.xml'];

/**
 * Absolute URLs to try, best first, for any URL of a publication: the URL itself when it already looks like a feed,
 * the page's autodiscovery links, the platform's own feed paths, then common guesses. On a post page, comment feeds
 * are skipped and platform paths are built from the publication's root, so a post never yields a per-post feed.
 */
export function feedCandidates({ url, html, platform }: FeedCandidatesInput): string[] {
  const page = absoluteUrl(url, null);
  if (!page) return [];
  const out: string[] = [];
  const add = (candidate: string | null) => {
    if (candidate && !out.includes(candidate)) out.push(candidate);
  };
  if (looksLikeFeedUrl(page)) add(page);
  if (html) for (const link of autodiscoveryLinks(html, page)) add(link);
  for (const path of platformFeeds(page, html, platform)) add(path);
  const origin = new URL(page).origin;
  for (const path of GENERIC_PATHS) add(`${origin}${path}`);
  return out;
}

/** `<link rel="alternate" type="…feed type…">` targets, resolved against `<base href>`, comment feeds left out. */
export function autodiscoveryLinks(html: string, pageUrl: string): string[] {
  const base = documentBase(html, pageUrl);
  const out: string[] = [];
  for (const tag of htmlTags(html, 'link')) {
    const rel = (tag.rel ?? '').toLowerCase().split(/\s+/);
    const type = (tag.type ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
    if (!rel.includes('alternate') || !FEED_TYPES.has(type) || !tag.href) continue;
    if (/comment/i.test(tag.title ?? '') || /\/comments\/feed\/?$|\/comments\/?$/i.test(tag.href)) continue;
    // oEmbed and WordPress REST endpoints share the JSON type but are not feeds.
    if (/oembed|\/wp-json\//i.test(tag.href)) continue;
    const href = absoluteUrl(tag.href, base);
    if (href && !out.includes(href)) out.push(href);
  }
  return out;
}

function looksLikeFeedUrl(url: string): boolean {
  const { pathname, search } = new URL(url);
  return (
    /(^|\/)(feed|rss|atom)(\/|\.xml|\.json|\.rss)?$/i.test(pathname) ||
    /\.(rss|atom|xml)$/i.test(pathname) ||
    /\/feed\/@?[^/]+\/?$/i.test(pathname) ||
    /[?&]feed=(rss2?|atom|rdf)\b/i.test(search)
  );
}

function platformFeeds(page: string, html: string | undefined, platform: FeedPlatform): string[] {
  const url = new URL(page);
  const origin = url.origin;
  const segments = url.pathname.split('/').filter(Boolean);
  switch (platform) {
    case 'substack': {
      // substack.com/@name and substack.com/home/post/… are the reader app; the publication lives on its subdomain.
      const handle =
        url.hostname.replace(/^www\./, '') === 'substack.com' ? segments[0]?.match(/^@([\w-]+)$/)?.[1] : null;
      return handle ? [`https://${handle.toLowerCase()}.substack.com/feed`] : [`${origin}/feed`];
    }
    case 'beehiiv': {
      const id = html?.match(/rss\.beehiiv\.com\/feeds\/([A-Za-z0-9_-]+)\.xml/)?.[1];
      return [...(id ? [`https://rss.beehiiv.com/feeds/${id}.xml`] : []), `${origin}/feed`];
    }
    case 'ghost':
      return [`${origin}/rss/`];
    case 'wordpress':
      return [`${origin}/feed/`, `${origin}/?feed=rss2`];
    case 'medium':
      return mediumFeeds(url, segments);
    case 'generic':
      return [];
  }
}

function mediumFeeds(url: URL, segments: string[]): string[] {
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'medium.com') {
    const first = segments[0];
    if (!first || first === 'feed')
      return first === 'feed' && segments[1] ? [`https://medium.com/feed/${segments[1]}`] : [];
    // medium.com/@user/post or medium.com/publication/post: the first segment names the feed's owner.
    return [`https://medium.com/feed/${first}`];
  }
  if (host.endsWith('.medium.com')) {
    const user = host.slice(0, -'.medium.com'.length);
    return [`https://medium.com/feed/@${user}`, `${url.origin}/feed`];
  }
  // A publication on its own domain serves its feed at /feed.
  return [`${url.origin}/feed`];
}
