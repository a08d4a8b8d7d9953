import type { Queryable } from '@/lib/db/types';
import { livePostings } from '@/lib/search/postings/live-postings';
import type { PostingsRanker } from '@/lib/search/postings/postings-index';
import { microseconds, postingsTerms } from '@/lib/search/postings/query';
import { isLexicalMatch, LEXICAL_MATCH_FLOOR } from '@/lib/search/score';
import type { TimeRange } from '@/lib/search/types';
import type { ResolvedTerm } from './resolve-terms';

/** The idf weight of the whole query, words no post holds included: what a lexical match's share is taken of. */
function queryIdf(terms: ResolvedTerm[]): number {
  return terms.reduce((sum, t) => sum + t.idf, 0);
}

/** The idf a post's held terms must carry to make it a lexical match (the ranking's filter, in SQL). */
export function matchedIdfToMatch(terms: ResolvedTerm[]): number {
  return LEXICAL_MATCH_FLOOR * queryIdf(terms);
}

/**
 * The smallest sets of terms (indexes into `terms`) that make a lexical match: a post matches when it holds every
 * term of at least one of them. Queries keep at most 12 terms (query/prepare.ts), so enumerating the subsets is at
 * most 4,096 steps.
 */
export function coveringSets(terms: ResolvedTerm[]): number[][] {
  const total = queryIdf(terms);
  const covers = (idfs: number[]) => total > 0 && isLexicalMatch(idfs.reduce((sum, idf) => sum + idf, 0) / total);
  const live = terms.flatMap((t, i) => (t.docCount > 0 ? [i] : []));
  const sets: number[][] = [];
  for (let mask = 1; mask < 1 << live.length; mask++) {
    const members = live.filter((_, bit) => mask & (1 << bit));
    const idfs = members.map((i) => terms[i]!.idf).sort((a, b) => a - b);
    // Minimal: enough, and no longer enough without its weakest member.
    if (covers(idfs) && !covers(idfs.slice(1))) sets.push(members);
  }
  return sets;
}

/** Whether a post holding these terms (indexes into `terms`) is a lexical match. */
export function isCovering(terms: ResolvedTerm[], held: number[]): boolean {
  const heldSet = new Set(held);
  return coveringSets(terms).some((set) => set.every((i) => heldSet.has(i)));
}

/**
 * The number of lexical matches (see MIN_LEXICAL_COVERAGE) among the indexed posts, within a time range and among
 * some publications when given: every one of them, not only the page the ranking returns. One index query: the
 * covering sets as one tsquery, so the document index answers without reading a post's vector.
 */
export async function countLexicalMatches(
  db: Queryable,
  terms: ResolvedTerm[],
  scope: CountScope,
  postings?: PostingsRanker | null,
): Promise<number> {
  const sets = coveringSets(terms);
  if (sets.length === 0) return 0;
  // One term, one lexeme, everywhere: the indexer's document count is the answer.
  const only = sets.length === 1 && sets[0]!.length === 1 ? terms[sets[0]![0]!]! : null;
  if (only && only.lexemes.length === 1 && !scope.range && !scope.publications) return only.docCount;
  const inMemory = postings === undefined ? await livePostings(db) : postings;
  if (inMemory) {
    const live = terms.filter((t) => t.docCount > 0);
    const inScope = { range: scope.range ? microseconds(scope.range) : null, publications: scope.publications };
    return inMemory.rank(postingsTerms(live), inScope, 0, matchedIdfToMatch(terms)).matches;
  }

  const params: unknown[] = [sets.map((set) => `(${set.map((i) => `(${terms[i]!.query})`).join(' & ')})`).join(' | ')];
  const filters = ['search_vector @@ $1::tsquery'];
  if (scope.range) {
    filters.push(`published_at >= $${params.push(scope.range.start)}::timestamptz`);
    filters.push(`published_at < $${params.push(scope.range.end)}::timestamptz`);
  }
  if (scope.publications) filters.push(`publication_id = any($${params.push(scope.publications)}::uuid[])`);
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from posts where ${filters.join(' and ')}`,
    params,
  );
  return row?.n ?? 0;
}

export interface CountScope {
  range: TimeRange | null;
  publications: string[] | null;
}

export interface LexicalMatchCounter {
  count(scope: CountScope): Promise<number>;
  /** Records a scope's count found otherwise: a ranking asked for k matches that found fewer found them all. */
  know(scope: CountScope, matches: number): void;
}

/**
 * countLexicalMatches for one query, each scope counted once however often a search asks, and not at all when the
 * ranking already found every match of the scope (a rare word's handful): an exact count of a common word reads
 * every post holding it, the costliest statement of a search.
 */
export function lexicalMatchCounter(
  db: Queryable,
  terms: ResolvedTerm[],
  postings?: PostingsRanker | null,
): LexicalMatchCounter {
  const known = new Map<string, Promise<number>>();
  const keyOf = (scope: CountScope) => JSON.stringify([scope.range, scope.publications]);
  return {
    count(scope) {
      const key = keyOf(scope);
      if (!known.has(key)) known.set(key, countLexicalMatches(db, terms, scope, postings));
      return known.get(key)!;
    },
    know(scope, matches) {
      if (!known.has(keyOf(scope))) known.set(keyOf(scope), Promise.resolve(matches));
    },
  };
}
