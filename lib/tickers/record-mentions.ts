import { findTickerMentions } from '@/lib/ai/text/tickers';
import { makeWay } from '@/lib/db/make-way';
import type { Db, Queryable } from '@/lib/db/types';

// Posts read per transaction (about 1 ms each). PGlite's one connection is held for a whole batch, so there a batch
// stays short enough (~0.1 s) for searches to get their turn between batches, as the search indexer's do.
const BATCH = { pglite: 100, postgres: 1000 } as const;
// Advisory lock key of this recorder (any constant no other lock uses): two processes indexing at once take turns
// instead of both inserting the same post's rows.
const TICKER_MENTIONS_LOCK = 7_420_002;

// Posts the search indexed whose tickers were not read from that text yet (new, or indexed again since), in id order
// after $2: each batch walks on from the last instead of stepping over every post already read.
// The indexing time is read as text and written back from it: a JS Date would drop its microseconds (so the scan
// would never match and every pass would read every post again), and postgres.js does not bind a Date[] parameter.
const PENDING = `select p.id, p.title, p.body_text, p.search_indexed_at::text as indexed_at
                   from posts p left join post_ticker_scans s on s.post_id = p.id
                  where p.id > $2::uuid and p.search_indexed_at is not null
                    and s.indexed_at is distinct from p.search_indexed_at
                  order by p.id limit $1`;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Records the tickers every newly indexed post names, with how often it names each (table post_tickers), the mention
 * finder the summaries' "Tickers mentioned" line uses. Runs after a search indexing run, so a post is counted for a
 * ticker from the same text search finds it by. Returns the number of posts read.
 */
export async function recordTickerMentions(db: Db, options: { signal?: AbortSignal } = {}): Promise<number> {
  let total = 0;
  let after: string | null = null;
  for (;;) {
    if (options.signal?.aborted) return total;
    const from: string = after ?? FIRST_ID;
    const last = await db.transaction((tx) => recordBatch(tx, BATCH[db.kind], from));
    if (last === null) {
      // Posts indexed behind the walk meanwhile are found by one more pass from the start.
      if (after === null) return total;
      after = null;
      continue;
    }
    total += last.read;
    after = last.id;
    await makeWay(db);
  }
}

async function recordBatch(
  tx: Queryable,
  batchSize: number,
  after: string,
): Promise<{ read: number; id: string } | null> {
  await tx.query('select pg_advisory_xact_lock($1)', [TICKER_MENTIONS_LOCK]);
  const rows = await tx.query<{ id: string; title: string; body_text: string; indexed_at: string }>(PENDING, [
    batchSize,
    after,
  ]);
  if (rows.length === 0) return null;
  const ids = rows.map((row) => row.id);
  const found: Array<{ post: string; ticker: string; mentions: number }> = [];
  for (const row of rows) {
    const counts = new Map<string, number>();
    for (const m of findTickerMentions(`${row.title}\n\n${row.body_text}`)) {
      if (m.ticker.length > 20) continue;
      counts.set(m.ticker, (counts.get(m.ticker) ?? 0) + 1);
    }
    for (const [ticker, mentions] of counts) found.push({ post: row.id, ticker, mentions });
  }
  // The scan row goes first: post_tickers hangs off it, so a post deleted meanwhile takes both with it.
  await tx.query(
    `insert into post_ticker_scans (post_id, indexed_at)
     select s.id, s.at::timestamptz from unnest($1::uuid[], $2::text[]) as s(id, at) join posts p on p.id = s.id
     on conflict (post_id) do update set indexed_at = excluded.indexed_at`,
    [ids, rows.map((row) => row.indexed_at)],
  );
  await tx.query('delete from post_tickers where post_id = any($1::uuid[])', [ids]);
  await tx.query(
    `insert into post_tickers (post_id, ticker, mentions)
     select t.post_id, t.ticker, t.mentions
       from unnest($1::uuid[], $2::text[], $3::int[]) as t(post_id, ticker, mentions)
       join post_ticker_scans s on s.post_id = t.post_id`,
    [found.map((f) => f.post), found.map((f) => f.ticker), found.map((f) => f.mentions)],
  );
  return { read: rows.length, id: rows.at(-1)!.id };
}
