import type { Db } from '../../db/types';
import type { TimeRange } from '../lexical/rank';
import type { EmbeddingProvider } from '../embeddings/provider';
import { vectorSql } from './index-name';

export interface SemanticHit {
  postId: string;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

// HNSW returns at most ef_search rows; it must exceed the number of neighbours asked for.
const EF_SEARCH = 120;

/**
 * Nearest posts to the query vector. Without a time range the HNSW index answers; inside a time range the posts of
 * the range are ranked exactly ("+ 0" keeps the planner off the index), because an index scan filtered afterwards
 * can return almost nothing for a narrow window (notes/search.md, trap 2).
 */
export async function rankSemantic(
  db: Db,
  provider: EmbeddingProvider,
  vector: number[],
  options: { limit: number; range?: TimeRange | null; onlyIds?: string[] },
): Promise<SemanticHit[]> {
  const sql = vectorSql(provider);
  const query = JSON.stringify(vector);
  if (options.onlyIds) {
    // Similarity of given posts (the lexical side found them), to fuse both kinds of evidence for each.
    if (options.onlyIds.length === 0) return [];
    const rows = await db.query<{ post_id: string; distance: number }>(
      `select post_id, (${sql.column} <=> $1${sql.cast}) as distance
         from post_embeddings where model = ${sql.model} and post_id = any($2::uuid[])`,
      [query, options.onlyIds],
    );
    return rows.map((row) => ({ postId: row.post_id, similarity: 1 - row.distance }));
  }
  return db.transaction(async (tx) => {
    await tx.exec(`set local hnsw.ef_search = ${EF_SEARCH}`);
    const rows = options.range
      ? await tx.query<{ post_id: string; distance: number }>(
          `select e.post_id, (e.${sql.column} <=> $1${sql.cast}) as distance
             from post_embeddings e
            where e.model = ${sql.model}
              and e.post_id in (select id from posts
                                 where published_at >= $2::timestamptz and published_at < $3::timestamptz)
            order by (e.${sql.column} <=> $1${sql.cast}) + 0
            limit $4`,
          [query, options.range.start, options.range.end, options.limit],
        )
      : await tx.query<{ post_id: string; distance: number }>(
          `select post_id, (${sql.column} <=> $1${sql.cast}) as distance
             from post_embeddings
            where model = ${sql.model}
            order by ${sql.column} <=> $1${sql.cast}
            limit $2`,
          [query, options.limit],
        );
    return rows.map((row) => ({ postId: row.post_id, similarity: 1 - row.distance }));
  });
}
