/**
 * What we embed for a post.
 *
 * title + title + subtitle + the first ~1,500 characters of the body, because:
 * - The title is the densest statement of the topic and is short, so in an averaged-word-vector embedding it would be
 *   outweighed by a few hundred body words; repeating it doubles its weight (a cheap field boost that works the same
 *   way for model embeddings).
 * - Newsletter posts put the thesis up front (lede, "the setup", the ticker and the call); the tail is increasingly
 *   off-topic or boilerplate (disclosures, "subscribe", sponsor blocks, footers), which drags an average towards the
 *   generic "finance newsletter" direction that every post shares.
 * - Topic search needs what a post is about, not every detail: lexical search (full text over the whole body) covers
 *   exact mentions deeper in the text.
 * - ~1,500 chars (~250 words, ~400 tokens) keeps API embedding cost and latency per post bounded and predictable,
 *   and is well under every model's input limit.
 * The cut ends on a word boundary; whitespace is collapsed so the same post always gives the same text (stable
 * vectors, and a cheap way to detect "this post's embedding is stale": hash this string).
 */

export const EMBEDDING_BODY_CHARS = 1_500;

export interface EmbeddablePost {
  title: string;
  subtitle: string | null;
  bodyText: string;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first `limit` characters of `text`, cut back to the last word boundary (unless that would lose > 20%). */
export function leadOf(text: string, limit: number): string {
  const clean = squash(text);
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace >= limit * 0.8 ? cut.slice(0, lastSpace) : cut).trim();
}

export function embeddingText(post: EmbeddablePost): string {
  const title = squash(post.title);
  const subtitle = post.subtitle ? squash(post.subtitle) : '';
  const body = leadOf(post.bodyText, EMBEDDING_BODY_CHARS);
  // Separate fields with a blank line: sentence-like boundaries for model embeddings; word-vector averages ignore them.
  return [title, title, subtitle, body].filter((part) => part.length > 0).join('\n\n');
}
