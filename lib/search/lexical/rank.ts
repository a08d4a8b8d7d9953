import type { Queryable } from '@/lib/db/types';
import { FIELD_WEIGHTS_SQL, TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
import { type Bound, subsetsThatCanWin } from './pruning';
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
 * occurrences, divided by log2 of the length) plus TITLE_WEIGHT when the term is in the title (analysis/ts-rank.ts).
 * PRESENCE makes covering one more term worth more than weighing more on the ones covered. The top k under this score
 * is exact; then, among those k, a post holding the query's terms in order gains PHRASE (anywhere) and PHRASE_IN_TITLE
 * times the query's total idf, which reorders the k without changing which posts they are.
 */
export const SCORE = { presence: 1, phrase: 0.5, phraseInTitle: 0.5 } as const;
// Unseen posts within this relative distance of the k-th score are ties; they may be left out.
const TIE = 1e-6;

interface ScoredRow {
  [key: string]: unknown;
  post_id: string;
  score: number;
  /** The phrase bonus, applied after the top k is settled. */
  phrase: number;
  matched: number;
  matched_idf: number;
}

/**
 * Exact top-k lexical ranking. The posts on the query terms' lists (lib/search/index/term-lists.ts: for each lexeme,
 * the posts where it weighs most, all of them for a rare one) are scored first. Every other post weighs at most the
 * floor of each term it contains, which bounds its score; the GIN index is then asked only for posts containing a
 * set of terms whose bound could beat the k-th score found, and those are scored too. So the result is the true top k
 * over every matching post, while a common word costs its list, not its thousands of posts.
 */
export async function rankLexical(
  db: Queryable,
  terms: ResolvedTerm[],
  options: { corpus: number; limit: number; range?: TimeRange | null; onlyIds?: string[] },
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
  const window = (first: number) =>
    range ? `and p.published_at >= $${first}::timestamptz and p.published_at < $${first + 1}::timestamptz` : '';
  const rangeParams = range ? [range.start, range.end] : [];
  const listed = await scorePosts(db, live, everyTermLive, {
    from: `(select distinct post_id as id from search_term_top where lexeme = any($1::text[])) listed
            join posts p on p.id = listed.id ${window(2) ? `where true ${window(2)}` : ''}`,
    params: [live.flatMap((t) => t.lexemes), ...rangeParams],
    limit: options.limit,
  });
  const kth = listed.length >= options.limit ? listed[options.limit - 1]!.score : 0;
  const bounds: Bound[] = live.map((t) => ({ floorScore: t.floor > 0 ? t.idf * (SCORE.presence + t.floor) : 0 }));
  const subsets = subsetsThatCanWin(bounds, kth * (1 + TIE));

  let hits = listed;
  if (subsets.length > 0) {
    const query = subsets.map((subset) => `(${subset.map((i) => live[i]!.query).join(' & ')})`).join(' | ');
    const rest = await scorePosts(db, live, everyTermLive, {
      from: `posts p where p.search_vector @@ $1::tsquery ${window(3)}
               and p.id not in (select post_id from search_term_top where lexeme = any($2::text[]))`,
      params: [query, live.flatMap((t) => t.lexemes), ...rangeParams],
      limit: options.limit,
    });
    hits = [...listed, ...rest].sort((a, b) => b.score - a.score).slice(0, options.limit);
  }
  const candidates = range ? await countInWindow(db, live, range) : 0;
  return { hits: byFinalScore(hits).map(toHit), candidates };
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
  const contains = terms.map((t) => `(v @@ ${param(t.query)}::tsquery)`);
  const perTerm = terms.map((t, i) => {
    const weights = t.lexemes.map(
      (lexeme) =>
        `ts_rank('${FIELD_WEIGHTS_SQL}', v, ${param(anyLexeme([lexeme]))}::tsquery, 1)
           + (case when v @@ ${param(anyLexeme([lexeme], 'A'))}::tsquery then ${TITLE_WEIGHT} else 0 end)`,
    );
    const weight = weights.length === 1 ? weights[0] : `greatest(${weights.join(', ')})`;
    return `(case when ${contains[i]} then ${param(t.idf)}::float8 * (${SCORE.presence} + ${weight}) else 0 end)`;
  });
  let phrase = '0';
  if (everyTermLive && terms.length > 1) {
    const idf = terms.reduce((sum, t) => sum + t.idf, 0);
    const inOrder = (parts: string[]) => `(v @@ ${param(parts.join(' <-> '))}::tsquery)`;
    phrase = `${param(idf)}::float8 * ((case when ${inOrder(terms.map((t) => t.query))} then ${SCORE.phrase} else 0 end)
               + (case when ${inOrder(terms.map((t) => anyLexeme(t.lexemes, 'A')))} then ${SCORE.phraseInTitle} else 0 end))`;
  }
  const matchedIdf = terms.map((t, i) => `(case when ${contains[i]} then ${param(t.idf)}::float8 else 0 end)`);
  return db.query<ScoredRow>(
    `with posts_read as materialized (
       select p.id, p.published_at, p.search_vector || ''::tsvector as v from ${source.from}
     )
     select id as post_id, (${perTerm.join(' + ')})::float8 as score, (${phrase})::float8 as phrase,
            (${contains.map((c) => `${c}::int`).join(' + ')})::int as matched,
            (${matchedIdf.join(' + ')})::float8 as matched_idf
       from posts_read
      order by score desc, published_at desc nulls last, id
      limit ${param(source.limit)}`,
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
