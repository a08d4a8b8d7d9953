import type { TextSource } from './post-draft';

/**
 * Hosts whose feeds carry a sentence or two per item and keep the article on the site (often behind a paywall):
 * their feed text is a teaser even when it runs past TEASER_WORDS.
 */
const TEASER_HOSTS = [
  'ft.com',
  'wsj.com',
  'economist.com',
  'livemint.com',
  'bloomberg.com',
  'barrons.com',
  'marketwatch.com',
  'nytimes.com',
  'washingtonpost.com',
  'reuters.com',
  'cnbc.com',
  'businessinsider.com',
  'seekingalpha.com',
  'investing.com',
  'fool.com',
];

/** Feed text shorter than this is a teaser: no article, newsletter issue or essay fits in it. */
export const TEASER_WORDS = 60;
/** A known teaser host's feed text up to this length is its teaser, not the article. */
const TEASER_HOST_WORDS = 200;

/** "Read more", "Continue reading →", "[…]", "The post X appeared first on Y.", a final "…": the feed cut the article. */
const CUT_MARK =
  /(?:\b(?:read (?:the )?(?:more|full (?:story|article|post))|continue reading|keep reading|read on|full story|click here to read)\b[^\n]{0,80}|\[(?:…|\.\.\.|&hellip;)\]|(?:…|\.\.\.)\s*(?:\S{0,20})|\bThe post .{1,200} appeared first on .{1,120})\s*$/iu;

export interface TeaserInput {
  text: string;
  /** Where the text came from (posts.text_source); only a feed's own text can be a teaser. */
  textSource: TextSource | string | null;
  /** The publication's site or the post's URL: known teaser hosts. */
  url?: string | null;
}

/**
 * Is this post's text a feed's teaser rather than the article: short, cut with a "Read more" mark, or from a host
 * whose feed carries only a sentence per item. Transcripts, e-mails, show notes and fetched pages are never teasers.
 */
export function looksLikeTeaser({ text, textSource, url }: TeaserInput): boolean {
  if (textSource !== 'feed_content' && textSource !== 'feed_excerpt' && textSource !== null) return false;
  const words = countWords(text);
  if (words < TEASER_WORDS) return true;
  if (CUT_MARK.test(text.slice(-300))) return true;
  return words < TEASER_HOST_WORDS && isTeaserHost(url);
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0;
}

function isTeaserHost(url: string | null | undefined): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return TEASER_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
