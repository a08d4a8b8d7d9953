import type { LexicalHit } from './lexical/rank';

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
  /** Results below this relevance are noise and are not returned. */
  minimumRelevance: 0.2,
  /** matchConfidence: strong when the best result reaches this relevance... */
  strong: 0.55,
  /** ...weak when it reaches this one, none below. */
  weak: 0.3,
} as const;

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
