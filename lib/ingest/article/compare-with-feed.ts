import { countWords } from '@/lib/posts/teaser';

/**
 * A page's main text replaces the feed's only when it is substantially longer: at least this many times the feed
 * text's words, plus LONGER_BY_WORDS (a page that merely adds a byline and a caption to the feed text is no longer).
 */
const LONGER_RATIO = 1.2;
const LONGER_BY_WORDS = 20;
/**
 * Less main text than this is not an article page, whatever its ratio to a short teaser: Readability falls back to any
 * text it finds below about 500 characters (a cookie notice, a "subscribe" box with the teaser in it).
 */
export const MIN_ARTICLE_WORDS = 80;
/** Share of the feed text's distinct words (4 letters or more) the page must contain to be the same article. */
const SAME_ARTICLE_SHARE = 0.5;
/** Fewer distinct words than this in the feed text cannot tell one article from another: the page is taken as it is. */
const FEW_WORDS = 6;

export type PageVerdict =
  | { outcome: 'read' }
  | { outcome: 'feed_complete' }
  | { outcome: 'unreadable'; reason: string };

/**
 * What an article page's main text is worth against the feed text of the same item: `read`, the article, when it is
 * the same piece (it contains most of the feed text's words) and substantially longer; `feed_complete` when it is the
 * same piece and no longer (the feed carried the whole post, which is then no teaser); `unreadable` when it is another
 * text (a consent page, a list of related stories) or too short to be an article.
 */
export function compareWithFeed(feedText: string, page: { text: string; words: number }): PageVerdict {
  if (!sameArticle(feedText, page.text)) {
    return { outcome: 'unreadable', reason: "the page's main text is not the feed item's article" };
  }
  const feedWords = countWords(feedText);
  if (page.words < feedWords * LONGER_RATIO + LONGER_BY_WORDS) return { outcome: 'feed_complete' };
  if (page.words < MIN_ARTICLE_WORDS) {
    return { outcome: 'unreadable', reason: `only ${page.words} words of main text on the page` };
  }
  return { outcome: 'read' };
}

function sameArticle(feedText: string, pageText: string): boolean {
  const feed = distinctWords(feedText);
  if (feed.size < FEW_WORDS) return true;
  const page = distinctWords(pageText);
  let shared = 0;
  for (const word of feed) if (page.has(word)) shared += 1;
  return shared >= feed.size * SAME_ARTICLE_SHARE;
}

function distinctWords(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]{4,}/gu) ?? [],
  );
}
