import type { FeedItem, FeedMeta } from '@/lib/ingest/feeds/feed-types';
import { stripTrackingParams } from '@/lib/ingest/fetch/strip-tracking-params';
import { sanitizePostHtml } from '@/lib/ingest/html/sanitize';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import type { PostDraft } from '@/lib/posts/post-draft';

const TITLE_FROM_TEXT = 90;

/**
 * A feed item as a post: the full HTML sanitized (content:encoded or Atom content where the feed carries it, else
 * the excerpt), its text for search and the generators, and a URL without tracking parameters. An item without a
 * link (some podcast feeds) points at its audio, else at the site with its guid as fragment: the spec needs a URL.
 */
export function itemDraft(item: FeedItem, meta: FeedMeta): PostDraft {
  const url = stripTrackingParams(item.url ?? item.audio?.url ?? `${meta.siteUrl}#${encodeURIComponent(item.guid)}`);
  const contentHtml = item.contentHtml ? sanitizePostHtml(item.contentHtml, { baseUrl: url }) : null;
  const bodyText = contentHtml ? htmlToPlainText(contentHtml) : (item.description ?? '');
  return {
    guid: item.guid,
    url,
    title: item.title ?? titleFromText(bodyText) ?? 'Untitled',
    subtitle: item.subtitle,
    description: item.description,
    author: item.author ?? meta.authorName ?? meta.podcast?.author ?? null,
    imageUrl: item.imageUrl,
    audioUrl: item.audio?.url ?? null,
    contentHtml,
    bodyText,
    // The RSS description is an excerpt when the feed also has the full text, and the whole post when it has only that.
    textSource: contentHtml && bodyText.length > (item.description?.length ?? 0) ? 'feed_content' : 'feed_excerpt',
    language: item.language ?? meta.language,
    publishedAt: item.publishedAt,
  };
}

function titleFromText(text: string): string | null {
  const line = text.trim().split(/\n/u)[0]?.trim();
  if (!line) return null;
  return line.length <= TITLE_FROM_TEXT ? line : `${line.slice(0, TITLE_FROM_TEXT).replace(/\s+\S*$/u, '')}…`;
}
