import { readCapabilities } from '@/lib/db/capabilities';
import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import type { TimeRange } from '@/lib/search/types';
import { vectorSql } from './index-name';

export interface SemanticHit {
  postId: string;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

// HNSW returns at most ef_search rows; it must exceed the number of neighbours asked for.
const EF_SEARCH = 120;
// Windows with at most this many posts are ranked exactly (one embedding lookup per post, about 10 ms in PGlite at
// this size); larger ones through the HNSW index with an iterative scan, whose cost falls as the window widens.
const EXACT_WINDOW_MAX = 1000;

/**
 * Nearest posts to the query vector. Without a time range the HNSW index answers. Inside a time range, an index scan
 * filtered afterwards can return almost nothing for a narrow window (notes/search.md, trap 2), so a small window is
 * ranked exactly ("+ 0" keeps the planner off the index) and a large one by an HNSW scan that keeps going until it has
 * found enough posts of the window (pgvector 0.8's iterative scan; without it every window is ranked exactly).
 */
export async function rankSemantic(
  db: Db,
  provider: EmbeddingProvider,
  vector: number[],
  options: {
    limit: number;
    range?: TimeRange | null;
    onlyIds?: string[];
    /** Largest window ranked exactly (tests lower it to reach the index path on a small corpus). */
    exactWindowMax?: number;
  },
): Promise<SemanticHit[]> {
  const sql = vectorSql(provider);
  const query = JSON.stringify(vector);
  const toHits = (rows: Array<{ post_id: string; distance: number }>) =>
    rows.map((row) => ({ postId: row.post_id, similarity: 1 - row.distance }));
  if (options.onlyIds) {
    // Similarity of given posts (the lexical side found them), to fuse both kinds of evidence for each.
    if (options.onlyIds.length === 0) return [];
    const rows = await db.query<{ post_id: string; distance: number }>(
      `select post_id, (${sql.column} <=> $1${sql.cast}) as distance
         from post_embeddings where model = ${sql.model} and post_id = any($2::uuid[])`,
      [query, options.onlyIds],
    );
    return toHits(rows);
  }
  const range = options.range ?? null;
  const rankExactly =
    range !== null &&
    (!(await readCapabilities(db)).vectorIterativeScan ||
      (await windowPostsAtMost(db, range, options.exactWindowMax ?? EXACT_WINDOW_MAX)));
  if (range && rankExactly) {
    return toHits(
      await db.query<{ post_id: string; distance: number }>(
        `select e.post_id, (e.${sql.column} <=> $1${sql.cast}) as distance
           from posts p join post_embeddings e on e.post_id = p.id and e.model = ${sql.model}
          where p.published_at >= $2::timestamptz and p.published_at < $3::timestamptz
          order by (e.${sql.column} <=> $1${sql.cast}) + 0
          limit $4`,
        [query, range.start, range.end, options.limit],
      ),
    );
  }
  return db.transaction(async (tx) => {
    await tx.exec(`set local hnsw.ef_search = ${EF_SEARCH}`);
    if (!range) {
      return toHits(
        await tx.query<{ post_id: string; distance: number }>(
          `select post_id, (${sql.column} <=> $1${sql.cast}) as distance
             from post_embeddings
            where model = ${sql.model}
            order by ${sql.column} <=> $1${sql.cast}
            limit $2`,
          [query, options.limit],
        ),
      );
    }
    // relaxed_order: the scan may hand back rows slightly out of order, so they are sorted again here.
    await tx.exec('set local hnsw.iterative_scan = relaxed_order');
    const rows = await tx.query<{ post_id: string; distance: number }>(
      `select e.post_id, (e.${sql.column} <=> $1${sql.cast}) as distance
         from post_embeddings e join posts p on p.id = e.post_id
        where e.model = ${sql.model}
          and p.published_at >= $2::timestamptz and p.published_at < $3::timestamptz
        order by e.${sql.column} <=> $1${sql.cast}
        limit $4`,
      [query, range.start, range.end, options.limit],
    );
    return toHits(rows.sort((a, b) => a.distance - b.distance));
  });
}

async function windowPostsAtMost(db: Db, range: TimeRange, most: number): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select 1 from posts where published_at >= $1::timestamptz and published_at < $2::timestamptz limit $3
     ) w`,
    [range.start, range.end, most + 1],
  );
  return (rows[0]?.n ?? 0) <= most;
}
