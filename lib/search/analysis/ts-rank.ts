/**
 * PostgreSQL's ts_rank(weights, vector, 'lexeme', 1) for one lexeme, computed in JavaScript at indexing time: the
 * per-term weight the lexical ranking sums (lib/search/lexical), needed here for the per-term upper bounds that make
 * exact top-k pruning possible. It follows tsrank.c (calc_rank_or for a single operand, then normalization 1, the
 * division by log2 of the document length), in single precision as PostgreSQL computes it; a bound's quantized weight
 * still allows for a last-bit difference (quantizedBound).
 */

/** Weights of the D, C, B, A labels: body, publication, subtitle, title. Also used verbatim in SQL. */
export const FIELD_WEIGHTS = [0.2, 0.35, 0.6, 1.0] as const;
export const FIELD_WEIGHTS_SQL = `{${FIELD_WEIGHTS.join(',')}}`;

const f = Math.fround;
const LIMIT_SUM_INVERSE_SQUARES = 1.64493406685;

/**
 * @param labels the lexeme's position labels in ascending position order (0 = D ... 3 = A)
 * @param documentLength the number of positions in the whole document vector
 */
export function tsRankOfLexeme(labels: readonly number[], documentLength: number): number {
  let resj = f(0);
  let wjm = f(-1);
  let jm = 0;
  for (let j = 0; j < labels.length; j++) {
    const weight = f(FIELD_WEIGHTS[labels[j]!]!);
    resj = f(resj + f(weight / ((j + 1) * (j + 1))));
    if (weight > wjm) {
      wjm = weight;
      jm = j;
    }
  }
  const rank = f(f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / LIMIT_SUM_INVERSE_SQUARES);
  return documentLength > 0 ? f(rank / (Math.log(documentLength + 1) / Math.log(2))) : rank;
}

/**
 * A term's weight in a post, as the lexical ranking sums it: its ts_rank, plus TITLE_WEIGHT when it is in the title.
 * The title part is per term, so a post with every query term in its title gets it for each, and the bound of each
 * term's list covers it.
 */
export const TITLE_WEIGHT = 1;
/** The title's label number (A), as tsrank.c indexes the labels: D 0, C 1, B 2, A 3. */
export const TITLE_LABEL = 3;

/**
 * The ranking compares term weights quantized to multiples of 1/QUANTA_PER_UNIT (rounded down), as impact-ordered
 * indexes quantize impacts. Posts a length-normalization hair apart (the many titles holding the same common word)
 * then tie, and recency orders them, instead of the exact top k having to score every one of them to find the larger
 * hair. 1/256 still tells apart what the weights say (one more mention in the body adds more than a quantum): on
 * the judged sets of `npm run eval:search` it left the quality where it was, where 1/32 cost the time-phrase queries
 * their answer (docs/benchmarks.md#search-quality).
 */
export const QUANTA_PER_UNIT = 256;

/** A weight as the ranking counts it (rounded down, as the SQL of lexical/rank.ts rounds it). */
export function quantizeWeight(weight: number): number {
  return Math.floor(weight * QUANTA_PER_UNIT) / QUANTA_PER_UNIT;
}

export function termWeight(labels: readonly number[], documentLength: number): number {
  return tsRankOfLexeme(labels, documentLength) + (labels.includes(TITLE_LABEL) ? TITLE_WEIGHT : 0);
}
