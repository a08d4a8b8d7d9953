import { boundStep, TITLE_WEIGHT, WEIGHT_STEPS } from '@/lib/search/analysis/ts-rank';
import {
  ABSENT,
  IN_TITLE,
  meets,
  PRESENT,
  profileBound,
  profilesThatCanWin,
  type TermBound,
  type TermState,
} from './pruning';
import type { ResolvedTerm } from './resolve-terms';

/**
 * The scoring function: for each query term the post contains, idf x (PRESENCE + weight), where weight is
 * ts_rank(FIELD_WEIGHTS, vector, term, 1) in 0..1 (title over subtitle over publication over body, saturating in the
 * occurrences, divided by log2 of the length) plus TITLE_WEIGHT when the term is in the title, in steps of
 * 1/WEIGHT_STEPS (analysis/ts-rank.ts). PRESENCE makes covering one more term worth more than weighing more on the
 * ones covered. Equal scores are ordered newest first, then by id. The top k in this order is exact; then, among
 * those k, a post holding the query's terms in order gains PHRASE (anywhere) and PHRASE_IN_TITLE times the query's
 * total idf, which reorders the k without changing which posts they are.
 */
export const SCORE = { presence: 1, phrase: 0.5, phraseInTitle: 0.5 } as const;
// Scores within this relative distance are equal (the bounds are summed in another order than the scores).
const TIE = 1e-6;
// Profiles sought per round, the strongest first: PROFILES_PER_ROUND, or all the rest when at most FEW_LEFT are left
// (another round would cost more than it saves); from round MAX_ROUNDS on, up to LAST_ROUND_PROFILES at once (one
// index query each).
const PROFILES_PER_ROUND = 2;
const FEW_LEFT = 6;
const MAX_ROUNDS = 4;
const LAST_ROUND_PROFILES = 32;

/** What the search needs of a scored post: its score and the tie-break (date, then id). */
export interface RankedPost {
  post_id: string;
  score: number;
  /** Microseconds since 1970 (exact in a double), for the tie-break; null for an undated post. */
  published_us: number | null;
}

/** Posts meeting a profile, all of them (from null) or only those dated from `from` on (microseconds since 1970). */
export interface Sought {
  profile: TermState[];
  from: number | null;
}

/**
 * The exact top `limit` of every post holding a term, given the posts on the terms' lists already scored (`listed`,
 * in the ranking's order) and a way to score the unlisted posts meeting some profiles (`seek`, which may return a
 * superset). Pure: the SQL is the caller's, so the search itself can be checked against brute force.
 *
 * Unlisted posts are sought a few profiles at a time, the most promising first: each round's results raise the
 * k-th score, which retires the profiles that can no longer win. A profile meeting one already sought is skipped
 * (its posts were among that one's candidates). The last round takes every profile left, so the top k is exact.
 * A post can beat the k-th result outright (a higher score) or tie it and be newer (the ranking's tie-break). The
 * profiles that can only tie are sought from the k-th post's date on, and not at all when the term lists show that
 * no unlisted post at those weights is that new (in the demo corpus thousands of titles hold a common word at the
 * same step, and the lists hold the newest of them).
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
    const beat: Sought[] = profilesThatCanWin(bounds, kth * (1 + TIE)).map((profile) => ({ profile, from: null }));
    const tie: Sought[] = !kthRow
      ? []
      : profilesThatCanWin(bounds, kth * (1 - TIE))
          .filter((profile) => profileBound(bounds, profile) <= kth * (1 + TIE))
          .filter((profile) => kthDate === null || newestMeeting(terms, newestAt, profile, kth) >= kthDate)
          .map((profile) => ({ profile, from: kthDate }));
    // Skipped: a profile meeting one already sought (its posts were among that one's candidates, unless that one was
    // sought from a later date than this one needs).
    const covered = (wanted: Sought) =>
      sought.some(
        (done) =>
          meets(wanted.profile, done.profile) &&
          (done.from === null || (wanted.from !== null && done.from <= wanted.from)),
      );
    const open = [...beat, ...tie]
      .filter((wanted) => !covered(wanted))
      .sort((a, b) => profileBound(bounds, b.profile) - profileBound(bounds, a.profile));
    if (open.length === 0) break;
    // With nothing to beat yet (a time window the lists barely reach), every post holding a term could win, so the
    // first round asks for the posts with a term in the title: the likeliest winners, and usually far fewer.
    const titled = kth === 0 && round === 1 ? inTitleProfiles(bounds).map((profile) => ({ profile, from: null })) : [];
    const batch =
      titled.length > 0
        ? titled
        : open
            .slice(
              0,
              open.length <= FEW_LEFT ? FEW_LEFT : round < MAX_ROUNDS ? PROFILES_PER_ROUND : LAST_ROUND_PROFILES,
            )
            .filter(
              // A profile both beating and tying (the fallback of pruning.ts) is sought once, whole.
              (wanted, _, all) =>
                wanted.from === null ||
                !all.some((other) => other.from === null && meets(wanted.profile, other.profile)),
            );
    sought.push(...batch);
    hits = mergeTop(hits, await seek(batch), limit);
  }
  return hits;
}

/** The most a term adds to the score of a post on none of its lexemes' lists (see pruning.ts), in whole steps. */
function termBound(term: ResolvedTerm): TermBound {
  // A floor of 0 means the lists hold every post with the term; under TITLE_WEIGHT, every post with it in the title.
  if (term.floor <= 0) return { body: 0, title: 0 };
  return {
    body: term.bodyFloor > 0 ? term.idf * (SCORE.presence + boundStep(Math.min(term.bodyFloor, term.floor))) : 0,
    title: term.floor >= TITLE_WEIGHT ? term.idf * (SCORE.presence + boundStep(term.floor)) : 0,
  };
}

/**
 * For each state, the newest an unlisted post weighing its bound can be: the floor's date when the state's bound is
 * the floor's step (in the title always; elsewhere when the body floor is in the same step), else unknown.
 */
function newestUnlisted(term: ResolvedTerm): Record<TermState, number> {
  const atFloor = boundStep(Math.min(term.bodyFloor, term.floor)) === boundStep(term.floor);
  return {
    [ABSENT]: Number.POSITIVE_INFINITY,
    [PRESENT]: atFloor ? term.floorPublishedUs : Number.POSITIVE_INFINITY,
    [IN_TITLE]: term.floorPublishedUs,
  };
}

/**
 * The newest a post meeting a profile can be if it ties the k-th score `kth`. A post meeting a profile only ties its
 * bound when every term it holds weighs the bound's step (one step less is worth idf / WEIGHT_STEPS, above the tie
 * tolerance unless a term is almost everywhere, and then nothing is assumed), so it is no newer than the oldest of
 * their floors' dates.
 */
function newestMeeting(
  terms: ResolvedTerm[],
  newestAt: Array<Record<TermState, number>>,
  profile: TermState[],
  kth: number,
) {
  const held = profile.flatMap((state, i) => (state === ABSENT ? [] : [i]));
  if (held.some((i) => terms[i]!.idf / WEIGHT_STEPS <= 2 * TIE * kth)) return Number.POSITIVE_INFINITY;
  return Math.min(...held.map((i) => newestAt[i]![profile[i]!]));
}

/** A profile per term that can be in an unlisted post's title, asking for just that, the heaviest first. */
function inTitleProfiles(bounds: TermBound[]): TermState[][] {
  return bounds
    .flatMap((bound, i) => (bound.title > 0 ? [bounds.map((_, j) => (j === i ? IN_TITLE : ABSENT) as TermState)] : []))
    .sort((a, b) => profileBound(bounds, b) - profileBound(bounds, a))
    .slice(0, PROFILES_PER_ROUND);
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
