import { type AnyFeed, DetectError, MalformedError, parseFeed as parseAnyFeed } from 'feedsmith';
import type { RefusedItem } from '@/lib/posts/post-draft';
import { FeedParseError } from './feed-parse-error';
import { cleanLine, removeBetween } from './feed-text';
import type { FeedFormat, FeedMeta, ParsedFeed } from './feed-types';
import { absoluteUrl } from './feed-values';
import { finalizeItems } from './finalize-items';
import { mapAtomFeed } from './map-atom';
import type { MappedFeed } from './map-context';
import { mapJsonFeed } from './map-json';
import { mapRdfFeed, mapRssFeed } from './map-rss';

export type ParseFeedOptions = {
  /** Where the feed was fetched from: the last resort for relative links and the site URL. */
  feedUrl: string;
  /** Longest text accepted, in characters (default 20 million). */
  maxLength?: number;
  /** The clock for the future-date rule (default: now). */
  now?: Date;
};

/** Reads RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 or JSON Feed 1.x text, already decoded from bytes. */
export function parseFeed(text: string, options: ParseFeedOptions): ParsedFeed {
  const feedUrl = absoluteUrl(options.feedUrl, null);
  if (!feedUrl) throw new FeedParseError('bad_feed_url', 'The feed URL is not an absolute http(s) URL');
  if (typeof text !== 'string' || text.trim().length === 0) throw new FeedParseError('empty', 'The document is empty');
  if (text.length > (options.maxLength ?? 20_000_000))
    throw new FeedParseError('too_large', 'The document is too large');
  const now = options.now ?? new Date();
  // A byte order mark survives decoding as U+FEFF; feedsmith skips it before XML but not before a JSON Feed.
  const body = text.replace(/^\uFEFF/, '').trimStart();

  let parsed: AnyFeed<string>;
  try {
    parsed = parseAnyFeed<string>(body);
  } catch (error) {
    if (error instanceof DetectError) {
      throw new FeedParseError('not_a_feed', 'The document is not an RSS, Atom or JSON feed', { cause: error });
    }
    if (error instanceof MalformedError)
      throw new FeedParseError('malformed', 'The feed is malformed', { cause: error });
    throw new FeedParseError('malformed', 'The feed could not be parsed', { cause: error });
  }

  const context = { feedUrl, now, raw: body };
  let mapped: MappedFeed;
  switch (parsed.format) {
    case 'rss':
      mapped = mapRssFeed(parsed.feed, context);
      break;
    case 'rdf':
      mapped = mapRdfFeed(parsed.feed, context);
      break;
    case 'atom':
      mapped = mapAtomFeed(parsed.feed, context);
      break;
    case 'json':
      mapped = mapJsonFeed(parsed.feed, context);
      break;
  }
  const { items, duplicateGuids, refused } = finalizeItems(mapped.items);
  refused.push(...unreadItems(body, parsed.format, mapped.items.length));
  return { format: mapped.format, meta: cleanMeta(mapped.meta), items, duplicateGuids, refused };
}

/**
 * Items of the document that feedsmith leaves out without a word: JSON Feed entries that are not objects (null, a
 * number), and items with nothing it can read (`{}`, `<item></item>`): the JSON objects, or the item tags outside
 * CDATA sections and comments, beyond the items it returned.
 */
function unreadItems(body: string, format: FeedFormat, read: number): RefusedItem[] {
  const refusal = (reason: string) => ({ guid: null, title: null, reason });
  if (format === 'json') {
    try {
      const items = (JSON.parse(body) as { items?: unknown }).items;
      if (!Array.isArray(items)) return [];
      const objects = items.filter((item) => typeof item === 'object' && item !== null).length;
      return [
        ...Array.from({ length: items.length - objects }, () => refusal('not_an_item')),
        ...Array.from({ length: Math.max(0, objects - read) }, () => refusal('nothing_to_import')),
      ];
    } catch {
      return [];
    }
  }
  const markup = removeBetween(removeBetween(body, '<![cdata[', ']]>'), '<!--', '-->');
  const tags = markup.match(format === 'atom' ? /<entry[\s>/]/g : /<item[\s>/]/g)?.length ?? 0;
  return Array.from({ length: Math.max(0, tags - read) }, () => refusal('nothing_to_import'));
}

/** The feed's own text fields made storable as its items' are (cleanLine). */
function cleanMeta(meta: FeedMeta): FeedMeta {
  return {
    ...meta,
    title: cleanLine(meta.title),
    description: cleanLine(meta.description),
    authorName: cleanLine(meta.authorName),
    copyright: cleanLine(meta.copyright),
    generator: cleanLine(meta.generator),
    podcast: meta.podcast && {
      ...meta.podcast,
      author: cleanLine(meta.podcast.author),
      ownerName: cleanLine(meta.podcast.ownerName),
      guid: cleanLine(meta.podcast.guid),
      medium: cleanLine(meta.podcast.medium),
      categories: meta.podcast.categories
        .map((category) => cleanLine(category))
        .filter((category) => category !== null),
    },
  };
}
