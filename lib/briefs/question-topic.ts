import { plainText } from '@/lib/ingest/feeds/feed-text';

/**
 * Words that frame a research question rather than name its topic: "what are newsletters saying about …", "what do
 * writers think of …", "where are oil prices heading". Search counts every word of a query, those its corpus lacks
 * too, so left in they would sink the posts that answer; stopwords ("what", "are", "about") search drops itself.
 */
const FRAMING =
  /(?<![\p{L}\p{N}])(?:newsletters?|publications?|podcasts?|episodes?|writers?|authors?|commentators?|pundits?|saying|says?|said|think(?:s|ing)?|tell(?:ing)? (?:me|us)|head(?:ing|ed)|going)(?![\p{L}\p{N}])/giu;

/**
 * The question's topic, as search and the extractive generator read it; the question itself if nothing else is left.
 * Markup pasted with a question ("<b>PayPal</b>") is read as its text, as feed titles are, so tag names are not words.
 */
export function questionTopic(question: string): string {
  const text = plainText(question) ?? '';
  const topic = text.replace(FRAMING, ' ').replace(/\s+/gu, ' ').trim();
  return /[\p{L}\p{N}]{2}/u.test(topic) ? topic : question;
}
