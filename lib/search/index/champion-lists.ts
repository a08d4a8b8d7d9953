import type { Queryable } from '@/lib/db/types';
import type { AnalyzedDocument } from '@/lib/search/analysis/document';
import { quantizeWeight, TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';

/**
 * Each lexeme's champion list: its CHAMPION_LIST_SIZE best posts, in the ranking's order: the quantized weight
 * (quantizeWeight), then the newest, then the id (table search_term_lists, migrations 20261127100000, 20261128100000).
 * Its max unlisted weight (column top_floor) bounds every post outside the list: none has a higher quantized weight,
 * and none at that quantized weight is newer than floor_published_us. A post pushed off a list raises the max to it,
 * and a post that does not stand before the max is never added. A rare lexeme's list holds all its posts, with max 0.
 *
 * Each lexeme also keeps its max body weight (column body_floor), the heaviest it weighs in any post that does not
 * hold it in the title (those weigh less than TITLE_WEIGHT; the ones that do, at least that): an unlisted post without
 * the lexeme in its title weighs at most that.
 *
 * CHAMPION_LIST_SIZE must be at least the number of results a lexical ranking is asked for (a search page: at most
 * 30), so that a single-term query is answered from its list alone.
 */
export const CHAMPION_LIST_SIZE = 64;

/** A lexeme's statistics; the columns keep their first names (top_floor: max unlisted weight, see README.md). */
interface StatsRow {
  lexeme: string;
  top_floor: number;
  body_floor: number;
  floor_published_us: number | null;
}

interface Entry {
  postId: string;
  weight: number;
  /** Microseconds since 1970; null for an undated post. */
  publishedUs: number | null;
}

interface ListRow {
  [key: string]: unknown;
  lexeme: string;
  post_ids: string[];
  weights: number[];
  published_us: Array<number | null>;
}

/**
 * Positive when a post weighing `a` (dated `aUs`) stands before one weighing `b` (dated `bUs`) on a lexeme's list: a
 * higher quantized weight, or the same and newer (an undated post after every dated one). Allocates nothing: a batch
 * sorts thousands of candidates for a common word.
 */
function compareListOrder(a: number, aUs: number | null, b: number, bUs: number | null): number {
  return quantizeWeight(a) - quantizeWeight(b) || (aUs ?? Number.NEGATIVE_INFINITY) - (bUs ?? Number.NEGATIVE_INFINITY);
}

/** In the ranking's order: highest quantized weight, newest, then lowest id (as PostgreSQL orders uuids). */
function byListOrder(a: Entry, b: Entry): number {
  return (
    compareListOrder(b.weight, b.publishedUs, a.weight, a.publishedUs) ||
    (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0)
  );
}

/**
 * Merges a batch of analysed posts into the champion lists and maxima of their lexemes. `publishedUs` holds each
 * post's date in microseconds since 1970 (null when undated).
 */
export async function admitToChampionLists(
  tx: Queryable,
  posts: { ids: string[]; publishedUs: Array<number | null> },
  documents: AnalyzedDocument[],
  stats: StatsRow[],
): Promise<void> {
  const current = new Map(stats.map((row) => [row.lexeme, row]));
  // Whether a post would stand before the max unlisted post; with nothing dropped yet (max 0), every post is listed.
  const beatsUnlistedMax = (lexeme: string, weight: number, publishedUs: number | null) => {
    const row = current.get(lexeme);
    if (!row || row.top_floor <= 0) return true;
    return compareListOrder(weight, publishedUs, row.top_floor, row.floor_published_us) > 0;
  };
  // This batch's candidates per lexeme (posts before the max unlisted post), and its heaviest non-title weights.
  const candidates = new Map<string, Entry[]>();
  const bodyMaxima = new Map<string, number>();
  documents.forEach((document, i) => {
    const publishedUs = posts.publishedUs[i] ?? null;
    for (const [lexeme, weight] of document.weights) {
      if (weight < TITLE_WEIGHT && weight > (bodyMaxima.get(lexeme) ?? 0)) bodyMaxima.set(lexeme, weight);
      if (!beatsUnlistedMax(lexeme, weight, publishedUs)) continue;
      const list = candidates.get(lexeme) ?? candidates.set(lexeme, []).get(lexeme)!;
      list.push({ postId: posts.ids[i]!, weight, publishedUs });
    }
  });

  const existing = await readLists(tx, [...candidates.keys()]);
  const batchIds = new Set(posts.ids);
  const lists: Array<{ lexeme: string; entries: Entry[] }> = [];
  const maxima: Array<{ lexeme: string; max: number; maxUs: number | null; bodyMax: number }> = [];
  for (const [lexeme, batch] of candidates) {
    // A post of this batch already listed (indexed before under the same id) is listed again at its new weight.
    const kept = (existing.get(lexeme) ?? []).filter((e) => !batchIds.has(e.postId));
    const merged = [...kept, ...batch].sort(byListOrder);
    lists.push({ lexeme, entries: merged.slice(0, CHAMPION_LIST_SIZE) });
    const row = current.get(lexeme);
    const max = unlistedMaxAfter(
      row && row.top_floor > 0 ? { weight: row.top_floor, publishedUs: row.floor_published_us } : null,
      merged.slice(CHAMPION_LIST_SIZE),
    );
    maxima.push({
      lexeme,
      max: max?.weight ?? 0,
      maxUs: max?.publishedUs ?? null,
      bodyMax: bodyMaxima.get(lexeme) ?? 0,
    });
  }
  for (const [lexeme, bodyMax] of bodyMaxima) {
    const row = current.get(lexeme);
    if (!candidates.has(lexeme) && bodyMax > (row?.body_floor ?? 0)) {
      maxima.push({ lexeme, max: row?.top_floor ?? 0, maxUs: row?.floor_published_us ?? null, bodyMax });
    }
  }
  await writeLists(tx, lists);
  if (maxima.length === 0) return;
  // Set, not raised in SQL: the max's date goes with its quantized weight. Batches take turns under the indexer's
  // lock, so the stats read at the start of this one are current.
  await tx.query(
    `update search_term_stats s
        set top_floor = a.max_weight, floor_published_us = a.max_us, body_floor = greatest(s.body_floor, a.body_max)
       from unnest($1::text[], $2::real[], $3::float8[], $4::real[]) as a (lexeme, max_weight, max_us, body_max)
      where s.lexeme = a.lexeme`,
    [maxima.map((m) => m.lexeme), maxima.map((m) => m.max), maxima.map((m) => m.maxUs), maxima.map((m) => m.bodyMax)],
  );
}

/**
 * The max unlisted weight once `dropped` leave a list: the heaviest weight of any unlisted post, and the newest date
 * among the unlisted posts at that quantized weight (null when none of them is dated). Null when nothing is unlisted.
 */
function unlistedMaxAfter(
  max: { weight: number; publishedUs: number | null } | null,
  dropped: Entry[],
): { weight: number; publishedUs: number | null } | null {
  let result = max;
  for (const entry of dropped) {
    if (!result) {
      result = { weight: entry.weight, publishedUs: entry.publishedUs };
      continue;
    }
    // The date goes with the higher quantized weight, and within one with the newer post: the list's own order.
    const standsAbove = compareListOrder(entry.weight, entry.publishedUs, result.weight, result.publishedUs) > 0;
    result = {
      weight: Math.max(result.weight, entry.weight),
      publishedUs: standsAbove ? entry.publishedUs : result.publishedUs,
    };
  }
  return result;
}

/** Takes posts off every list that holds them (their documents changed); the maxima stay, still upper bounds. */
export async function removeFromChampionLists(tx: Queryable, lexemes: string[], postIds: string[]): Promise<void> {
  const gone = new Set(postIds);
  const lists = [...(await readLists(tx, lexemes))]
    .filter(([, entries]) => entries.some((e) => gone.has(e.postId)))
    .map(([lexeme, entries]) => ({ lexeme, entries: entries.filter((e) => !gone.has(e.postId)) }));
  await writeLists(tx, lists);
}

async function readLists(tx: Queryable, lexemes: string[]): Promise<Map<string, Entry[]>> {
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

async function writeLists(tx: Queryable, lists: Array<{ lexeme: string; entries: Entry[] }>): Promise<void> {
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
