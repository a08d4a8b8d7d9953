import type { Queryable } from '@/lib/db/types';
import type { ResolvedTerm } from './resolve-terms';

export interface LexicalHit {
  postId: string;
  /** BM25-style score: sum over matched terms of idf x saturating, length-normalized weighted tf. */
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

// ts_rank weights for the {D body, C publication, B subtitle, A title} fields.
const FIELD_WEIGHTS = '{0.2,0.35,0.6,1.0}';
// Candidates are gathered from the rarest terms while their document counts add up to at most this many; a post that
// misses all of them lacks the query's most informative words and could not rank high anyway.
const CANDIDATE_BUDGET = 2000;
// When even the rarest term is commoner than the budget ("market"), the newest posts containing it are taken.
const COMMON_TERM_CANDIDATES = 400;
// Candidates are first ordered by one ts_rank against all terms (one pass over each document); only this many get the
// per-term scoring, which reads each document once per term.
const SHORTLIST = 120;

/**
 * Ranks posts for the resolved terms. Candidates come from the GIN index (posts containing one of the rarest terms, or,
 * when every term is common, the newest posts containing one); the best-covered candidates are then scored.
 */
export async function rankLexical(
  db: Queryable,
  terms: ResolvedTerm[],
  options: { corpus: number; limit: number; range?: TimeRange | null; onlyIds?: string[] },
): Promise<{ hits: LexicalHit[]; candidates: number }> {
  if (terms.length === 0 || options.onlyIds?.length === 0) return { hits: [], candidates: 0 };
  const byRarity = [...terms].sort((a, b) => a.docCount - b.docCount);
  let budget = 0;
  const selective = byRarity.filter((t) => {
    budget += t.docCount;
    return budget <= CANDIDATE_BUDGET;
  });
  const candidateTerms = selective.length > 0 && !options.onlyIds ? selective : terms;
  const capped = selective.length === 0 && !options.onlyIds;

  const params: unknown[] = [candidateTerms.map((t) => `(${t.query})`).join(' | ')];
  const param = (value: unknown) => `$${params.push(value)}`;
  const cap = capped ? `order by published_at desc nulls last limit ${param(COMMON_TERM_CANDIDATES)}` : '';
  // (Given posts are scored wherever they were published, so no window applies to them.)
  const window =
    options.range && !options.onlyIds
      ? `and published_at >= ${param(options.range.start)}::timestamptz and published_at < ${param(options.range.end)}::timestamptz`
      : '';
  const candidates = options.onlyIds
    ? // Scoring given posts (the other side of a hybrid search found them): looked up by id, not searched in the index.
      `select p.id, p.published_at, p.search_vector
         from unnest(${param(options.onlyIds)}::uuid[]) as given (id) join posts p on p.id = given.id
        where p.search_vector @@ $1::tsquery`
    : `select id, published_at, search_vector from posts where search_vector @@ $1::tsquery ${window} ${cap}`;
  const totalIdf = terms.reduce((sum, t) => sum + t.idf, 0) || 1;
  const score = terms
    .map((t) => `${param(t.idf)}::float8 * ts_rank('${FIELD_WEIGHTS}', p.search_vector, ${param(t.query)}::tsquery, 1)`)
    .join(' + ');
  const matchedIdf = terms
    .map((t) => `(case when p.search_vector @@ ${param(t.query)}::tsquery then ${param(t.idf)}::float8 else 0 end)`)
    .join(' + ');
  const matched = terms.map((t) => `(p.search_vector @@ ${param(t.query)}::tsquery)::int`).join(' + ');
  const roughRank = `ts_rank('${FIELD_WEIGHTS}', search_vector, ${param(terms.map((t) => `(${t.query})`).join(' | '))}::tsquery, 1)`;

  // The rough rank is computed where each candidate is read (its search vector is stored inline, migration
  // 20261122040000), so the shortlist, its count and its sort carry narrow rows; only the shortlist is read again for
  // the per-term scoring. The inner query stays a separate step so a cap limits the rows ranked, not just those kept.
  const rows = await db.query<{ post_id: string; score: number; matched: number; matched_idf: number; total: number }>(
    `with ranked as materialized (
       select id, published_at, ${roughRank} as rough
         from (${candidates}) c
     ),
     shortlist as (
       select id, published_at, count(*) over ()::int as total
         from ranked
        order by rough desc, published_at desc nulls last
        limit ${param(SHORTLIST)}
     )
     select s.id as post_id, (${score})::float8 as score, (${matched})::int as matched,
            (${matchedIdf})::float8 as matched_idf, s.total
       from shortlist s join posts p on p.id = s.id
      order by score desc, s.published_at desc nulls last, s.id
      limit ${param(options.limit)}`,
    params,
  );
  return {
    candidates: rows[0]?.total ?? 0,
    hits: rows.map((row) => ({
      postId: row.post_id,
      score: row.score,
      matched: row.matched,
      coverage: Math.min(1, row.matched_idf / totalIdf),
    })),
  };
}
