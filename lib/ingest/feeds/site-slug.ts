import { normalizePublicationSlug } from '@/lib/publications/slug';
import type { FeedMeta } from './feed-types';
import { absoluteUrl } from './feed-values';

export type SiteSlugOptions = {
  /** Slugs already in the catalogue, each with the site URL of the publication that holds it. */
  taken?: ReadonlyMap<string, string>;
};

/**
 * The publication slug (spec 2.1): the normalized host of the site, not of the feed. A Beehiiv feed at
 * rss.beehiiv.com whose channel links to https://www.macrotide.com gives `macrotide.com`. Falls back to the feed's
 * host only when the site URL has no readable host. Null when neither has one.
 *
 * Two publications on one host (two shows at feeds.example-host.com/show-a and /show-b, both linking to
 * example-host.com/…): a slug is a DNS host name (lib/publications/slug.ts), so it cannot hold a path. The first
 * publication keeps the bare host, as the spec says; a later one whose site URL has a path gets its first path
 * segment as an extra leading label (`show-b.example-host.com`, `@name` read as `name`), which stays a valid slug and
 * reads like the subdomain such hosts often offer. When that is taken too, or the site URL has no path, the first
 * label gets a number (`example-host-2.com`, `-3`, …). Same site URL (ignoring `www.`, scheme and a trailing slash)
 * means the same publication, so it gets its existing slug back.
 */
export function siteSlugFor(
  meta: Pick<FeedMeta, 'siteUrl'>,
  feedUrl: string,
  options: SiteSlugOptions = {},
): string | null {
  const host = hostSlug(meta.siteUrl) ?? hostSlug(feedUrl);
  if (!host) return null;
  const taken = options.taken ?? new Map<string, string>();
  const site = siteKey(meta.siteUrl) ?? siteKey(feedUrl);
  const free = (slug: string) => {
    const holder = taken.get(slug);
    return holder === undefined || siteKey(holder) === site;
  };
  if (free(host)) return host;
  // An address (feeds served on 127.0.0.1 while testing): "x.127.0.0.1" or "127-2.0.0.1" would read as malformed IPv4,
  // so the variants are built on a name made of it, "127-0-0-1.ip".
  const base = IPV4.test(host) ? `${host.replaceAll('.', '-')}.ip` : host;
  if (base !== host && free(base)) return base;
  const segment = firstPathLabel(meta.siteUrl);
  if (segment) {
    const withSegment = normalizePublicationSlug(`${segment}.${base}`);
    if (withSegment && free(withSegment)) return withSegment;
  }
  const [first, ...rest] = base.split('.');
  for (let n = 2; n < 1000; n++) {
    const numbered = normalizePublicationSlug([`${first?.slice(0, 58)}-${n}`, ...rest].join('.'));
    if (numbered && free(numbered)) return numbered;
  }
  return null;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The slug of an absolute http(s) URL only: normalizePublicationSlug also accepts bare words typed by people. */
function hostSlug(url: string): string | null {
  const absolute = absoluteUrl(url, null);
  return absolute ? normalizePublicationSlug(absolute) : null;
}

/** A comparable form of a site URL: host without www., path without trailing slash, no scheme, query or hash. */
function siteKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.toLowerCase().replace(/^www\./, '')}${parsed.pathname.replace(/\/+$/, '').toLowerCase()}`;
  } catch {
    return null;
  }
}

/** The site URL's first path segment as a DNS label (lower-case letters, digits, inner hyphens), or null. */
function firstPathLabel(url: string): string | null {
  try {
    const segment = new URL(url).pathname.split('/').find(Boolean);
    if (!segment) return null;
    const label = decodeURIComponent(segment)
      .toLowerCase()
      .replace(/^@/, '')
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63)
      .replace(/-+$/, '');
    return label.length > 0 ? label : null;
  } catch {
    return null;
  }
}
