/**
 * Known-item search by exact title: every post's own title as the query, where its post should come first. A title
 * shared by several posts (the demo generator repeats some) makes them tie: any of them counts, and these are reported
 * apart from the unique titles. Figures are printed by `npm run eval:search`, never asserted.
 */
import type { Db } from '@/lib/db/types';

export interface KnownItemFigures {
  mode: string;
  queries: number;
  /** Reciprocal rank of the first post with that title in the top 10, averaged; 0 when none is there. */
  mrr: number;
  /** Share of queries with a post of that title in the top 10. */
  found: number;
  unique: { queries: number; mrr: number; found: number };
  /** Unique titles whose post was not first, for inspection. */
  misses: string[];
}

type Search = (q: string) => Promise<{ items: ReadonlyArray<{ publicationSlug: string; slug: string }> }>;

export async function knownItemTitles(db: Db): Promise<Array<{ title: string; keys: Set<string> }>> {
  const rows = await db.query<{ title: string; publication_slug: string; slug: string }>(
    `select p.title, pu.slug as publication_slug, p.slug from posts p join publications pu on pu.id = p.publication_id`,
  );
  const byTitle = new Map<string, Set<string>>();
  for (const row of rows) {
    const keys = byTitle.get(row.title) ?? byTitle.set(row.title, new Set()).get(row.title)!;
    keys.add(`${row.publication_slug}/${row.slug}`);
  }
  return [...byTitle].map(([title, keys]) => ({ title, keys }));
}

export async function evaluateKnownItems(
  mode: string,
  search: Search,
  titles: Array<{ title: string; keys: Set<string> }>,
  k: number,
): Promise<KnownItemFigures> {
  const all = { n: 0, rr: 0, found: 0 };
  const unique = { n: 0, rr: 0, found: 0 };
  const misses: string[] = [];
  for (const { title, keys } of titles) {
    const { items } = await search(title);
    const rank = items.slice(0, k).findIndex((item) => keys.has(`${item.publicationSlug}/${item.slug}`)) + 1;
    const rr = rank > 0 ? 1 / rank : 0;
    for (const bucket of keys.size === 1 ? [all, unique] : [all]) {
      bucket.n++;
      bucket.rr += rr;
      if (rank > 0) bucket.found++;
    }
    if (keys.size === 1 && rank !== 1) misses.push(`${title} (rank ${rank || `>${k}`})`);
  }
  const share = (b: typeof all) => ({ queries: b.n, mrr: b.n ? b.rr / b.n : 0, found: b.n ? b.found / b.n : 0 });
  return { mode, ...share(all), unique: share(unique), misses };
}
