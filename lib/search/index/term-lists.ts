import type { Queryable } from '@/lib/db/types';
import type { AnalyzedDocument } from '@/lib/search/analysis/document';
import { TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';

/**
 * Each lexeme's list of the TERM_LIST_SIZE posts where it weighs most, and its floor: no post outside the list weighs
 * more than the floor (migration 20261127100000). A post pushed off a list raises the floor to its weight, and a post
 * weighing no more than the floor is never added. A rare lexeme's list holds all its posts, with floor 0.
 *
 * Each lexeme also keeps body_floor, the heaviest it weighs in any post that does not hold it in the title (those
 * weigh less than TITLE_WEIGHT; the ones that do, at least that): an unlisted post without the lexeme in its title
 * weighs at most that.
 *
 * TERM_LIST_SIZE must be at least the number of results a lexical ranking is asked for (a search page: at most 30),
 * so that a single-term query is answered from its list alone.
 */
export const TERM_LIST_SIZE = 64;

interface StatsRow {
  lexeme: string;
  top_floor: number;
  body_floor: number;
}

interface Entry {
  postId: string;
  weight: number;
}

interface ListRow {
  [key: string]: unknown;
  lexeme: string;
  post_ids: string[];
  weights: number[];
}

/** Merges a batch of analysed posts into the lists and floors of their lexemes. */
export async function admitToTermLists(
  tx: Queryable,
  ids: string[],
  documents: AnalyzedDocument[],
  stats: StatsRow[],
): Promise<void> {
  const current = new Map(stats.map((row) => [row.lexeme, row]));
  // This batch's candidates per lexeme (posts weighing more than the floor), and its heaviest non-title weights.
  const candidates = new Map<string, Entry[]>();
  const bodyFloors = new Map<string, number>();
  documents.forEach((document, i) => {
    for (const [lexeme, weight] of document.weights) {
      if (weight < TITLE_WEIGHT && weight > (bodyFloors.get(lexeme) ?? 0)) bodyFloors.set(lexeme, weight);
      if (weight <= (current.get(lexeme)?.top_floor ?? 0)) continue;
      const list = candidates.get(lexeme) ?? candidates.set(lexeme, []).get(lexeme)!;
      list.push({ postId: ids[i]!, weight });
    }
  });

  const existing = await readLists(tx, [...candidates.keys()]);
  const batchIds = new Set(ids);
  const lists: Array<{ lexeme: string; entries: Entry[] }> = [];
  const floors: Array<{ lexeme: string; floor: number; bodyFloor: number }> = [];
  for (const [lexeme, batch] of candidates) {
    // A post of this batch already listed (indexed before under the same id) is listed again at its new weight.
    const kept = (existing.get(lexeme) ?? []).filter((e) => !batchIds.has(e.postId));
    const merged = [...kept, ...batch].sort((a, b) => b.weight - a.weight || (a.postId < b.postId ? -1 : 1));
    const dropped = merged.length > TERM_LIST_SIZE ? merged[TERM_LIST_SIZE]!.weight : 0;
    lists.push({ lexeme, entries: merged.slice(0, TERM_LIST_SIZE) });
    floors.push({ lexeme, floor: dropped, bodyFloor: bodyFloors.get(lexeme) ?? 0 });
  }
  for (const [lexeme, bodyFloor] of bodyFloors) {
    if (!candidates.has(lexeme) && bodyFloor > (current.get(lexeme)?.body_floor ?? 0)) {
      floors.push({ lexeme, floor: 0, bodyFloor });
    }
  }
  await writeLists(tx, lists);
  if (floors.length === 0) return;
  await tx.query(
    `update search_term_stats s
        set top_floor = greatest(s.top_floor, a.floor), body_floor = greatest(s.body_floor, a.body_floor)
       from unnest($1::text[], $2::real[], $3::real[]) as a (lexeme, floor, body_floor)
      where s.lexeme = a.lexeme`,
    [floors.map((f) => f.lexeme), floors.map((f) => f.floor), floors.map((f) => f.bodyFloor)],
  );
}

/** Takes posts off every list that holds them (their documents changed); the floors stay, still upper bounds. */
export async function removeFromTermLists(tx: Queryable, lexemes: string[], postIds: string[]): Promise<void> {
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
    `select lexeme, post_ids::text[] as post_ids, weights::float8[] as weights
       from search_term_lists where lexeme = any($1::text[])`,
    [lexemes],
  );
  return new Map(
    rows.map((row) => [row.lexeme, row.post_ids.map((postId, i) => ({ postId, weight: row.weights[i]! }))]),
  );
}

async function writeLists(tx: Queryable, lists: Array<{ lexeme: string; entries: Entry[] }>): Promise<void> {
  if (lists.length === 0) return;
  // Each list travels as array literals: unnest cannot take arrays of differing lengths. A weight (a single-precision
  // value held in a double) prints as the decimal that identifies it, which reads back as that same real.
  await tx.query(
    `insert into search_term_lists (lexeme, post_ids, weights)
     select lexeme, ids::uuid[], weights::real[] from unnest($1::text[], $2::text[], $3::text[]) as a (lexeme, ids, weights)
     on conflict (lexeme) do update set post_ids = excluded.post_ids, weights = excluded.weights`,
    [
      lists.map((l) => l.lexeme),
      lists.map((l) => `{${l.entries.map((e) => e.postId).join(',')}}`),
      lists.map((l) => `{${l.entries.map((e) => e.weight).join(',')}}`),
    ],
  );
}
