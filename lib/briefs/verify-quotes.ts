import type { BriefDraft, SourcePost } from './types';

/** A quote shorter than this proves nothing (any post holds "the bank"); one longer is a passage, not a quote. */
const MIN_QUOTE_WORDS = 4;
const MAX_QUOTE_CHARACTERS = 800;
const QUOTE_MARKS = /["“”'‘’]/u;
const EDGES = /^[\s"“”‘’'…]+|[\s"“”‘’'…]+$/gu;

/**
 * The quote as the post has it, or null. Exact first; a model may re-type the spacing or the kind of quote marks and
 * apostrophes, so the same words with those loosened are sought too, and what is returned is then the post's own slice:
 * whatever the generator wrote, a returned quote is always a substring of the post's text.
 */
export function findVerbatim(text: string, quote: string): string | null {
  const wanted = quote.replace(EDGES, '');
  if (wanted.length > MAX_QUOTE_CHARACTERS || wanted.split(/\s+/u).filter(Boolean).length < MIN_QUOTE_WORDS) {
    return null;
  }
  if (text.includes(wanted)) return wanted;
  const pattern = wanted
    .split(/\s+/u)
    .map((word) =>
      [...word].map((ch) => (QUOTE_MARKS.test(ch) ? '["“”\'‘’]' : ch.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))).join(''),
    )
    .join('\\s+');
  return new RegExp(pattern, 'u').exec(text)?.[0] ?? null;
}

/**
 * The draft with only what its sources bear out: each citation's quote found in its source (as the post has it), a
 * claim kept only with at least one such citation. A draft with no claim left does not answer the question.
 */
export function verifyDraft(draft: BriefDraft, sources: SourcePost[]): BriefDraft {
  const claims = draft.claims.flatMap((claim) => {
    const text = claim.text.replace(/\s*\[\d+\]/gu, '').trim();
    const seen = new Set<string>();
    const citations = claim.citations.flatMap(({ source, quote }) => {
      const post = Number.isInteger(source) ? sources[source - 1] : undefined;
      // The title is part of the post: a news item's title is often its answer.
      const found = post ? (findVerbatim(post.title, quote) ?? findVerbatim(post.text, quote)) : null;
      const key = `${source}\u0000${found}`;
      if (found === null || seen.has(key)) return [];
      seen.add(key);
      return [{ source, quote: found }];
    });
    return text && citations.length > 0 ? [{ text, citations }] : [];
  });
  return { answersQuestion: draft.answersQuestion && claims.length > 0, claims };
}
