/**
 * What every part of lib/search shares: the scoring constants and the shapes of a window and a lexical hit. A leaf
 * module (it imports nothing), so the parts that share these never import each other for them.
 */

/**
 * The scoring function: for each query term the post contains, idf x (presence + weight), where weight is
 * ts_rank(FIELD_WEIGHTS, vector, term, 1) in 0..1 (title over subtitle over publication over body, saturating in the
 * occurrences, divided by log2 of the length) plus TITLE_WEIGHT when the term is in the title, quantized to multiples
 * of 1/QUANTA_PER_UNIT (analysis/ts-rank.ts). Presence makes covering one more term worth more than weighing more on
 * the ones covered. Equal scores are ordered newest first, then by id. Then, among the top k, a post holding the
 * query's terms in order gains `phrase` (anywhere) and `phraseInTitle` times the query's total idf, which reorders the
 * k without changing which posts they are.
 */
export const SCORE = { presence: 1, phrase: 0.5, phraseInTitle: 0.5 } as const;

export interface TimeRange {
  start: string;
  end: string;
}

export interface LexicalHit {
  postId: string;
  /** The lexical score (see SCORE). */
  score: number;
  /** Query terms the post contains. */
  matched: number;
  /** idf-weighted share of the query the post covers, 0..1. */
  coverage: number;
  /**
   * The phrase bonus is still to be added to `score` (rankLexical's `phrase: 'later'`): its caller reads the post's
   * positions with other facts of the post, in one statement (lib/search/search-posts.ts).
   */
  phrasePending?: boolean;
}
