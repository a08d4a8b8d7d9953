import { QUANTA_PER_UNIT, quantizedBound, TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';
import {
  ABSENT,
  clauseBound,
  clausesThatCanWin,
  IN_TITLE,
  implies,
  PRESENT,
  type TermBound,
  type TermState,
} from './pruning';
import type { ResolvedTerm } from './resolve-terms';

/**
 * The scoring function: for each query term the post contains, idf x (PRESENCE + weight), where weight is
 * ts_rank(FIELD_WEIGHTS, vector, term, 1) in 0..1 (title over subtitle over publication over body, saturating in the
 * occurrences, divided by log2 of the length) plus TITLE_WEIGHT when the term is in the title, quantized to multiples
 * of 1/QUANTA_PER_UNIT (analysis/ts-rank.ts). PRESENCE makes covering one more term worth more than weighing more on
 * the ones covered. Equal scores are ordered newest first, then by id. The top k in this order is exact; then, among
 * those k, a post holding the query's terms in order gains PHRASE (anywhere) and PHRASE_IN_TITLE times the query's
 * total idf, which reorders the k without changing which posts they are.
 */
export const SCORE = { presence: 1, phrase: 0.5, phraseInTitle: 0.5 } as const;
// Scores within this relative distance are equal (the bounds are summed in another order than the scores).
const TIE = 1e-6;
// Clauses sought per round, the strongest first: CLAUSES_PER_ROUND, or all the rest when at most FEW_LEFT are left
// (another round would cost more than it saves); from round MAX_ROUNDS on, up to LAST_ROUND_CLAUSES at once (one
// index query each).
const CLAUSES_PER_ROUND = 2;
const FEW_LEFT = 6;
const MAX_ROUNDS = 4;
const LAST_ROUND_CLAUSES = 32;

/** What the search needs of a scored post: its score and the tie-break (date, then id). */
export interface RankedPost {
  post_id: string;
  score: number;
  /** Microseconds since 1970 (exact in a double), for the tie-break; null for an undated post. */
  published_us: number | null;
}

/** Posts meeting a clause, all of them (from null) or only those dated from `from` on (microseconds since 1970). */
export interface Sought {
  clause: TermState[];
  from: number | null;
}

/**
 * The exact top `limit` of every post holding a term, given the posts on the terms' champion lists already scored
 * (`listed`, in the ranking's order) and a way to score the unlisted posts meeting some clauses (`seek`, which may
 * return a superset). Pure: the SQL is the caller's, so the search itself can be checked against brute force.
 *
 * Unlisted posts are sought a few clauses at a time, the most promising first: each round's results raise the
 * k-th score, which retires the clauses that can no longer win. A clause implying one already sought is skipped
 * (its posts were among that one's candidates). The last round takes every clause left, so the top k is exact.
 * A post can beat the k-th result outright (a higher score) or tie it and be newer (the ranking's tie-break). The
 * clauses that can only tie are sought from the k-th post's date on, and not at all when the champion lists show that
 * no unlisted post at those weights is that new (many titles hold a common word at the same quantized weight, and
 * the lists hold the newest of them).
 */
export async function seekTopK<T extends RankedPost>(
  terms: ResolvedTerm[],
  limit: number,
  listed: T[],
  seek: (batch: Sought[]) => Promise<T[]>,
): Promise<T[]> {
  const bounds = terms.map(termBound);
  const newestAt = terms.map(newestUnlisted);
  const sought: Sought[] = [];
  let hits = listed;
  for (let round = 1; ; round++) {
    const kthRow = hits.length >= limit ? hits[limit - 1]! : null;
    const kth = kthRow?.score ?? 0;
    const kthDate = kthRow?.published_us ?? null;
    const beat: Sought[] = clausesThatCanWin(bounds, kth * (1 + TIE)).map((clause) => ({ clause, from: null }));
    const tie: Sought[] = !kthRow
      ? []
      : clausesThatCanWin(bounds, kth * (1 - TIE))
          .filter((clause) => clauseBound(bounds, clause) <= kth * (1 + TIE))
          .filter((clause) => kthDate === null || newestMeeting(terms, newestAt, clause, kth) >= kthDate)
          .map((clause) => ({ clause, from: kthDate }));
    // Skipped: a clause implying one already sought (its posts were among that one's candidates, unless that one was
    // sought from a later date than this one needs).
    const covered = (wanted: Sought) =>
      sought.some(
        (done) =>
          implies(wanted.clause, done.clause) &&
          (done.from === null || (wanted.from !== null && done.from <= wanted.from)),
      );
    const open = [...beat, ...tie]
      .filter((wanted) => !covered(wanted))
      .sort((a, b) => clauseBound(bounds, b.clause) - clauseBound(bounds, a.clause));
    if (open.length === 0) break;
    // With nothing to beat yet (a time window the lists barely reach), every post holding a term could win, so the
    // first round asks for the posts with a term in the title: the likeliest winners, and usually far fewer.
    const titled = kth === 0 && round === 1 ? inTitleClauses(bounds).map((clause) => ({ clause, from: null })) : [];
    const batch =
      titled.length > 0
        ? titled
        : open
            .slice(0, open.length <= FEW_LEFT ? FEW_LEFT : round < MAX_ROUNDS ? CLAUSES_PER_ROUND : LAST_ROUND_CLAUSES)
            .filter(
              // A clause both beating and tying (the fallback of pruning.ts) is sought once, whole.
              (wanted, _, all) =>
                wanted.from === null ||
                !all.some((other) => other.from === null && implies(wanted.clause, other.clause)),
            );
    sought.push(...batch);
    hits = mergeTop(hits, await seek(batch), limit);
  }
  return hits;
}

/** The most a term adds to the score of a post on none of its lexemes' lists (see pruning.ts), quantized. */
function termBound(term: ResolvedTerm): TermBound {
  // A max of 0 means the lists hold every post with the term; under TITLE_WEIGHT, every post with it in the title.
  if (term.unlistedMaxWeight <= 0) return { body: 0, title: 0 };
  return {
    body:
      term.bodyMaxWeight > 0
        ? term.idf * (SCORE.presence + quantizedBound(Math.min(term.bodyMaxWeight, term.unlistedMaxWeight)))
        : 0,
    title:
      term.unlistedMaxWeight >= TITLE_WEIGHT ? term.idf * (SCORE.presence + quantizedBound(term.unlistedMaxWeight)) : 0,
  };
}

/**
 * For each state, the newest an unlisted post weighing its bound can be: unlistedMaxNewestUs when the state's bound is
 * the max's quantized weight (in the title always; elsewhere when the max body weight quantizes the same), else
 * unknown.
 */
function newestUnlisted(term: ResolvedTerm): Record<TermState, number> {
  const bodyAtMax =
    quantizedBound(Math.min(term.bodyMaxWeight, term.unlistedMaxWeight)) === quantizedBound(term.unlistedMaxWeight);
  return {
    [ABSENT]: Number.POSITIVE_INFINITY,
    [PRESENT]: bodyAtMax ? term.unlistedMaxNewestUs : Number.POSITIVE_INFINITY,
    [IN_TITLE]: term.unlistedMaxNewestUs,
  };
}

/**
 * The newest a post meeting a clause can be if it ties the k-th score `kth`. A post meeting a clause only ties its
 * bound when every term it holds weighs the bound's quantized weight (one quantum less is worth idf / QUANTA_PER_UNIT,
 * above the tie tolerance unless a term is almost everywhere, and then nothing is assumed), so it is no newer than the
 * oldest of their unlistedMaxNewestUs.
 */
function newestMeeting(
  terms: ResolvedTerm[],
  newestAt: Array<Record<TermState, number>>,
  clause: TermState[],
  kth: number,
) {
  const held = clause.flatMap((state, i) => (state === ABSENT ? [] : [i]));
  if (held.some((i) => terms[i]!.idf / QUANTA_PER_UNIT <= 2 * TIE * kth)) return Number.POSITIVE_INFINITY;
  return Math.min(...held.map((i) => newestAt[i]![clause[i]!]));
}

/** A clause per term that can be in an unlisted post's title, asking for just that, the heaviest first. */
function inTitleClauses(bounds: TermBound[]): TermState[][] {
  return bounds
    .flatMap((bound, i) => (bound.title > 0 ? [bounds.map((_, j) => (j === i ? IN_TITLE : ABSENT) as TermState)] : []))
    .sort((a, b) => clauseBound(bounds, b) - clauseBound(bounds, a))
    .slice(0, CLAUSES_PER_ROUND);
}

/** The best `limit` of two scored sets, each post once, in the ranking's order (as scorePosts orders them). */
function mergeTop<T extends RankedPost>(a: T[], b: T[], limit: number): T[] {
  const seen = new Set(a.map((row) => row.post_id));
  const newest = (row: T) => row.published_us ?? Number.NEGATIVE_INFINITY;
  return [...a, ...b.filter((row) => !seen.has(row.post_id))]
    .sort(
      (x, y) =>
        y.score - x.score || newest(y) - newest(x) || (x.post_id < y.post_id ? -1 : x.post_id > y.post_id ? 1 : 0),
    )
    .slice(0, limit);
}
