import { type CamelCase, camelCase } from '@/lib/db/camel-case';
import type { Db, Queryable } from '@/lib/db/types';
import { storeSeries } from '@/lib/prices/store';
import { PICK_COLUMNS, POST_COLUMNS, PUBLICATION_COLUMNS, SUMMARY_COLUMNS } from './columns';
import { generateCorpus } from './generate';
import { type DemoMove, demoCloses, demoTradingDays } from './prices';
import type { CorpusOptions, DemoCorpus, DemoPost } from './types';

export interface LoadCounts {
  publications: number;
  posts: number;
  summaries: number;
  picks: number;
  /** Daily closes written for the picks' tickers and the benchmark (./prices.ts). */
  closes: number;
}

export interface LoadOptions {
  /** Posts per INSERT statement (their summaries and picks follow in one statement each). Default 500. */
  batchSize?: number;
  /** Called after each batch with the number of posts loaded so far. */
  onProgress?(posts: number): void;
}

/*
 * Demo publications name invented feeds: their next poll is never, so the scheduled sync leaves them alone.
 *
 * Each batch is one INSERT ... SELECT FROM jsonb_to_recordset($1) per table, with the rows as a single JSON text
 * parameter. One round trip per batch is what makes 100,000 posts load quickly, and passing text (cast in SQL) rather
 * than an object keeps both drivers honest: postgres.js would JSON-encode an object bound to a jsonb parameter again.
 */

/** One INSERT ... SELECT FROM jsonb_to_recordset($1) of columns; `computed` adds columns set by an SQL expression. */
function insertSql(table: string, columns: Record<string, string>, computed: Record<string, string> = {}): string {
  const names = Object.keys(columns);
  return `insert into ${table} (${[...names, ...Object.keys(computed)].join(', ')})
    select ${[...names, ...Object.values(computed)].join(', ')}
    from jsonb_to_recordset($1::text::jsonb) as r(${names.map((name) => `${name} ${columns[name]}`).join(', ')})`;
}

/** The one mapper from a demo object (camelCase) to the row of columns (snake_case) it fills. */
function rowMapper<C extends string>(columns: Record<C, string>) {
  const names = (Object.keys(columns) as C[]).map((column) => [column, camelCase(column)] as const);
  return (object: { [K in C as CamelCase<K>]: unknown }) =>
    Object.fromEntries(names.map(([column, key]) => [column, (object as Record<string, unknown>)[key]]));
}

const PUBLICATIONS_SQL = insertSql('publications', PUBLICATION_COLUMNS, { next_poll_at: `'infinity'::timestamptz` });
const POSTS_SQL = insertSql('posts', POST_COLUMNS);
const SUMMARIES_SQL = insertSql('post_summaries', SUMMARY_COLUMNS);
const PICKS_SQL = insertSql('stock_picks', PICK_COLUMNS, { created_at: 'extracted_at' });

const publicationRow = rowMapper(PUBLICATION_COLUMNS);
const postRow = rowMapper(POST_COLUMNS);
const summaryRow = rowMapper(SUMMARY_COLUMNS);
const pickRow = rowMapper(PICK_COLUMNS);

async function insertBatch(tx: Queryable, batch: DemoPost[], counts: LoadCounts): Promise<void> {
  await tx.query(POSTS_SQL, [JSON.stringify(batch.map(postRow))]);
  const summaries = batch.flatMap((p) => (p.summary ? [summaryRow({ postId: p.id, ...p.summary })] : []));
  if (summaries.length > 0) await tx.query(SUMMARIES_SQL, [JSON.stringify(summaries)]);
  const picks = batch.flatMap((p) => p.picks.map(pickRow));
  if (picks.length > 0) await tx.query(PICKS_SQL, [JSON.stringify(picks)]);
  counts.posts += batch.length;
  counts.summaries += summaries.length;
  counts.picks += picks.length;
}

/**
 * Inserts a corpus in one transaction, so a failed load leaves the catalogue as it was rather than half-seeded. Posts
 * are pulled from the corpus iterator one batch at a time: memory stays bounded by the batch size.
 */
export async function loadCorpus(db: Db, corpus: DemoCorpus, opts: LoadOptions = {}): Promise<LoadCounts> {
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? 500));
  return db.transaction(async (tx) => {
    const counts: LoadCounts = { publications: 0, posts: 0, summaries: 0, picks: 0, closes: 0 };
    const priced = new PricedTickers();
    if (corpus.publications.length > 0) {
      await tx.query(PUBLICATIONS_SQL, [JSON.stringify(corpus.publications.map(publicationRow))]);
      counts.publications = corpus.publications.length;
    }
    // One batch in flight while the next is generated: on a networked PostgreSQL the CPU-bound generation overlaps
    // the server's work. At most two batches exist at once, so memory stays bounded.
    let inFlight: Promise<void> | null = null;
    const send = (batch: DemoPost[]) => insertBatch(tx, batch, counts).then(() => opts.onProgress?.(counts.posts));
    let batch: DemoPost[] = [];
    for (const post of corpus.posts) {
      priced.note(post);
      batch.push(post);
      if (batch.length >= batchSize) {
        if (inFlight) await inFlight;
        inFlight = send(batch);
        batch = [];
      }
    }
    if (inFlight) await inFlight;
    if (batch.length > 0) await send(batch);
    counts.closes = await storeSeries(tx, 'demo', priced.closes(corpus));
    return counts;
  });
}

/** What the demo's closes need from the posts, gathered as they stream by: tickers with calls, reported moves. */
class PricedTickers {
  private readonly tickers = new Set<string>();
  private readonly moves: DemoMove[] = [];
  private first: number | null = null;

  note(post: DemoPost): void {
    if (!post.publishedAt) return;
    const at = post.publishedAt.getTime();
    this.first = this.first === null ? at : Math.min(this.first, at);
    for (const pick of post.picks) {
      if (pick.instrumentType === 'EQUITY' || pick.instrumentType === 'ETF') this.tickers.add(pick.ticker);
    }
    if (post.priceMove) this.moves.push({ ...post.priceMove, at: post.publishedAt });
  }

  /** From a week before the first post to the last close before the corpus's "now". */
  closes(corpus: DemoCorpus) {
    if (this.first === null) return [];
    const days = demoTradingDays(new Date(this.first - 7 * 86_400_000), corpus.now);
    return demoCloses({ market: corpus.market, days, tickers: this.tickers, moves: this.moves });
  }
}

/** Generates the deterministic demo corpus for (seed, posts, now) and loads it. */
export async function seedDemoCorpus(db: Db, options: CorpusOptions, load: LoadOptions = {}): Promise<LoadCounts> {
  return loadCorpus(db, generateCorpus(options), load);
}
