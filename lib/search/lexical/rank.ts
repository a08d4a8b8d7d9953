import type { Queryable } from '../../db/types';
import type { ResolvedTerm } from './resolve-terms';

export interface LexicalHit {
  postId: string;
  /** BM25-style score: sum over matched terms of idf x saturating, length-normalised weighted tf. */
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
// A term in more than this share of posts is too common to choose candidates by.
const SELECTIVE_SHARE = 0.08;
// Candidate cap when only common terms are left, so a query like "market" does not score every post.
const COMMON_TERM_CANDIDATES = 1500;

/**
 * Ranks posts for the resolved terms. Candidates come from the GIN index: posts containing any selective term, or,
 * when every term is common, the newest posts containing one (capped). Only candidates are scored.
 */
export async function rankLexical(
  db: Queryable,
  terms: ResolvedTerm[],
  options: { corpus: number; limit: number; range?: TimeRange | null; onlyIds?: string[] },
): Promise<{ hits: LexicalHit[]; candidates: number }> {
  if (terms.length === 0 || options.onlyIds?.length === 0) return { hits: [], candidates: 0 };
  const selective = terms.filter((t) => t.docCount <= Math.max(50, options.corpus * SELECTIVE_SHARE));
  const candidateTerms = selective.length > 0 && !options.onlyIds ? selective : terms;
  const capped = selective.length === 0;

  const params: unknown[] = [candidateTerms.map((t) => `(${t.query})`).join(' | ')];
  const param = (value: unknown) => `$${params.push(value)}`;
  // Scoring given posts (the other side of a hybrid search found them) instead of searching the index.
  const idFilter = options.onlyIds ? `and id = any(${param(options.onlyIds)}::uuid[])` : '';
  const rangeFilter = options.range
    ? `and published_at >= ${param(options.range.start)}::timestamptz and published_at < ${param(options.range.end)}::timestamptz`
    : '';
  const cap = capped && !options.onlyIds ? `order by published_at desc nulls last limit ${param(COMMON_TERM_CANDIDATES)}` : '';
  const totalIdf = terms.reduce((sum, t) => sum + t.idf, 0) || 1;
  const score = terms
    .map((t) => `${param(t.idf)}::float8 * ts_rank('${FIELD_WEIGHTS}', p.search_vector, ${param(t.query)}::tsquery, 1)`)
    .join(' + ');
  const matchedIdf = terms
    .map((t) => `(case when p.search_vector @@ ${param(t.query)}::tsquery then ${param(t.idf)}::float8 else 0 end)`)
    .join(' + ');
  const matched = terms.map((t) => `(p.search_vector @@ ${param(t.query)}::tsquery)::int`).join(' + ');

  const rows = await db.query<{ post_id: string; score: number; matched: number; matched_idf: number; total: number }>(
    `with candidates as materialized (
       select id from posts where search_vector @@ $1::tsquery ${idFilter} ${rangeFilter} ${cap}
     )
     select p.id as post_id, (${score})::float8 as score, (${matched})::int as matched,
            (${matchedIdf})::float8 as matched_idf, count(*) over ()::int as total
       from candidates c join posts p on p.id = c.id
      order by score desc, p.published_at desc nulls last, p.id
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
