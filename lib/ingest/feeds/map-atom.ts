import type { AtomFeed } from 'feedsmith';
import { cleanString, escapeHtml, plainText, truncateText } from './feed-text';
import type { FeedMeta } from './feed-types';
import { absoluteUrl, absolutizeHtml, feedDate, nestedBase, normalizeLanguage, positiveInteger } from './feed-values';
import type { DraftItem } from './finalize-items';
import { type MapContext, type MappedFeed, uniqueStrings } from './map-context';

const DESCRIPTION_MAX = 1000;

type Link = AtomFeed.Link<string>;

export function mapAtomFeed(feed: AtomFeed.Feed<string>, context: MapContext): MappedFeed {
  const base = nestedBase(feed.xml?.base, context.feedUrl);
  const author = feed.authors?.[0];
  const meta: FeedMeta = {
    title: textOf(feed.title),
    description: truncateText(textOf(feed.subtitle), DESCRIPTION_MAX),
    siteUrl: absoluteUrl(alternateLink(feed.links)?.href, base) ?? new URL(context.feedUrl).origin,
    imageUrl: absoluteUrl(feed.logo, base) ?? absoluteUrl(feed.icon, base),
    language: normalizeLanguage(feed.xml?.lang),
    authorName: cleanString(author?.name),
    authorEmail: cleanString(author?.email)?.toLowerCase() ?? null,
    copyright: textOf(feed.rights),
    generator: cleanString(feed.generator?.text),
    ttlMinutes: null,
    skipHours: [],
    skipDays: [],
    podcast: null,
  };
  const feedLanguage = feed.xml?.lang;
  const items = (feed.entries ?? []).map((entry) => mapEntry(entry, base, feedLanguage, context));
  return { format: 'atom', meta, items };
}

function mapEntry(
  entry: AtomFeed.Entry<string>,
  feedBase: string,
  feedLanguage: string | undefined,
  context: MapContext,
): DraftItem {
  const base = nestedBase(entry.xml?.base, feedBase);
  const enclosure = entry.links?.find((link) => link.rel === 'enclosure' && /^(audio|video)\//i.test(link.type ?? ''));
  const audioUrl = absoluteUrl(enclosure?.href, base);
  const summary = textOf(entry.summary);
  const language = entry.xml?.lang && entry.xml.lang !== feedLanguage ? normalizeLanguage(entry.xml.lang) : null;
  return {
    guid: cleanString(entry.id),
    url: absoluteUrl(alternateLink(entry.links)?.href, base),
    title: textOf(entry.title),
    subtitle: null,
    description: truncateText(summary, DESCRIPTION_MAX),
    contentHtml: htmlOf(entry.content, base) ?? htmlOf(entry.summary, base),
    author: cleanString(entry.authors?.[0]?.name) ?? cleanString(entry.dc?.creators?.[0]),
    publishedAt: feedDate(entry.published ?? entry.updated, context.now),
    updatedAt: feedDate(entry.updated, context.now),
    imageUrl: absoluteUrl(entry.media?.thumbnails?.[0]?.url, base),
    categories: uniqueStrings((entry.categories ?? []).map((category) => category.label ?? category.term)),
    language,
    audio: audioUrl
      ? {
          url: audioUrl,
          type: cleanString(enclosure?.type)?.toLowerCase() ?? null,
          lengthBytes: positiveInteger(enclosure?.length),
          durationSeconds: positiveInteger(entry.itunes?.duration),
        }
      : null,
    episode: positiveInteger(entry.itunes?.episode),
    season: positiveInteger(entry.itunes?.season),
    episodeType: cleanString(entry.itunes?.episodeType),
    transcripts: [],
  };
}

/** The rel="alternate" link (rel defaults to alternate), preferring an HTML page. */
function alternateLink(links: Link[] | undefined): Link | undefined {
  const alternates = (links ?? []).filter((link) => (link.rel ?? 'alternate') === 'alternate');
  return alternates.find((link) => !link.type || /html/i.test(link.type)) ?? alternates[0];
}

/**
 * An Atom text construct as plain text. feedsmith has already decoded the XML once; type="html" holds escaped markup
 * (so tags and a second layer of entities go), type="text" is already plain.
 */
function textOf(text: AtomFeed.Text | undefined): string | null {
  if (!text) return null;
  const type = text.type?.toLowerCase() ?? 'text';
  if (type === 'html' || type === 'xhtml') return plainText(text.value);
  const plain = text.value.replace(/\s+/g, ' ').trim();
  return plain.length > 0 ? plain : null;
}

function htmlOf(content: AtomFeed.Content | AtomFeed.Text | undefined, base: string): string | null {
  const value = cleanString(content?.value);
  if (!value) return null;
  const type = content?.type?.toLowerCase() ?? 'text';
  if (type === 'html' || type === 'xhtml' || type.includes('html')) return absolutizeHtml(value, base);
  if (type === 'text' || type.startsWith('text/')) return `<p>${escapeHtml(value)}</p>`;
  return null;
}
