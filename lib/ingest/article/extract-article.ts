import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { sanitizePostHtml } from '@/lib/ingest/html/sanitize';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import { describeError } from '@/lib/post-failures/describe-error';
import { countWords } from '@/lib/posts/teaser';
import { endsAtAWall, hasPasswordField, marksItselfPaywalled } from './paywall';

/** An article page's main content as a post stores it (sanitized HTML and its plain text), or why there is none. */
export type ArticleExtraction =
  | { kind: 'article'; contentHtml: string; text: string; words: number }
  | { kind: 'paywalled' | 'unreadable'; reason: string };

/**
 * Readability gives up on documents with more elements than this (it throws), which bounds its time on a hostile or
 * bloated page; real article pages have a few thousand.
 */
const MAX_ELEMENTS = 30_000;
/** A page with a password field and less main text than this is a sign-in form, whatever its few words say. */
const LOGIN_WALL_WORDS = 250;

/**
 * The main text of an article page: the HTML parsed with linkedom (a server-side DOM), the article found by Mozilla's
 * Readability (Firefox's reader view), then cleaned by the same sanitizer and text conversion as feed HTML, so a post's
 * text reads the same whichever source it came from. A page that marks itself paywalled, stops at a subscription wall
 * or is a sign-in form is `paywalled`; one where Readability finds nothing is `unreadable`. Whether the text is longer
 * than the feed's is for the caller (compare-with-feed.ts).
 */
export function extractArticle(html: string, pageUrl: string): ArticleExtraction {
  let document: Document;
  try {
    ({ document } = parseHTML(html));
  } catch (error) {
    return { kind: 'unreadable', reason: `not parsed: ${describeError(error)}` };
  }
  // Read before Readability, which strips scripts and forms from the document it is given.
  if (marksItselfPaywalled(document)) return { kind: 'paywalled', reason: 'the page marks its article as not free' };
  const passwordField = hasPasswordField(document);
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(document, { maxElemsToParse: MAX_ELEMENTS }).parse();
  } catch (error) {
    return { kind: 'unreadable', reason: `not parsed: ${describeError(error)}` };
  }
  if (!article?.content) return { kind: 'unreadable', reason: 'no main text found on the page' };
  const contentHtml = sanitizePostHtml(article.content, { baseUrl: pageUrl });
  const text = htmlToPlainText(contentHtml);
  const words = countWords(text);
  if (endsAtAWall(text)) return { kind: 'paywalled', reason: 'the text stops at a subscription wall' };
  if (passwordField && words < LOGIN_WALL_WORDS) {
    return { kind: 'paywalled', reason: `a sign-in form with ${words} words of text` };
  }
  if (words === 0) return { kind: 'unreadable', reason: 'no main text found on the page' };
  return { kind: 'article', contentHtml, text, words };
}
