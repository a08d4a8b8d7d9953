import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';
import type { TimeRange } from '@/lib/search/types';
import type { PostingsTerm } from './postings-index';

/** Resolved query terms as the postings score them. */
export function postingsTerms(terms: ResolvedTerm[]): PostingsTerm[] {
  return terms.map((t) => ({ lexemes: t.lexemes, idf: t.idf }));
}

/** A window as the postings compare dates: microseconds since 1970, start inclusive, end exclusive. */
export function microseconds(range: TimeRange): { startUs: number; endUs: number } {
  return { startUs: Date.parse(range.start) * 1000, endUs: Date.parse(range.end) * 1000 };
}
