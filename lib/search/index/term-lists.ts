import type { Queryable } from '@/lib/db/types';
import type { AnalyzedDocument } from '@/lib/search/analysis/document';
import { TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';

/**
 * Each lexeme's list of the posts where it weighs most, and its floor: no post outside the list weighs more than the
 * floor (migration 20261127100000). Lists are trimmed to TERM_LIST_SIZE when they pass twice that, and the floor rises
 * to the heaviest weight trimmed; a post weighing no more than the floor is never added. A rare lexeme's list holds all
 * its posts, with floor 0.
 *
 * Each lexeme also keeps body_floor, the heaviest it weighs in any post that does not hold it in the title (those
 * weigh less than TITLE_WEIGHT; the ones that do, at least that): an unlisted post without the lexeme in its title
 * weighs at most that.
 *
 * TERM_LIST_SIZE must be at least the number of results a lexical ranking is asked for (RETRIEVE_PER_SIDE), so that a
 * single-term query is answered from its list alone.
 */
export const TERM_LIST_SIZE = 64;

interface StatsRow {
  lexeme: string;
  top_floor: number;
  top_count: number;
  body_floor: number;
}

export async function admitToTermLists(
  tx: Queryable,
  ids: string[],
  documents: AnalyzedDocument[],
  stats: StatsRow[],
): Promise<void> {
  const current = new Map(stats.map((row) => [row.lexeme, row]));
  // This batch's candidates per lexeme: posts weighing more than the floor.
  const candidates = new Map<string, Array<{ postId: string; weight: number }>>();
  const bodyFloors = new Map<string, number>();
  documents.forEach((document, i) => {
    for (const [lexeme, weight] of document.weights) {
      if (weight < TITLE_WEIGHT && weight > (bodyFloors.get(lexeme) ?? 0)) bodyFloors.set(lexeme, weight);
      if (weight <= (current.get(lexeme)?.top_floor ?? 0)) continue;
      const list = candidates.get(lexeme) ?? candidates.set(lexeme, []).get(lexeme)!;
      list.push({ postId: ids[i]!, weight });
    }
  });
  // Beyond the batch's own TERM_LIST_SIZE heaviest, a candidate could never stay on the list: it is left out here and
  // the floor rises to its weight, which spares inserting and then trimming most of a common lexeme's posts.
  const lexemes: string[] = [];
  const postIds: string[] = [];
  const weights: number[] = [];
  const changed = {
    lexemes: [] as string[],
    added: [] as number[],
    floors: [] as number[],
    bodyFloors: [] as number[],
  };
  for (const [lexeme, list] of candidates) {
    let floor = 0;
    if (list.length > TERM_LIST_SIZE) {
      list.sort((a, b) => b.weight - a.weight);
      floor = list[TERM_LIST_SIZE]!.weight;
      list.length = TERM_LIST_SIZE;
    }
    for (const entry of list) {
      lexemes.push(lexeme);
      postIds.push(entry.postId);
      weights.push(entry.weight);
    }
    changed.lexemes.push(lexeme);
    changed.added.push(list.length);
    changed.floors.push(floor);
    changed.bodyFloors.push(bodyFloors.get(lexeme) ?? 0);
    bodyFloors.delete(lexeme);
  }
  // Lexemes with no candidate this batch may still have raised their body floor.
  for (const [lexeme, bodyFloor] of bodyFloors) {
    if (bodyFloor <= (current.get(lexeme)?.body_floor ?? 0)) continue;
    changed.lexemes.push(lexeme);
    changed.added.push(0);
    changed.floors.push(0);
    changed.bodyFloors.push(bodyFloor);
  }
  if (changed.lexemes.length === 0) return;
  if (lexemes.length > 0) {
    await tx.query(
      'insert into search_term_top (lexeme, post_id, weight) select * from unnest($1::text[], $2::uuid[], $3::real[])',
      [lexemes, postIds, weights],
    );
  }
  await tx.query(
    `update search_term_stats s
        set top_count = s.top_count + a.n, top_floor = greatest(s.top_floor, a.floor),
            body_floor = greatest(s.body_floor, a.body_floor)
       from unnest($1::text[], $2::int[], $3::real[], $4::real[]) as a (lexeme, n, floor, body_floor)
      where s.lexeme = a.lexeme`,
    [changed.lexemes, changed.added, changed.floors, changed.bodyFloors],
  );
  const overfull = changed.lexemes.filter(
    (lexeme, i) => (current.get(lexeme)?.top_count ?? 0) + changed.added[i]! > 2 * TERM_LIST_SIZE,
  );
  if (overfull.length > 0) await trimTermLists(tx, overfull);
}

async function trimTermLists(tx: Queryable, lexemes: string[]) {
  await tx.query(
    `with ranked as (
       select t.lexeme, t.post_id,
              row_number() over (partition by t.lexeme order by t.weight desc, t.post_id) as place
         from search_term_top t where t.lexeme = any($1::text[])
     ),
     gone as (
       delete from search_term_top t using ranked r
        where t.lexeme = r.lexeme and t.post_id = r.post_id and r.place > $2
        returning t.lexeme, t.weight
     )
     update search_term_stats s
        set top_floor = greatest(s.top_floor, g.heaviest), top_count = s.top_count - g.n
       from (select lexeme, max(weight) as heaviest, count(*)::int as n from gone group by lexeme) g
      where s.lexeme = g.lexeme`,
    [lexemes, TERM_LIST_SIZE],
  );
}
