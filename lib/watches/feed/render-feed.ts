import { Feed } from 'feed';
import type { EventPayload } from '@/lib/watches/event-payload';
import type { WatchFeed } from './read-feed';

function entryTitle(payload: EventPayload): string {
  const { post, call } = payload.data;
  return call ? `${call.ticker} ${call.direction} ${call.action}: ${post.title}` : post.title;
}

function whyText(payload: EventPayload): string {
  const { match } = payload.data;
  if (match.reason === 'publication') return 'A new post of the publication.';
  if (match.reason === 'ticker_mention') return `Names ${match.ticker} (${match.mentions} mention(s)).`;
  if (match.reason === 'ticker_call') return `A call on ${match.ticker} was extracted.`;
  return `Matches the topic (${match.confidence}, relevance ${match.relevanceScore}): ${match.whyMatched.join('; ')}.`;
}

function entryText(payload: EventPayload): string {
  const { post, call } = payload.data;
  return [
    `${post.publicationTitle ?? post.publicationSlug}${post.author ? `, ${post.author}` : ''}.`,
    whyText(payload),
    `Summary (paid): ${post.summaryUrl}`,
    ...(call ? [`Calls (paid): ${call.stockPicksUrl}`] : []),
  ].join('\n');
}

function buildAtom(feed: WatchFeed, selfUrl: string): Feed {
  const result = new Feed({
    title: `Watch: ${feed.kind} ${feed.subject}`,
    description: `New posts matching the ${feed.kind} watch "${feed.subject}".`,
    id: `urn:uuid:${feed.watchId}`,
    link: feed.baseUrl,
    feedLinks: { atom: selfUrl },
    copyright: '',
    updated: feed.events[0]?.createdAt ?? new Date(0),
  });
  for (const event of feed.events) {
    result.addItem({
      title: entryTitle(event.payload),
      id: `urn:uuid:${event.id}`,
      link: event.payload.data.post.url,
      date: event.createdAt,
      published: event.payload.data.post.publishedAt ? new Date(event.payload.data.post.publishedAt) : undefined,
      description: entryText(event.payload),
    });
  }
  return result;
}

/** The Atom feed of a watch's events. */
export function renderAtom(feed: WatchFeed, selfUrl: string): string {
  return buildAtom(feed, selfUrl).atom1();
}

/**
 * The JSON Feed 1.1 of a watch's events (written here: the feed package renders only version 1, whose content is
 * HTML). Each item's text is plain (`content_text`), and the item also carries the event itself under `_watch_event`
 * (JSON Feed's extension convention), the same body its webhook delivers, so an agent reading the feed parses what a
 * receiver does.
 */
export function renderJsonFeed(feed: WatchFeed, selfUrl: string): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: `Watch: ${feed.kind} ${feed.subject}`,
    description: `New posts matching the ${feed.kind} watch "${feed.subject}".`,
    home_page_url: feed.baseUrl,
    feed_url: selfUrl,
    items: feed.events.map((event) => {
      const { post } = event.payload.data;
      return {
        id: `urn:uuid:${event.id}`,
        ...(post.url ? { url: post.url } : {}),
        title: entryTitle(event.payload),
        content_text: entryText(event.payload),
        summary: whyText(event.payload),
        ...(post.publishedAt ? { date_published: post.publishedAt } : {}),
        date_modified: event.createdAt.toISOString(),
        _watch_event: { id: event.id, ...event.payload },
      };
    }),
  });
}
