import type { Queryable } from '@/lib/db/types';
import { boundStep, FIELD_WEIGHTS_SQL, TITLE_WEIGHT, WEIGHT_STEPS } from '@/lib/search/analysis/ts-rank';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
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

export interface LexicalHit {
  postId: string;
  /** The lexical score (see SCORE). */
  score: number;
  /** Query terms the post contains. */
  matched: number;
  /** idf-weighted share of the query the post covers, 0..1. */
  coverage: number;
}

export interface TimeRange {
  start: string;
  end: string;
}

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

interface ScoredRow {
  [key: string]: unknown;
  post_id: string;
  score: number;
  /** Microseconds since 1970 (exact in a double), for the tie-break; null for an undated post. */
  published_us: number | null;
  /** The phrase bonus, applied after the top k is settled. */
  phrase: number;
  matched: number;
  matched_idf: number;
}

/**
 * Exact top-k lexical ranking. The posts on the query terms' lists (lib/search/index/term-lists.ts: for each lexeme,
 * the posts where it weighs most, all of them for a rare one) are scored first. Every other post weighs, for each
 * term it holds, at most the term's floor (in its title) or body floor (elsewhere), which bounds its score; the indexes
 * are then asked only for posts meeting a profile whose bound could beat the k-th score found (pruning.ts), a few
 * profiles per round, and those are scored too. So the result is the true top k over every matching post, while a
 * common word costs its list and the posts that could still win, not its thousands of posts.
 */
export async function rankLexical(
  db: Queryable,
  terms: ResolvedTerm[],
  options: {
    corpus: number;
    limit: number;
    range?: TimeRange | null;
    onlyIds?: string[];
    /** Only posts of these publications. */
    publications?: string[] | null;
    /** Whether to count the posts matching in the window (`candidates`); a second pass over the same window need not. */
    countWindow?: boolean;
  },
): Promise<{ hits: LexicalHit[]; candidates: number }> {
  const live = terms.filter((t) => t.docCount > 0);
  if (live.length === 0 || options.limit <= 0 || options.onlyIds?.length === 0) return { hits: [], candidates: 0 };
  const totalIdf = terms.reduce((sum, t) => sum + t.idf, 0) || 1;
  const toHit = (row: ScoredRow): LexicalHit => ({
    postId: row.post_id,
    score: row.score + row.phrase,
    matched: row.matched,
    coverage: Math.min(1, row.matched_idf / totalIdf),
  });
  const everyTermLive = live.length === terms.length;

  if (options.onlyIds) {
    const rows = await scorePosts(db, live, everyTermLive, {
      from: 'unnest($1::uuid[]) as given (id) join posts p on p.id = given.id',
      params: [options.onlyIds],
      limit: options.limit,
    });
    return { hits: byFinalScore(rows).map(toHit), candidates: rows.length };
  }

  const range = options.range ?? null;
  // The window's count runs beside the ranking (on PostgreSQL's pool, at the same time).
  const [hits, candidates] = await Promise.all([
    rankTop(db, live, everyTermLive, { ...options, range }),
    range && options.countWindow !== false ? countInWindow(db, live, range) : 0,
  ]);
  return { hits: byFinalScore(hits).map(toHit), candidates };
}

/** The top k over every post (see rankLexical), before the phrase bonus reorders it. */
async function rankTop(
  db: Queryable,
  live: ResolvedTerm[],
  everyTermLive: boolean,
  options: { corpus: number; limit: number; range: TimeRange | null; publications?: string[] | null },
): Promise<ScoredRow[]> {
  const range = options.range;
  const publications = options.publications ?? null;
  // Parameter 1 is the query's lexemes; then the window's bounds and the publications, when given.
  const filterParams = [...(range ? [range.start, range.end] : []), ...(publications ? [publications] : [])];
  const filters = [
    range ? 'p.published_at >= $2::timestamptz and p.published_at < $3::timestamptz' : null,
    publications ? `p.publication_id = any($${range ? 4 : 2}::uuid[])` : null,
  ].filter((filter) => filter !== null);
  const andFilters = filters.map((filter) => `and ${filter}`).join(' ');
  const listed = await scorePosts(db, live, everyTermLive, {
    from: `(select distinct unnest(post_ids) as id from search_term_lists where lexeme = any($1::text[])) listed
            join posts p on p.id = listed.id where true ${andFilters}`,
    params: [live.flatMap((t) => t.lexemes), ...filterParams],
    limit: options.limit,
  });
  // Unlisted posts are sought a few profiles at a time, the most promising first: each round's results raise the
  // k-th score, which retires the profiles that can no longer win. A profile meeting one already sought is skipped
  // (its posts were among that one's candidates). The last round takes every profile left, so the top k is exact.
  // A post can beat the k-th result outright (a higher score) or tie it and be newer (the ranking's tie-break). The
  // profiles that can only tie are sought from the k-th post's date on, and not at all when the term lists show that
  // no unlisted post at those weights is that new (in the demo corpus thousands of titles hold a common word at the
  // same step, and the lists hold the newest of them).
  const bounds = live.map(termBound);
  const newestAt = live.map(newestUnlisted);
  const sought: Sought[] = [];
  let hits = listed;
  for (let round = 1; ; round++) {
    const kthRow = hits.length >= options.limit ? hits[options.limit - 1]! : null;
    const kth = kthRow?.score ?? 0;
    const kthDate = kthRow?.published_us ?? null;
    const beat: Sought[] = profilesThatCanWin(bounds, kth * (1 + TIE)).map((profile) => ({ profile, from: null }));
    const tie: Sought[] = !kthRow
      ? []
      : profilesThatCanWin(bounds, kth * (1 - TIE))
          .filter((profile) => profileBound(bounds, profile) <= kth * (1 + TIE))
          .filter((profile) => kthDate === null || newestMeeting(live, newestAt, profile, kth) >= kthDate)
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
              (wanted, i, all) =>
                wanted.from === null ||
                !all.some((other) => other.from === null && meets(wanted.profile, other.profile)),
            );
    sought.push(...batch);
    const params: unknown[] = [live.flatMap((t) => t.lexemes), ...filterParams];
    const conditions = batch.map(({ profile, from }) => {
      const condition = profileCondition(live, profile, options.corpus, params);
      if (from === null) return condition;
      // From the k-th post's millisecond on: a superset of the posts dated after it or with it.
      const since = new Date(Math.floor(from / 1000)).toISOString();
      return `${condition} and p.published_at >= $${params.push(since)}::timestamptz`;
    });
    const rest = await scorePosts(db, live, everyTermLive, {
      // One index query per profile, united: OR-ed in one WHERE, PostgreSQL checks the whole condition again on
      // every row the indexes return, reading (and decompressing) each post's vector for it.
      from: `(${conditions.map((c) => `select p.id from posts p where ${c} ${andFilters}`).join(' union ')}) candidate
             join posts p on p.id = candidate.id
             where p.id not in (select unnest(post_ids) from search_term_lists where lexeme = any($1::text[]))`,
      params,
      limit: options.limit,
    });
    hits = mergeTop(hits, rest, options.limit);
  }
  return hits;
}

/** Posts meeting a profile, all of them (from null) or only those dated from `from` on (microseconds since 1970). */
interface Sought {
  profile: TermState[];
  from: number | null;
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

// A term held by more than this share of the corpus is not worth intersecting in the index: reading its long posting
// list costs more than scoring the extra candidates it would have excluded.
const SELECTIVE_SHARE = 0.2;

/**
 * SQL for posts meeting a profile, or a superset of them (every candidate is scored exactly, so a superset only costs
 * time): the title index for its IN_TITLE terms, the document index for its selective PRESENT ones.
 */
function profileCondition(terms: ResolvedTerm[], profile: TermState[], corpus: number, params: unknown[]): string {
  const inTitle = terms.filter((_, i) => profile[i] === IN_TITLE);
  const present = terms.filter((_, i) => profile[i] === PRESENT).sort((a, b) => a.docCount - b.docCount);
  const selective = present.filter((t, i) => t.docCount <= SELECTIVE_SHARE * corpus || (i === 0 && !inTitle.length));
  const tsquery = (list: ResolvedTerm[]) => list.map((t) => `(${t.query})`).join(' & ');
  const parts: string[] = [];
  // The expression of the title index (migration 20261127100000).
  if (inTitle.length) parts.push(`ts_filter(p.search_vector, '{a}') @@ $${params.push(tsquery(inTitle))}::tsquery`);
  if (selective.length) parts.push(`p.search_vector @@ $${params.push(tsquery(selective))}::tsquery`);
  return `(${parts.join(' and ')})`;
}

/** A profile per term that can be in an unlisted post's title, asking for just that, the heaviest first. */
function inTitleProfiles(bounds: TermBound[]): TermState[][] {
  return bounds
    .flatMap((bound, i) => (bound.title > 0 ? [bounds.map((_, j) => (j === i ? IN_TITLE : ABSENT) as TermState)] : []))
    .sort((a, b) => profileBound(bounds, b) - profileBound(bounds, a))
    .slice(0, PROFILES_PER_ROUND);
}

/** The best `limit` of two scored sets, each post once, in the ranking's order (as scorePosts orders them). */
function mergeTop(a: ScoredRow[], b: ScoredRow[], limit: number): ScoredRow[] {
  const seen = new Set(a.map((row) => row.post_id));
  const newest = (row: ScoredRow) => row.published_us ?? Number.NEGATIVE_INFINITY;
  return [...a, ...b.filter((row) => !seen.has(row.post_id))]
    .sort(
      (x, y) =>
        y.score - x.score || newest(y) - newest(x) || (x.post_id < y.post_id ? -1 : x.post_id > y.post_id ? 1 : 0),
    )
    .slice(0, limit);
}

/** The top k reordered with the phrase bonus. */
function byFinalScore(rows: ScoredRow[]): ScoredRow[] {
  return [...rows].sort((a, b) => b.score + b.phrase - (a.score + a.phrase));
}

/**
 * Scores the posts of a FROM clause (binding `p`) and returns the best `limit`. The vector is read once per post
 * (the concatenation yields a plain in-memory value): read directly, each of the several tests below would
 * decompress it again.
 */
async function scorePosts(
  db: Queryable,
  terms: ResolvedTerm[],
  everyTermLive: boolean,
  source: { from: string; params: unknown[]; limit: number },
): Promise<ScoredRow[]> {
  const params = [...source.params];
  const param = (value: unknown) => `$${params.push(value)}`;
  // Each term's weight, null when the post lacks it; computed once per post (OFFSET 0 keeps the subquery from being
  // folded into the outer expressions, which would evaluate it again for each use).
  const weights = terms.map((t, i) => {
    const perLexeme = t.lexemes.map(
      (lexeme) =>
        `ts_rank('${FIELD_WEIGHTS_SQL}', v, ${param(anyLexeme([lexeme]))}::tsquery, 1)
           + (case when v @@ ${param(anyLexeme([lexeme], 'A'))}::tsquery then ${TITLE_WEIGHT} else 0 end)`,
    );
    const weight = perLexeme.length === 1 ? perLexeme[0] : `greatest(${perLexeme.join(', ')})`;
    // Counted in steps, as quantizeWeight does.
    return `(case when v @@ ${param(t.query)}::tsquery then floor((${weight}) * ${WEIGHT_STEPS}) / ${WEIGHT_STEPS} end) as w${i}`;
  });
  const idf = terms.map((t) => `${param(t.idf)}::float8`);
  const score = terms.map((_, i) => `coalesce(${idf[i]} * (${SCORE.presence} + w${i}), 0)`).join(' + ');
  const matched = terms.map((_, i) => `(w${i} is not null)::int`).join(' + ');
  const matchedIdf = terms.map((_, i) => `(case when w${i} is not null then ${idf[i]} else 0 end)`).join(' + ');
  // The phrase bonus only reorders the top k, so it is computed for those k alone.
  let phrase = '0';
  if (everyTermLive && terms.length > 1) {
    const totalIdf = terms.reduce((sum, t) => sum + t.idf, 0);
    const inOrder = (parts: string[]) => `(v @@ ${param(parts.join(' <-> '))}::tsquery)`;
    phrase = `${param(totalIdf)}::float8 * ((case when ${inOrder(terms.map((t) => t.query))} then ${SCORE.phrase} else 0 end)
               + (case when ${inOrder(terms.map((t) => anyLexeme(t.lexemes, 'A')))} then ${SCORE.phraseInTitle} else 0 end))`;
  }
  return db.query<ScoredRow>(
    `with posts_read as materialized (
       select p.id, p.published_at, p.search_vector || ''::tsvector as v from ${source.from}
     ),
     top as (
       select id, v, (${score})::float8 as score, (${matched})::int as matched, (${matchedIdf})::float8 as matched_idf,
              published_at
         from (select id, published_at, v, ${weights.join(', ')} from posts_read offset 0) weighed
        order by score desc, published_at desc nulls last, id
        limit ${param(source.limit)}
     )
     select id as post_id, score, (${phrase})::float8 as phrase, matched, matched_idf,
            (extract(epoch from published_at) * 1000000)::float8 as published_us
       from top order by score desc, published_at desc nulls last, id`,
    params,
  );
}

/** Posts in the window matching any term: how much the window holds, for freshnessCoverage. */
async function countInWindow(db: Queryable, terms: ResolvedTerm[], range: TimeRange): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from posts
      where search_vector @@ $1::tsquery and published_at >= $2::timestamptz and published_at < $3::timestamptz`,
    [terms.map((t) => t.query).join(' | '), range.start, range.end],
  );
  return row?.n ?? 0;
}
