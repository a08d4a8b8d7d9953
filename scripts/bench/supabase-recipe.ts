import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { vectorSql } from '@/lib/search/semantic/index-name';

/*
 * The baseline: hybrid search as Supabase's documentation writes it (guides/ai/hybrid-search): rank every full-text
 * match with ts_rank_cd and every embedding with row_number() over the distance, then fuse the two lists with
 * reciprocal rank fusion (k 50, equal weights, 2 x match_count from each side). Written here against our tables.
 */
const MATCH_COUNT = 10;

export function fullTextRecipe(db: Db, q: string) {
  return db.query(
    `select id, row_number() over (order by ts_rank_cd(search_vector, websearch_to_tsquery('english', $1)) desc) as rank_ix
       from posts
      where search_vector @@ websearch_to_tsquery('english', $1)
      order by rank_ix
      limit $2`,
    [q, MATCH_COUNT * 2],
  );
}

export function hybridSearchRecipe(db: Db, q: string, vector: number[], provider: EmbeddingProvider) {
  const sql = vectorSql(provider);
  return db.query(
    `with full_text as (
       select id, row_number() over (order by ts_rank_cd(search_vector, websearch_to_tsquery('english', $1)) desc) as rank_ix
         from posts
        where search_vector @@ websearch_to_tsquery('english', $1)
        order by rank_ix
        limit $3 * 2
     ),
     semantic as (
       select post_id as id, row_number() over (order by ${sql.column} <#> $2${sql.cast}) as rank_ix
         from post_embeddings
        where model = ${sql.model}
        order by rank_ix
        limit $3 * 2
     )
     select p.id, p.title
       from full_text
       full outer join semantic on full_text.id = semantic.id
       join posts p on coalesce(full_text.id, semantic.id) = p.id
      order by coalesce(1.0 / (50 + full_text.rank_ix), 0.0) + coalesce(1.0 / (50 + semantic.rank_ix), 0.0) desc
      limit $3`,
    [q, JSON.stringify(vector), MATCH_COUNT],
  );
}
