import { fold } from '@/lib/search/analysis/lexemes';
import { tokenize } from '@/lib/search/analysis/tokens';
import { normalizeForSearch } from '@/lib/search/query/normalize';
import type { Field, MatchDetail } from './details';
import type { ResolvedTerm } from './lexical/resolve-terms';

const FIELD_LABEL: Record<Field, string> = {
  title: 'Title matches',
  subtitle: 'Subtitle matches',
  publication: 'Publication matches',
  body: 'Matched article body for:',
};

/** Short human-readable reasons: which fields matched which terms, spelling fixes, semantic similarity, fusion. */
export function whyMatched(input: {
  terms: ResolvedTerm[];
  detail: MatchDetail | undefined;
  similarity: number | null;
  fused: boolean;
  inWindowLabel: string | null;
}): string[] {
  const reasons: string[] = [];
  const byField = new Map<Field, string[]>();
  input.terms.forEach((term, index) => {
    for (const field of input.detail?.fields[index] ?? []) {
      byField.set(field, [...(byField.get(field) ?? []), term.term]);
    }
  });
  for (const field of ['title', 'subtitle', 'publication', 'body'] as Field[]) {
    const words = byField.get(field);
    if (words) reasons.push(`${FIELD_LABEL[field]} ${words.join(' + ')}`);
  }
  for (const term of input.terms) {
    if (term.correctedFrom && byField.size > 0)
      reasons.push(`Spelling: "${term.correctedFrom}" read as "${term.term}"`);
  }
  if (input.similarity !== null) reasons.push(`Semantically similar (cosine ${input.similarity.toFixed(2)})`);
  if (input.fused && byField.size > 0 && input.similarity !== null)
    reasons.push('Hybrid: lexical and semantic evidence fused');
  if (input.inWindowLabel) reasons.push(`Published in the requested window (${input.inWindowLabel})`);
  return reasons;
}

// A sentence ends at . ! or ? followed by white space (so "$1.9 billion" stays whole), or at a line break.
const SENTENCE_BREAK = /(?<=[.!?])\s+|\n+/;
const SNIPPET_MAX = 240;

/**
 * The body sentence that mentions most query terms (prefix match, which tolerates plural and tense), with its
 * neighbour when it is short. Null when no sentence mentions any term.
 */
export function snippetFor(body: string, terms: ResolvedTerm[]): string | null {
  const stems = terms
    .map((term) => fold(term.lexemes[0]!))
    .map((lexeme) => lexeme.slice(0, Math.max(4, lexeme.length - 1)));
  if (stems.length === 0) return null;
  const sentences = body
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter(Boolean);
  let best = -1;
  let bestHits = 0;
  for (const [index, sentence] of sentences.entries()) {
    const words = tokenize(normalizeForSearch(sentence)).map((token) => fold(token.text));
    const hits = stems.filter((stem) => words.some((word) => word.startsWith(stem))).length;
    if (hits > bestHits) {
      best = index;
      bestHits = hits;
    }
    // The first sentence with every term cannot be bettered (a later one would have to hold more): the rest of a long
    // body is not read.
    if (bestHits === stems.length) break;
  }
  if (best < 0) return null;
  let text = sentences[best]!;
  if (text.length < 100 && sentences[best + 1]) text = `${text} ${sentences[best + 1]}`;
  return text.length > SNIPPET_MAX ? `${text.slice(0, SNIPPET_MAX - 1).trimEnd()}…` : text;
}
