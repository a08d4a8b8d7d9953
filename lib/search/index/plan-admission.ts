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

/**
 * A lexeme's row of search_term_stats, as far as its list goes. The columns keep their first names (renaming them
 * takes a migration): top_floor is the max unlisted weight, floor_published_us the newest date of an unlisted post at
 * its quantized weight, body_floor the max body weight (lib/search/README.md). A type rather than an interface, so
 * that it is a Row to Queryable.query.
 */
export type ListStats = {
  lexeme: string;
  top_floor: number;
  body_floor: number;
  floor_published_us: number | null;
};

export interface ListEntry {
  postId: string;
  weight: number;
  /** Microseconds since 1970; null for an undated post. */
  publishedUs: number | null;
}

export interface ChampionList {
  lexeme: string;
  entries: ListEntry[];
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
function byListOrder(a: ListEntry, b: ListEntry): number {
  return (
    compareListOrder(b.weight, b.publishedUs, a.weight, a.publishedUs) ||
    (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0)
  );
}

/**
 * What merging a batch of analysed posts into the champion lists changes: the lists it touches, whole, and the stats
 * of the lexemes whose maxima moved. `stats` are the batch's lexemes' rows as they stand, `publishedUs` each post's
 * date in microseconds since 1970 (null when undated). Pure but for `read`, which gives the current lists of the
 * lexemes asked for: the indexer reads them from the database, the rounds test (tests/unit/search-rounds.test.ts)
 * from memory, so both build their lists by this one rule. `size` is CHAMPION_LIST_SIZE but in that test.
 */
export async function planAdmission(
  posts: { ids: string[]; publishedUs: Array<number | null> },
  documents: ReadonlyArray<Pick<AnalyzedDocument, 'weights'>>,
  stats: ListStats[],
  read: (lexemes: string[]) => Promise<Map<string, ListEntry[]>>,
  size = CHAMPION_LIST_SIZE,
): Promise<{ lists: ChampionList[]; stats: ListStats[] }> {
  const current = new Map(stats.map((row) => [row.lexeme, row]));
  // Whether a post would stand before the max unlisted post; with nothing dropped yet (max 0), every post is listed.
  const beatsUnlistedMax = (lexeme: string, weight: number, publishedUs: number | null) => {
    const row = current.get(lexeme);
    if (!row || row.top_floor <= 0) return true;
    return compareListOrder(weight, publishedUs, row.top_floor, row.floor_published_us) > 0;
  };
  // This batch's candidates per lexeme (posts before the max unlisted post), and its heaviest non-title weights.
  const candidates = new Map<string, ListEntry[]>();
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

  const existing = await read([...candidates.keys()]);
  const batchIds = new Set(posts.ids);
  const lists: ChampionList[] = [];
  const changed: ListStats[] = [];
  for (const [lexeme, batch] of candidates) {
    // A post of this batch already listed (indexed before under the same id) is listed again at its new weight.
    const listed = existing.get(lexeme) ?? [];
    const kept = listed.filter((e) => !batchIds.has(e.postId));
    const merged = [...kept, ...batch].sort(byListOrder);
    const entries = merged.slice(0, size);
    // A post may stand before the max unlisted one yet not before the list's last: the list stays as it was, and is
    // not written again (a batch of a large corpus has many such lexemes).
    if (!sameEntries(entries, listed)) lists.push({ lexeme, entries });
    const row = current.get(lexeme);
    const max = unlistedMaxAfter(
      row && row.top_floor > 0 ? { weight: row.top_floor, publishedUs: row.floor_published_us } : null,
      merged.slice(size),
    );
    const stats = {
      lexeme,
      top_floor: max?.weight ?? 0,
      floor_published_us: max?.publishedUs ?? null,
      body_floor: Math.max(row?.body_floor ?? 0, bodyMaxima.get(lexeme) ?? 0),
    };
    if (!row || !sameStats(stats, row)) changed.push(stats);
  }
  for (const [lexeme, bodyMax] of bodyMaxima) {
    const row = current.get(lexeme);
    if (!candidates.has(lexeme) && bodyMax > (row?.body_floor ?? 0)) {
      changed.push({
        lexeme,
        top_floor: row?.top_floor ?? 0,
        floor_published_us: row?.floor_published_us ?? null,
        body_floor: bodyMax,
      });
    }
  }
  return { lists, stats: changed };
}

function sameEntries(a: ListEntry[], b: ListEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => e.postId === b[i]!.postId && e.weight === b[i]!.weight && e.publishedUs === b[i]!.publishedUs)
  );
}

function sameStats(a: ListStats, b: ListStats): boolean {
  return a.top_floor === b.top_floor && a.body_floor === b.body_floor && a.floor_published_us === b.floor_published_us;
}

/**
 * The max unlisted weight once `dropped` leave a list: the heaviest weight of any unlisted post, and the newest date
 * among the unlisted posts at that quantized weight (null when none of them is dated). Null when nothing is unlisted.
 */
function unlistedMaxAfter(
  max: { weight: number; publishedUs: number | null } | null,
  dropped: ListEntry[],
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
