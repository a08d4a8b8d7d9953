import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from './embeddings/provider';
import type { LexicalMatchCounter } from './lexical/count';
import { rankLexical } from './lexical/rank';
import type { ResolvedTerm } from './lexical/resolve-terms';
import type { PostingsRanker } from './postings/postings-index';
import { rankSemantic } from './semantic/rank';
import type { LexicalHit, TimeRange } from './types';

/** Neighbours the semantic side takes before fusion: top-k first, never a full scan. */
export const RETRIEVE_PER_SIDE = 50;

export interface Evidence {
  lexical?: LexicalHit;
  similarity?: number;
}

export interface Retrieval {
  evidence: Map<string, Evidence>;
  /** Posts matching the query lexically inside the window, before ranking (a count, not a list). */
  lexicalCandidatesInWindow: number;
}

/**
 * Collects candidates from each side (inside the time window when there is one, so in-window posts are never crowded
 * out, then over the whole corpus when the caller found the window thin: older posts are only ever shown to fill a
 * thin window), then fills in the side that did not find a candidate, so
 * every candidate is judged on both kinds of evidence.
 */
export async function retrieve(
  db: Db,
  input: {
    terms: ResolvedTerm[];
    vector: number[] | null;
    embeddings: EmbeddingProvider | null;
    range: TimeRange | null;
    /** Results the caller will show. */
    limit: number;
    /**
     * Only posts of these publications: the lexical side ranks among them, and the semantic side (whose index cannot
     * filter by publication) only judges the posts it finds.
     */
    publications?: string[] | null;
    /** Posts that are candidates whatever the ranking finds (posts titled exactly as the query). */
    include?: string[];
    /** Whether to count the lexical matches in the window; false when an earlier pass over the window did. */
    countWindow?: boolean;
    /** Whether to look for older posts too when there is a window (the window is thin), asked after the window's pass. */
    beyondWindow?: () => Promise<boolean>;
    /** Told each scope's count when the lexical ranking found every match in it. */
    counts?: LexicalMatchCounter;
    /** The postings in memory the lexical side ranks with, null for SQL (livePostings). */
    postings?: PostingsRanker | null;
    /** Whether the phrase bonus is added now or left `phrasePending` to the caller (rankLexical's `phrase`). */
    phrase?: 'now' | 'later';
  },
): Promise<Retrieval> {
  const evidence = new Map<string, Evidence>();
  const entry = (id: string) => evidence.get(id) ?? evidence.set(id, {}).get(id)!;
  const lexicalRuns = input.terms.length > 0;
  const semanticRuns = input.vector !== null && input.embeddings !== null;
  let lexicalCandidatesInWindow = 0;

  for (const id of input.include ?? []) entry(id);
  const ranges = input.range ? [input.range, null] : [null];
  for (const range of ranges) {
    if (range === null && input.range && !(await input.beyondWindow?.())) break;
    if (lexicalRuns) {
      const { hits, candidates, matches } = await rankLexical(db, input.terms, {
        // The page only: the exact ranking is fastest when it proves no more than it shows.
        limit: input.limit,
        range,
        publications: input.publications,
        countWindow: input.countWindow,
        postings: input.postings,
        phrase: input.phrase,
      });
      for (const hit of hits) entry(hit.postId).lexical = hit;
      if (range) lexicalCandidatesInWindow = candidates;
      // The postings count every match as they rank; otherwise, asked for `limit` matches and finding fewer, the
      // ranking found them all.
      const scope = { range, publications: input.publications ?? null };
      if (matches !== undefined) input.counts?.know(scope, matches);
      else if (hits.length < input.limit) input.counts?.know(scope, hits.length);
    }
    if (semanticRuns && !input.publications) {
      const hits = await rankSemantic(db, input.embeddings!, input.vector!, { limit: RETRIEVE_PER_SIDE, range });
      for (const hit of hits) entry(hit.postId).similarity = hit.similarity;
    }
  }

  // Every candidate is judged on both kinds of evidence: each side scores the candidates it did not find.
  const needLexical = [...evidence].filter(([, e]) => !e.lexical).map(([id]) => id);
  if (lexicalRuns && needLexical.length > 0) {
    const { hits } = await rankLexical(db, input.terms, {
      limit: needLexical.length,
      onlyIds: needLexical,
      postings: input.postings,
      phrase: input.phrase,
    });
    for (const hit of hits) entry(hit.postId).lexical = hit;
  }
  const needSimilarity = [...evidence].filter(([, e]) => e.similarity === undefined).map(([id]) => id);
  if (semanticRuns && needSimilarity.length > 0) {
    const similar = await rankSemantic(db, input.embeddings!, input.vector!, {
      limit: needSimilarity.length,
      onlyIds: needSimilarity,
    });
    for (const hit of similar) entry(hit.postId).similarity = hit.similarity;
  }
  return { evidence, lexicalCandidatesInWindow };
}
