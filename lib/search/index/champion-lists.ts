import type { Queryable } from '@/lib/db/types';
import type { AnalyzedDocument } from '@/lib/search/analysis/document';
import { type ChampionList, type ListEntry, type ListStats, planAdmission } from './plan-admission';

interface ListRow {
  [key: string]: unknown;
  lexeme: string;
  post_ids: string[];
  weights: number[];
  published_us: Array<number | null>;
}

/**
 * Merges a batch of analysed posts into the champion lists and maxima of their lexemes (plan-admission.ts says how).
 * `publishedUs` holds each post's date in microseconds since 1970 (null when undated).
 */
export async function admitToChampionLists(
  tx: Queryable,
  posts: { ids: string[]; publishedUs: Array<number | null> },
  documents: AnalyzedDocument[],
  stats: ListStats[],
): Promise<void> {
  const admitted = await planAdmission(posts, documents, stats, (lexemes) => readLists(tx, lexemes));
  await writeLists(tx, admitted.lists);
  if (admitted.stats.length === 0) return;
  // Set, not raised in SQL: the max's date goes with its quantized weight. Batches take turns under the indexer's
  // lock, so the stats read at the start of this one are current.
  await tx.query(
    `update search_term_stats s
        set top_floor = a.max_weight, floor_published_us = a.max_us, body_floor = greatest(s.body_floor, a.body_max)
       from unnest($1::text[], $2::real[], $3::float8[], $4::real[]) as a (lexeme, max_weight, max_us, body_max)
      where s.lexeme = a.lexeme`,
    [
      admitted.stats.map((row) => row.lexeme),
      admitted.stats.map((row) => row.top_floor),
      admitted.stats.map((row) => row.floor_published_us),
      admitted.stats.map((row) => row.body_floor),
    ],
  );
}

/** Takes posts off every list that holds them (their documents changed); the maxima stay, still upper bounds. */
export async function removeFromChampionLists(tx: Queryable, lexemes: string[], postIds: string[]): Promise<void> {
  const gone = new Set(postIds);
  const lists = [...(await readLists(tx, lexemes))]
    .filter(([, entries]) => entries.some((e) => gone.has(e.postId)))
    .map(([lexeme, entries]) => ({ lexeme, entries: entries.filter((e) => !gone.has(e.postId)) }));
  await writeLists(tx, lists);
}

async function readLists(tx: Queryable, lexemes: string[]): Promise<Map<string, ListEntry[]>> {
  if (lexemes.length === 0) return new Map();
  // As text and float8, which both drivers parse into arrays; float8 holds every real exactly.
  const rows = await tx.query<ListRow>(
    `select lexeme, post_ids::text[] as post_ids, weights::float8[] as weights, published_us
       from search_term_lists where lexeme = any($1::text[])`,
    [lexemes],
  );
  return new Map(
    rows.map((row) => [
      row.lexeme,
      row.post_ids.map((postId, i) => ({ postId, weight: row.weights[i]!, publishedUs: row.published_us[i] ?? null })),
    ]),
  );
}

async function writeLists(tx: Queryable, lists: ChampionList[]): Promise<void> {
  if (lists.length === 0) return;
  // Each list travels as array literals: unnest cannot take arrays of differing lengths. A weight (a single-precision
  // value held in a double) prints as the decimal that identifies it, which reads back as that same real.
  await tx.query(
    `insert into search_term_lists (lexeme, post_ids, weights, published_us)
     select lexeme, ids::uuid[], weights::real[], dates::float8[]
       from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as a (lexeme, ids, weights, dates)
     on conflict (lexeme) do update
       set post_ids = excluded.post_ids, weights = excluded.weights, published_us = excluded.published_us`,
    [
      lists.map((l) => l.lexeme),
      lists.map((l) => `{${l.entries.map((e) => e.postId).join(',')}}`),
      lists.map((l) => `{${l.entries.map((e) => e.weight).join(',')}}`),
      lists.map((l) => `{${l.entries.map((e) => e.publishedUs ?? 'NULL').join(',')}}`),
    ],
  );
}
