import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/types';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { startFeedHost } from '@/tests/helpers/feed-host';
import { testSyncDeps } from '@/tests/helpers/sync-deps';
import { type Judgments, mean, ndcgAtK, recallAtK, reciprocalRank } from '@/tests/search-eval/metrics';
import type { SearchMode, SearchResponseLike } from '@/tests/search-eval/run';
import { NEWSLETTER_QUERIES, type NewsletterCategory, type NewsletterQuery } from './judged';

const FEED = path.join(import.meta.dirname, 'ledger-letter.xml');

/**
 * Ingests The Ledger Letter the way real newsletters arrive (served as an RSS feed on loopback, discovered, fetched,
 * sanitized and stored by `addPublication`, the sync the service runs), and maps each fixture id (the guid's tail) to
 * its result key.
 */
export async function ingestNewsletters(db: Db): Promise<{ keyOf: Map<string, string> }> {
  const host = await startFeedHost();
  try {
    host.set('/feed.xml', { body: readFileSync(FEED), contentType: 'application/rss+xml; charset=utf-8' });
    await addPublication(db, `${host.origin}/feed.xml`, testSyncDeps());
  } finally {
    await host.close();
  }
  const rows = await db.query<{ guid: string; publication_slug: string; slug: string }>(
    `select p.guid, pu.slug as publication_slug, p.slug
       from posts p join publications pu on pu.id = p.publication_id where p.guid like 'ledger-%'`,
  );
  return { keyOf: new Map(rows.map((r) => [r.guid.replace(/^ledger-/, ''), `${r.publication_slug}/${r.slug}`])) };
}

export interface NewsletterFigures {
  mode: SearchMode;
  categories: Record<string, { n: number; ndcg: number; mrr: number; recall: number }>;
  overall: { n: number; ndcg: number; mrr: number; recall: number };
  misses: string[];
}

/** Runs every hand-judged query in a mode and aggregates nDCG@10, MRR and recall@10 per category. */
export async function evaluateNewsletters(
  mode: SearchMode,
  search: (q: string) => Promise<SearchResponseLike>,
  keyOf: Map<string, string>,
  k: number,
): Promise<NewsletterFigures> {
  const perQuery: Array<{ query: NewsletterQuery; ndcg: number; mrr: number; recall: number }> = [];
  const misses: string[] = [];
  for (const query of NEWSLETTER_QUERIES) {
    const judgments: Judgments = new Map(Object.entries(query.relevant).map(([id, grade]) => [keyOf.get(id)!, grade]));
    const response = await search(query.q);
    const ranked = response.items.map((item) => `${item.publicationSlug}/${item.slug}`);
    const figures = {
      query,
      ndcg: ndcgAtK(ranked, judgments, k) ?? 0,
      mrr: reciprocalRank(ranked.slice(0, k), judgments) ?? 0,
      recall: recallAtK(ranked, judgments, k) ?? 0,
    };
    if (figures.mrr === 0) misses.push(`${query.id}: ${JSON.stringify(query.q)}`);
    perQuery.push(figures);
  }
  const aggregate = (rows: typeof perQuery) => ({
    n: rows.length,
    ndcg: mean(rows.map((r) => r.ndcg)) ?? 0,
    mrr: mean(rows.map((r) => r.mrr)) ?? 0,
    recall: mean(rows.map((r) => r.recall)) ?? 0,
  });
  const categories: NewsletterFigures['categories'] = {};
  for (const category of new Set<NewsletterCategory>(perQuery.map((r) => r.query.category)))
    categories[category] = aggregate(perQuery.filter((r) => r.query.category === category));
  return { mode, categories, overall: aggregate(perQuery), misses };
}
