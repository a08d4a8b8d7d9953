import { type AnyFeed, DetectError, MalformedError, parseFeed as parseAnyFeed } from 'feedsmith';
import { FeedParseError } from './feed-parse-error';
import type { ParsedFeed } from './feed-types';
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
  const { items, duplicateGuids } = finalizeItems(mapped.items);
  return { format: mapped.format, meta: mapped.meta, items, duplicateGuids };
}
