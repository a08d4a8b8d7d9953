import type { JsonFeed } from 'feedsmith';
import { cleanString, escapeHtml, plainText, truncateText } from './feed-text';
import type { FeedMeta } from './feed-types';
import { absoluteUrl, absolutizeHtml, feedDate, normalizeLanguage, positiveInteger } from './feed-values';
import type { DraftItem } from './finalize-items';
import { type MapContext, type MappedFeed, uniqueStrings } from './map-context';

const DESCRIPTION_MAX = 1000;

export function mapJsonFeed(feed: JsonFeed.Feed<string>, context: MapContext): MappedFeed {
  const base = absoluteUrl(feed.feed_url, context.feedUrl) ?? context.feedUrl;
  const meta: FeedMeta = {
    title: cleanString(feed.title),
    description: truncateText(plainText(feed.description), DESCRIPTION_MAX),
    siteUrl: absoluteUrl(feed.home_page_url, base) ?? new URL(context.feedUrl).origin,
    imageUrl: absoluteUrl(feed.icon, base) ?? absoluteUrl(feed.favicon, base),
    language: normalizeLanguage(feed.language),
    authorName: cleanString(feed.authors?.[0]?.name),
    authorEmail: null,
    copyright: null,
    generator: null,
    ttlMinutes: null,
    skipHours: [],
    skipDays: [],
    podcast: null,
  };
  const items = (Array.isArray(feed.items) ? feed.items : []).map((item) => mapJsonItem(item, base, context));
  return { format: 'json', meta, items };
}

function mapJsonItem(item: JsonFeed.Item<string>, base: string, context: MapContext): DraftItem {
  const url = absoluteUrl(item.url, base) ?? absoluteUrl(item.external_url, base);
  const attachment = item.attachments?.find((a) => /^(audio|video)\//i.test(a.mime_type ?? ''));
  const audioUrl = absoluteUrl(attachment?.url, base);
  const html = cleanString(item.content_html);
  const text = cleanString(item.content_text);
  return {
    // JSON Feed ids may be numbers in the wild; String() keeps them usable as guids.
    guid: item.id == null ? null : cleanString(String(item.id)),
    url,
    title: plainText(item.title),
    subtitle: null,
    description: truncateText(plainText(item.summary), DESCRIPTION_MAX),
    contentHtml: html ? absolutizeHtml(html, url ?? base) : text ? `<p>${escapeHtml(text)}</p>` : null,
    author: cleanString(item.authors?.[0]?.name),
    publishedAt: feedDate(item.date_published, context.now),
    updatedAt: feedDate(item.date_modified, context.now),
    imageUrl: absoluteUrl(item.image, base) ?? absoluteUrl(item.banner_image, base),
    categories: uniqueStrings(Array.isArray(item.tags) ? item.tags : []),
    language: normalizeLanguage(item.language),
    audio: audioUrl
      ? {
          url: audioUrl,
          type: cleanString(attachment?.mime_type)?.toLowerCase() ?? null,
          lengthBytes: positiveInteger(attachment?.size_in_bytes),
          durationSeconds: positiveInteger(attachment?.duration_in_seconds),
        }
      : null,
    episode: null,
    season: null,
    episodeType: null,
    transcripts: [],
  };
}
