import type { LexicalHit } from './types';

/**
 * How lexical and semantic evidence become one relevance in 0..1 (shown as relevanceScore = 100 x relevance).
 * Weighted fusion of normalized scores rather than reciprocal rank fusion, so the score means the same thing across
 * queries and can gate off-topic results; the weights and similarity bounds are tuned with `npm run eval:search`.
 */
export const SCORING = {
  lexicalWeight: 0.6,
  semanticWeight: 0.4,
  /** Cosine similarity at or below which the semantic side counts for nothing. */
  similarityFloor: 0.6,
  /** Cosine similarity at or above which the semantic side counts in full. */
  similarityCeiling: 0.92,
  /** The relevance gate: evidence below it is noise (see isLexicalMatch and isSemanticMatch). */
  minimumRelevance: 0.2,
  /** matchConfidence: strong when the best result reaches this relevance... */
  strong: 0.55,
  /** ...weak when it reaches this one, none below. */
  weak: 0.3,
} as const;

/** What decides an answer's scope, on fixed sizes so that neither the tier nor the window's scope moves with `limit`. */
export const SCOPE = {
  /** Curated publishers answer alone when this many of the first `tierProbe` results are theirs and strong... */
  scopedTierMinimum: 3,
  tierProbe: 10,
  /** A time window with fewer lexical matches than this is thin: older matches follow its own. */
  thinWindow: 10,
} as const;

/**
 * The relevance gate. A post is a lexical match when the query terms it holds carry at least a fifth of the query's
 * idf weight (lexical/count.ts): the share at which its lexical relevance can reach minimumRelevance (at the best
 * score). Whether it matches never depends on which other posts were found, so the matches can be counted by the index
 * alone. A word no post holds keeps its weight: a query whose only known word is a common one ("best pizza in naples")
 * matches nothing, while one rare known word can carry it ("copper miners" where no post says copper).
 */
export const MIN_LEXICAL_COVERAGE = SCORING.minimumRelevance;

/** The coverage a lexical match reaches: MIN_LEXICAL_COVERAGE, less 1e-9 since coverage is a ratio of float sums. */
export const LEXICAL_MATCH_FLOOR = MIN_LEXICAL_COVERAGE - 1e-9;

/** Whether a hit's coverage (its share of the query's idf) makes it a lexical match. */
export function isLexicalMatch(coverage: number): boolean {
  return coverage >= LEXICAL_MATCH_FLOOR;
}

/**
 * A post is a semantic match when its similarity alone passes the gate, counting the lexical side as nothing when the
 * search has one (hybrid) and as absent when it has none (semantic only).
 */
export function isSemanticMatch(similarity: number, lexicalOn: boolean): boolean {
  return fuse(lexicalOn ? 0 : null, semanticRelevance(similarity)) >= SCORING.minimumRelevance;
}

/** Lexical relevance: the idf-weighted share of the query covered, scaled by the BM25 score against the best hit. */
export function lexicalRelevance(hit: LexicalHit, bestScore: number): number {
  const strength = bestScore > 0 ? hit.score / bestScore : 0;
  return hit.coverage * (0.6 + 0.4 * strength);
}

export function semanticRelevance(similarity: number): number {
  const { similarityFloor: floor, similarityCeiling: ceiling } = SCORING;
  return Math.min(1, Math.max(0, (similarity - floor) / (ceiling - floor)));
}

export function fuse(lexical: number | null, semantic: number | null): number {
  if (lexical === null) return semantic ?? 0;
  if (semantic === null) return lexical;
  return (
    (SCORING.lexicalWeight * lexical + SCORING.semanticWeight * semantic) /
    (SCORING.lexicalWeight + SCORING.semanticWeight)
  );
}

export function confidenceOf(bestRelevance: number | undefined): 'strong' | 'weak' | 'none' {
  if (bestRelevance === undefined) return 'none';
  if (bestRelevance >= SCORING.strong) return 'strong';
  return bestRelevance >= SCORING.weak ? 'weak' : 'none';
}
