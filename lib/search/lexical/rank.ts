import type { Queryable } from '@/lib/db/types';
import { FIELD_WEIGHTS_SQL, QUANTA_PER_UNIT, TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
import { livePostings, postingsStatus } from '@/lib/search/postings/live-postings';
import { phraseBonus } from '@/lib/search/postings/phrase';
import type { PostingsRanker } from '@/lib/search/postings/postings-index';
import { microseconds, postingsTerms } from '@/lib/search/postings/query';
import { type StoredEntriesJson, storedEntriesSql, toVectorEntries } from '@/lib/search/postings/stored-entries';
import type { VectorEntry } from '@/lib/search/postings/tsvector-text';
import { type LexicalHit, SCORE, type TimeRange } from '@/lib/search/types';
import { searchTooBroad, searchWarming, withinBruteForceBudget } from './brute-force-budget';
import { matchedIdfToMatch } from './count';
import type { ResolvedTerm } from './resolve-terms';

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
  /** scorePosts only: how many posts of its source passed, before the limit. */
  matches?: number;
}

/**
 * Exact top-k lexical ranking (lib/search/README.md): from the postings in memory when this process has loaded them
 * (postings/live-postings.ts), otherwise by scoring every matching post of the scope in SQL with the same weights
 * (`scorePosts`), in the same order. The second is the fallback of the moments the postings are not loaded; a query
 * whose terms' posts exceed the fallback's budget answers 503 then (brute-force-budget.ts): `service_busy` with
 * Retry-After while the postings load, `query_too_broad` where they are off (SEARCH_POSTINGS=sql) and never will.
 */
export async function rankLexical(
  db: Queryable,
  terms: ResolvedTerm[],
  options: {
    limit: number;
    range?: TimeRange | null;
    onlyIds?: string[];
    /** Only posts of these publications. */
    publications?: string[] | null;
    /** Whether to count the posts matching in the window (`candidates`); a second pass over the same window need not. */
    countWindow?: boolean;
    /**
     * Only lexical matches (score.ts): the top k is the top k of the matches, so that a page is never short of them
     * (a post holding too little of the query can outscore one that holds enough). The default, but for `onlyIds`,
     * whose caller wants the evidence of given posts whatever it is.
     */
    matchesOnly?: boolean;
    /** The postings in memory to rank with (livePostings), null for SQL; looked up when left out. */
    postings?: PostingsRanker | null;
    /**
     * When the postings rank, the phrase bonus (which needs the posts' positions) is read now, or left to the caller
     * (`later`): each hit that may earn it says so (`phrasePending`), and `phraseBonusOf` gives it. SQL adds it now.
     */
    phrase?: 'now' | 'later';
  },
): Promise<{ hits: LexicalHit[]; candidates: number; matches?: number }> {
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
  const minMatchedIdf = (options.matchesOnly ?? !options.onlyIds) ? matchedIdfToMatch(terms) : null;

  const range = options.range ?? null;
  const postings = options.postings === undefined ? await livePostings(db) : options.postings;
  if (options.onlyIds) {
    if (postings) {
      const given = rankInPostings(postings, live, {
        limit: options.onlyIds.length,
        range: null,
        posts: options.onlyIds,
        minMatchedIdf,
      }).top;
      // A given post holding no term scores nothing, as SQL's coalesce scores it (unless only matches are asked for).
      const found = new Set(given.map((row) => row.post_id));
      const nothing = options.onlyIds
        .filter((id) => !found.has(id))
        .map((id) => ({ post_id: id, score: 0, phrase: 0, matched: 0, matched_idf: 0, published_us: null }));
      const rows = [...given, ...(minMatchedIdf === null ? nothing : [])].slice(0, options.limit);
      if (options.phrase === 'later')
        return { hits: withPhraseLater(live, everyTermLive, rows, toHit), candidates: rows.length };
      return {
        hits: byFinalScore(await withPhrase(db, live, everyTermLive, rows, postings)).map(toHit),
        candidates: rows.length,
      };
    }
    const rows = await scorePosts(db, live, everyTermLive, {
      from: 'unnest($1::uuid[]) as given (id) join posts p on p.id = given.id',
      params: [options.onlyIds],
      limit: options.limit,
      minMatchedIdf,
    });
    return { hits: byFinalScore(rows).map(toHit), candidates: rows.length };
  }

  if (postings) {
    const ranked = rankInPostings(postings, live, { ...options, range, minMatchedIdf });
    const later = options.phrase === 'later';
    const rows = later ? ranked.top : await withPhrase(db, live, everyTermLive, ranked.top, postings);
    const candidates =
      range && options.countWindow !== false
        ? options.publications
          ? postings.rank(postingsTerms(live), { range: microseconds(range), publications: null }, 0, 0).holdingAny
          : ranked.holdingAny
        : 0;
    // Every match of the scope was scored: their number comes with the ranking.
    const hits = later ? withPhraseLater(live, everyTermLive, rows, toHit) : byFinalScore(rows).map(toHit);
    return { hits, candidates, matches: ranked.matches };
  }
  if (!withinBruteForceBudget(live)) throw postingsStatus(db) === 'off' ? searchTooBroad() : searchWarming();
  const matching = await scoreEveryMatch(db, live, everyTermLive, { ...options, range, minMatchedIdf });
  const candidates = range && options.countWindow !== false ? await countInWindow(db, live, range) : 0;
  return { hits: byFinalScore(matching.rows).map(toHit), candidates, matches: matching.matches };
}

/** Whether a post holding `matched` of these (live) terms can earn the phrase bonus: all of several, all known. */
function phraseApplies(live: ResolvedTerm[], everyTermLive: boolean, matched: number): boolean {
  return everyTermLive && live.length >= 2 && matched === live.length;
}

/** Hits whose phrase bonus the caller adds (phraseBonusOf), in the postings' order: the final order is the caller's. */
function withPhraseLater(
  live: ResolvedTerm[],
  everyTermLive: boolean,
  rows: ScoredRow[],
  toHit: (row: ScoredRow) => LexicalHit,
): LexicalHit[] {
  return rows.map((row) =>
    phraseApplies(live, everyTermLive, row.matched) ? { ...toHit(row), phrasePending: true } : toHit(row),
  );
}

/**
 * The phrase bonus of a hit left `phrasePending`, from the post's entries of the query's lexemes with their positions
 * (postings/stored-entries.ts), remembered with the search's postings: the same bonus withPhrase would have added.
 */
export function phraseBonusOf(
  postings: PostingsRanker,
  terms: ResolvedTerm[],
  postId: string,
  entries: () => VectorEntry[],
): number {
  const live = terms.filter((t) => t.docCount > 0);
  const known = postings.phraseBonuses(postingsTerms(live));
  let bonus = known.get(postId);
  if (bonus === undefined) {
    bonus = phraseBonus(
      entries(),
      live,
      live.reduce((sum, t) => sum + t.idf, 0),
    );
    known.set(postId, bonus);
  }
  return bonus;
}

/**
 * The phrase bonus of posts the postings scored (scorePosts computes it in SQL): read from their stored vectors'
 * positions, for the posts holding every term (no other can hold the phrase), when the query has several terms and
 * every one is known.
 */
async function withPhrase(
  db: Queryable,
  live: ResolvedTerm[],
  everyTermLive: boolean,
  rows: ScoredRow[],
  postings: PostingsRanker,
): Promise<ScoredRow[]> {
  const candidates = rows.filter((row) => phraseApplies(live, everyTermLive, row.matched)).map((row) => row.post_id);
  if (candidates.length === 0) return rows;
  // A search ranks several scopes (the page, the curated tier, given posts) with the same posts at their top: each
  // post's vector is read once.
  const phrase = postings.phraseBonuses(postingsTerms(live));
  const unread = candidates.filter((id) => !phrase.has(id));
  if (unread.length > 0) {
    // Only the query's lexemes of each vector, picked out by PostgreSQL (postings/stored-entries.ts).
    const vectors = await db.query<{ id: string; entries: StoredEntriesJson }>(
      `select id, ${storedEntriesSql('search_vector', '$2')} as entries
         from posts where id = any($1::uuid[]) and search_vector is not null`,
      [unread, [...new Set(live.flatMap((t) => t.lexemes))]],
    );
    const totalIdf = live.reduce((sum, t) => sum + t.idf, 0);
    for (const row of vectors) phrase.set(row.id, phraseBonus(toVectorEntries(row.entries), live, totalIdf));
  }
  return rows.map((row) => ({ ...row, phrase: phrase.get(row.post_id) ?? 0 }));
}

/** The top k from the postings in memory (every posting scored), before the phrase bonus reorders it. */
function rankInPostings(
  postings: PostingsRanker,
  live: ResolvedTerm[],
  options: {
    limit: number;
    range: TimeRange | null;
    publications?: string[] | null;
    /** Only these posts (the evidence of given posts). */
    posts?: string[];
    minMatchedIdf: number | null;
  },
): { top: ScoredRow[]; holdingAny: number; matches: number } {
  const scope = {
    range: options.range ? microseconds(options.range) : null,
    publications: options.publications ?? null,
    ...(options.posts ? { posts: options.posts } : {}),
  };
  const result = postings.rank(postingsTerms(live), scope, options.limit, options.minMatchedIdf ?? 0);
  return {
    top: result.top.map((hit) => ({
      post_id: hit.postId,
      score: hit.score,
      phrase: 0,
      matched: hit.matched,
      matched_idf: hit.matchedIdf,
      published_us: hit.publishedUs,
    })),
    holdingAny: result.holdingAny,
    matches: result.matches,
  };
}

/**
 * The top k of every post in the scope holding any of the terms, scored in SQL, before the phrase bonus reorders it,
 * with the number of matches (the posts passing `minMatchedIdf`): the brute force itself, exact by construction.
 */
async function scoreEveryMatch(
  db: Queryable,
  live: ResolvedTerm[],
  everyTermLive: boolean,
  options: {
    limit: number;
    range: TimeRange | null;
    publications?: string[] | null;
    minMatchedIdf: number | null;
  },
): Promise<{ rows: ScoredRow[]; matches: number }> {
  const params: unknown[] = [live.map((t) => `(${t.query})`).join(' | ')];
  const filters = ['p.search_vector @@ $1::tsquery'];
  if (options.range) {
    filters.push(`p.published_at >= $${params.push(options.range.start)}::timestamptz`);
    filters.push(`p.published_at < $${params.push(options.range.end)}::timestamptz`);
  }
  if (options.publications) filters.push(`p.publication_id = any($${params.push(options.publications)}::uuid[])`);
  const rows = await scorePosts(db, live, everyTermLive, {
    from: `posts p where ${filters.join(' and ')}`,
    params,
    limit: options.limit,
    minMatchedIdf: options.minMatchedIdf,
  });
  return { rows, matches: rows[0]?.matches ?? 0 };
}

/** The top k reordered with the phrase bonus. */
function byFinalScore(rows: ScoredRow[]): ScoredRow[] {
  return [...rows].sort((a, b) => b.score + b.phrase - (a.score + a.phrase));
}

/**
 * Scores the posts of a FROM clause (binding `p`) and returns the best `limit`, each row with the number of posts
 * that passed (`matches`, computed before the limit). The vector is read once per post
 * (the concatenation yields a plain in-memory value): read directly, each of the several tests below would
 * decompress it again.
 */
async function scorePosts(
  db: Queryable,
  terms: ResolvedTerm[],
  everyTermLive: boolean,
  source: { from: string; params: unknown[]; limit: number; minMatchedIdf: number | null },
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
    // Quantized, as quantizeWeight does.
    return `(case when v @@ ${param(t.query)}::tsquery then floor((${weight}) * ${QUANTA_PER_UNIT}) / ${QUANTA_PER_UNIT} end) as w${i}`;
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
              published_at, count(*) over ()::int as matches
         from (select id, published_at, v, ${weights.join(', ')} from posts_read offset 0) weighed
        ${source.minMatchedIdf === null ? '' : `where (${matchedIdf}) >= ${param(source.minMatchedIdf)}::float8`}
        order by score desc, published_at desc nulls last, id
        limit ${param(source.limit)}
     )
     select id as post_id, score, (${phrase})::float8 as phrase, matched, matched_idf, matches,
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
