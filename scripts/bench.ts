/**
 * `npm run bench`: at 1,500 and 100,000 posts, on PGlite (and on PostgreSQL when DATABASE_URL is set):
 * - search in process, single client: p50/p95 of our fts and hybrid search over a query mix, and of the Supabase
 *   documentation's hybrid_search recipe on the same data as a baseline; then the peer, Xapian (Debian's
 *   python3-xapian), indexing the same posts and answering the same queries (scripts/bench/peer.ts); then a research
 *   brief's latency with the offline generator on the same database, beside search's (scripts/bench/briefs.ts);
 * - after each database and size, issue 26's aims that apply to it: our figure, the aim, met or missed, and the ratio
 *   to the peer's figure (scripts/bench/aims.ts);
 * - the built app over HTTP with autocannon: p50/p95 latency, requests per second and the server's peak memory for the
 *   free routes, at one client and at ten.
 * - payments: the credit-paid post route, the unpaid 402 path and a free route under the same load, and whole x402
 *   and MPP round trips on the payment sandbox.
 * - overload: free search from one client at ten times the sustainable rate while a buyer with an API key buys: the
 *   buyer's success rate and p95, the flood's 429 share and peak memory (default rate limits).
 * - mcp: MCP tool calls against the same REST calls (search_posts, a credit-paid get_post_summary) at 1 and 10
 *   clients: p50/p95 of each and what MCP adds.
 * - ingestion: feed sync throughput on loopback (200 feeds of 50 posts: feeds/s, posts/s, peak RSS; then the 304
 *   re-sync) and the per-post time of the offline summarizer and pick extractor (BENCH_FEEDS, BENCH_FEED_ITEMS).
 * - track-record (BENCH_PARTS=track-record): every publication's record computed from scratch, again after one new
 *   trading day of closes, and one stored record's latency (issue 48).
 * - watch (BENCH_PARTS=watch): posts synced (stored, indexed, matched) per second with 0, 1,000 and 100,000 topic
 *   watches, with the events written per post, and a post's arrival to its webhook's first attempt, p50/p95 (issue
 *   51; BENCH_WATCHES, BENCH_WATCH_ITEMS, BENCH_WATCH_TRIALS; BENCH_WATCH_TOPICS, `titles,wide` by default: the topics'
 *   vocabulary, scripts/bench/watches.ts WatchTopics).
 * Figures are printed (and written to bench-results/), never asserted. BENCH_SIZES, BENCH_SECONDS,
 * BENCH_CONNECTIONS (a list) and BENCH_SEARCH_ROUNDS override the defaults; BENCH_REUSE_POSTGRES and
 * BENCH_REUSE_PGLITE measure a database seeded and indexed before (one size), and keep it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '@/lib/db/prepare';
import { seedDemoCorpus } from '@/lib/demo/load';
import { DEFAULT_DEMO_SEED, env } from '@/lib/env';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import {
  keepPostingsSnapshotsIn,
  postingsBytes,
  postingsLoaded,
  writePostingsSnapshot,
} from '@/lib/search/postings/live-postings';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { startService } from '@/tests/helpers/service';
import { createTestDatabase } from '@/tests/helpers/test-database';
import { formatAimRow, judgeAims, runFigures } from './bench/aims';
import { benchBriefs } from './bench/briefs';
import type { benchIngest } from './bench/ingest';
import { ms, NO_RATE_LIMITS } from './bench/load';
import { benchMcp } from './bench/mcp';
import { processMemory, resetPeakMemory } from './bench/memory';
import { benchOverload } from './bench/overload';
import { benchPayments } from './bench/payments';
import { benchPeer } from './bench/peer';
import { benchRoutes, type RouteRow } from './bench/routes';
import { benchSearch, type SearchBenchRow } from './bench/search';
import { benchTrackRecord } from './bench/track-record';
import { benchWatches, type WatchTopics } from './bench/watches';
import { buildIfNeeded } from './build-if-needed';

const sizes = (process.env.BENCH_SIZES ?? '1500,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// One client shows the latency of a request; ten show behaviour under concurrent load on two cores.
const concurrencies = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);
const searchRounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 10);
// BENCH_SEMANTIC=false leaves posts unembedded and measures fts alone; BENCH_HTTP=false skips the built app (both for
// the 1,000,000-post row, where embedding every post and the HTTP part would take most of an hour).
const embeddings = process.env.BENCH_SEMANTIC === 'false' ? null : selectEmbeddingProvider({ provider: 'local' });
const httpOn = process.env.BENCH_HTTP !== 'false';
// BENCH_PARTS=payments measures only the paid routes (on a fresh 1,500-post service per database).
const parts = (process.env.BENCH_PARTS ?? 'search,payments,overload,mcp,ingest').split(',');

/** Seeds and indexes a fresh database, then measures search in process on it. */
async function prepareAndBenchSearch(posts: number, target: { databaseUrl?: string; dataDir: string }) {
  const started = Date.now();
  // Whatever the database holds is indexed before anything is measured (below), never in the background.
  const db = await prepareDatabase({ ...target, log: () => {} });
  // A reused database (BENCH_REUSE_*) was seeded and indexed by an earlier run; a fresh one is empty.
  const [held] = await db.query<{ n: number }>('select count(*)::int as n from posts');
  if (held!.n === 0) await seedDemoCorpus(db, { seed: DEFAULT_DEMO_SEED, posts, now: new Date() });
  else if (held!.n !== posts) throw new Error(`the reused database holds ${held!.n} posts, not ${posts}`);
  const seeded = Date.now();
  const indexStarted = Date.now();
  // The peak is the indexing's own, not seeding's (the analysis runs in this process on both databases).
  resetPeakMemory(process.pid);
  // Bulk indexing alone, as fast as it goes: large batches, and no pause for requests (there are none here).
  await indexPendingPosts(db, { batchSize: 5000, onBatch: () => {} });
  const indexed = Date.now();
  const indexing = { seconds: (indexed - indexStarted) / 1000, peakRssMiB: processMemory(process.pid)?.peakMiB ?? NaN };
  await indexForSearch(db, embeddings, () => {});
  // A warm service searches its postings in memory (lib/search/postings): loaded before anything is measured.
  resetPeakMemory(process.pid);
  const postingsStarted = Date.now();
  await postingsLoaded(db);
  const postings = {
    seconds: (Date.now() - postingsStarted) / 1000,
    arraysMiB: ((await postingsBytes(db)) ?? 0) / 2 ** 20,
    peakRssMiB: processMemory(process.pid)?.peakMiB ?? NaN,
  };
  // The snapshot a starting process loads instead of every post (lib/search/postings/snapshot.ts).
  const snapshotDir = path.join(target.dataDir, 'bench-snapshot');
  keepPostingsSnapshotsIn(db, new DirectoryRawStore(snapshotDir));
  const snapshotStarted = Date.now();
  const written = await writePostingsSnapshot(db);
  const snapshot = { writeSeconds: (Date.now() - snapshotStarted) / 1000, MiB: (written?.bytes ?? 0) / 2 ** 20 };
  const [size] = await db.query<{ vectors: string }>(
    `select pg_size_pretty(pg_relation_size('posts_search_vector_idx')) as vectors`,
  );
  console.log(
    `  seeded in ${((seeded - started) / 1000).toFixed(1)} s, lexical index in ${indexing.seconds.toFixed(1)} s ` +
      `(bench peak RSS ${indexing.peakRssMiB.toFixed(0)} MiB) ` +
      `(GIN ${size?.vectors}), ` +
      `embedded in ${((postingsStarted - indexed) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  postings loaded in ${postings.seconds.toFixed(1)} s (arrays ${postings.arraysMiB.toFixed(0)} MiB, ` +
      `bench peak RSS ${postings.peakRssMiB.toFixed(0)} MiB); snapshot written in ${snapshot.writeSeconds.toFixed(1)} s ` +
      `(${snapshot.MiB.toFixed(0)} MiB)`,
  );
  const search = await benchSearch(db, embeddings, searchRounds);
  for (const row of search) printSearchRow('search', row);
  const briefs = await benchBriefs(db, embeddings, searchRounds);
  for (const row of briefs) printSearchRow('brief', row);
  const peer = await benchPeer(db, searchRounds);
  if (peer) {
    console.log(
      `  peer: Xapian ${peer.documents} posts indexed in ${peer.indexSeconds.toFixed(1)} s, ` +
        `peak RSS ${peer.peakRssMiB.toFixed(0)} MiB`,
    );
    for (const row of peer.rows) printSearchRow('peer', row);
  } else console.log('  peer: Xapian unavailable (apt-get install python3-xapian)');
  await db.close();
  const starts = {
    fromSnapshot: measureStart(target, snapshotDir),
    fromPosts: measureStart(target, ''),
  };
  for (const [name, start] of Object.entries(starts)) {
    console.log(
      `  start ${name === 'fromSnapshot' ? 'from the snapshot' : 'reading every post'}: first search answered from ` +
        `postings ${start.seconds.toFixed(1)} s after opening (postings ${start.postingsSeconds.toFixed(1)} s, ` +
        `search ${start.firstSearchMs.toFixed(0)} ms), peak RSS ${start.peakRssMiB.toFixed(0)} MiB`,
    );
  }
  return { search, briefs, indexing, peer, postings, snapshot, starts };
}

/** A starting process, in a child of its own (scripts/bench/postings-start.ts), so its time and memory are its own. */
function measureStart(target: { databaseUrl?: string; dataDir: string }, snapshotDir: string) {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/postings-start.ts', target.databaseUrl ?? '', target.dataDir, snapshotDir],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !last.startsWith('{'))
    throw new Error(`postings start failed: ${child.stderr.slice(-500)}`);
  return JSON.parse(last) as { seconds: number; postingsSeconds: number; firstSearchMs: number; peakRssMiB: number };
}

function printSearchRow(part: string, row: SearchBenchRow) {
  console.log(
    `  ${`${part}:`.padEnd(7)} ${row.name.padEnd(38)} p50 ${ms(row.p50)}  p95 ${ms(row.p95)}  (${row.n} queries` +
      `${row.refused === undefined ? '' : `, ${row.refused} answered 503 past the budget`})`,
  );
  // The peer's queries take under a millisecond: a decimal keeps them from all reading 0.
  const time = (value: number) => value.toFixed(value < 10 ? 1 : 0);
  console.log(`          slowest: ${row.slowest.map((s) => `"${s.q}" ${time(s.p50)} ms`).join(', ')}`);
}

type BenchRun = Awaited<ReturnType<typeof prepareAndBenchSearch>> & {
  database: string;
  posts: number;
  http: RouteRow[];
};

/** Prints issue 26's aims that apply to this database and size (scripts/bench/aims.ts) and adds them to its figures. */
function withAims(run: BenchRun) {
  const aims = judgeAims(run.database, run.posts, runFigures(run.search, run.indexing, run.http, run.briefs), run.peer);
  for (const row of aims) console.log(formatAimRow(row));
  if (aims.length === 0) console.log(`  aims: none set at ${run.posts} posts on ${run.database}`);
  return { ...run, aims };
}

// BENCH_REUSE_POSTGRES (a database URL) and BENCH_REUSE_PGLITE (a DATA_DIR) measure a database that an earlier run
// seeded and indexed, and keep it: two commits compared on the same posts, without seeding and indexing twice (an
// hour at 100,000 posts on a busy machine).
const reuse = { postgres: process.env.BENCH_REUSE_POSTGRES, pglite: process.env.BENCH_REUSE_PGLITE };

async function benchOne(database: 'pglite' | 'postgres', posts: number) {
  const reused = reuse[database];
  const testDb = database === 'postgres' && !reused ? await createTestDatabase() : null;
  const databaseUrl = database === 'postgres' ? (reused ?? testDb!.url) : undefined;
  const dataDir = database === 'pglite' && reused ? reused : mkdtempSync(path.join(tmpdir(), 'finpub-bench-'));
  console.log(`\n${database}, ${posts} posts${reused ? ` (reused: ${reused})` : ''}`);
  const prepared = await prepareAndBenchSearch(posts, { databaseUrl, dataDir });
  if (!httpOn) {
    await testDb?.drop();
    return withAims({ database, posts, ...prepared, http: [] });
  }
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    // Empty means unset: the PGlite run must not inherit the DATABASE_URL of the PostgreSQL run.
    DATABASE_URL: databaseUrl ?? '',
    // Nothing is left for the service to embed in the background while it is measured (on PGlite, whose vector
    // extension is there, it otherwise embedded every post beside the requests): the posts' vectors were made above,
    // or not at all (BENCH_SEMANTIC=false), and the briefs' lead index is not search's.
    ...(embeddings ? {} : { EMBEDDINGS_PROVIDER: 'none' }),
    BRIEFS_LEAD_INDEX: 'false',
    ...NO_RATE_LIMITS,
  });
  try {
    return withAims({
      database,
      posts,
      ...prepared,
      http: await benchRoutes(service, { database, posts, seconds, concurrencies }),
    });
  } finally {
    await service.stop();
    await testDb?.drop();
  }
}

// The HTTP parts need the built app; the ingestion part runs in process.
if (['search', 'payments', 'overload', 'mcp'].some((part) => parts.includes(part)) && httpOn) await buildIfNeeded();
// BENCH_DATABASES=postgres (or pglite) measures one of them only.
const databases = (process.env.BENCH_DATABASES?.split(',') ??
  (process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'])) as Array<'pglite' | 'postgres'>;
console.log(
  `http: ${concurrencies.join(' and ')} connections, ${seconds} s per route (autocannon); search: ${searchRounds} rounds`,
);
const results: unknown[] = [];
if (parts.includes('search'))
  for (const database of databases) for (const posts of sizes) results.push(await benchOne(database, posts));
if (parts.includes('payments')) {
  for (const database of databases) {
    const testDb = database === 'postgres' ? await createTestDatabase() : null;
    console.log(`\n${database}, payments (1,500 demo posts, payment sandbox)`);
    const service = await startService({
      DATABASE_URL: testDb?.url ?? '',
      SEED_DEMO_DATA: 'true',
      DEMO_POSTS: '1500',
      // On PostgreSQL the sandbox runs only when asked for by name.
      PAYMENT_SANDBOX: 'true',
      ...NO_RATE_LIMITS,
    });
    try {
      results.push({ database, payments: await benchPayments(service, seconds, concurrencies) });
    } finally {
      await service.stop();
      await testDb?.drop();
    }
  }
}
if (parts.includes('overload')) {
  for (const database of databases) {
    const testDb = database === 'postgres' ? await createTestDatabase() : null;
    console.log(`\n${database}, overload (1,500 demo posts, default rate limits, ${seconds} s per phase)`);
    const service = await startService({
      DATABASE_URL: testDb?.url ?? '',
      SEED_DEMO_DATA: 'true',
      DEMO_POSTS: '1500',
      PAYMENT_SANDBOX: 'false',
      TRUST_PROXY: 'true',
    });
    try {
      const o = await benchOverload(service, seconds);
      console.log(
        `  sustainable free search ${o.sustainableRps.toFixed(0)} req/s; flood at ${o.floodRps} req/s from one client: ` +
          `${o.flood.requests} requests, ${(o.flood.share429 * 100).toFixed(1)}% 429, ${(o.flood.share2xx * 100).toFixed(1)}% 2xx, p95 ${ms(o.flood.p95)}`,
      );
      console.log(
        `  buyer (API key, ${o.buyer.rps.toFixed(1)} req/s): ${(o.buyer.successRate * 100).toFixed(1)}% success, ` +
          `p50 ${ms(o.buyer.p50)}  p95 ${ms(o.buyer.p95)}; peak RSS ${o.peakMiB.toFixed(0)} MiB`,
      );
      results.push({ database, overload: o });
    } finally {
      await service.stop();
      await testDb?.drop();
    }
  }
}
if (parts.includes('mcp')) {
  for (const database of databases) {
    const testDb = database === 'postgres' ? await createTestDatabase() : null;
    console.log(`\n${database}, MCP against REST (1,500 demo posts, ${concurrencies.join(' and ')} clients)`);
    const service = await startService({
      DATABASE_URL: testDb?.url ?? '',
      SEED_DEMO_DATA: 'true',
      DEMO_POSTS: '1500',
      PAYMENT_SANDBOX: 'false',
      ...NO_RATE_LIMITS,
    });
    try {
      results.push({ database, mcp: await benchMcp(service, concurrencies) });
    } finally {
      await service.stop();
      await testDb?.drop();
    }
  }
}
// BENCH_PARTS=track-record: issue 48's figures, in process on a freshly seeded demo database of each size.
if (parts.includes('track-record')) {
  for (const database of databases) {
    for (const posts of sizes) {
      const testDb = database === 'postgres' ? await createTestDatabase() : null;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-bench-'));
      const db = await prepareDatabase({ databaseUrl: testDb?.url, dataDir, log: () => {} });
      try {
        const now = new Date();
        await seedDemoCorpus(db, { seed: DEFAULT_DEMO_SEED, posts, now });
        const t = await benchTrackRecord(db, now, searchRounds);
        console.log(
          `\n${database}, track record (${posts.toLocaleString('en-US')} demo posts: ${t.publications} publications, ` +
            `${t.calls.toLocaleString('en-US')} calls, ${t.closes.toLocaleString('en-US')} closes)`,
        );
        console.log(
          `  every record from scratch ${(t.allRecordsMs / 1000).toFixed(2)} s; one new trading day stored in ` +
            `${ms(t.newDay.storeMs)}, every record again ${(t.newDay.allRecordsMs / 1000).toFixed(2)} s; ` +
            `one stored record p50 ${ms(t.p50Ms)}  p95 ${ms(t.p95Ms)}`,
        );
        results.push({ database, posts, trackRecord: t });
      } finally {
        await db.close();
        await testDb?.drop();
      }
    }
  }
}
// BENCH_PARTS=watch: issue 51's figures, in process on a fresh database (1,500 demo posts beside the synced ones).
if (parts.includes('watch')) {
  // The webhook receiver is on loopback, which the service allows only when told to (the environment is read once).
  if (!env().INGEST_ALLOW_HOSTS.includes('127.0.0.1'))
    throw new Error('run BENCH_PARTS=watch with INGEST_ALLOW_HOSTS=127.0.0.1');
  const topicModes = (process.env.BENCH_WATCH_TOPICS ?? 'titles,wide').split(',') as WatchTopics[];
  for (const database of databases) {
    for (const topics of topicModes) {
      const testDb = database === 'postgres' ? await createTestDatabase() : null;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-bench-'));
      const db = await prepareDatabase({ databaseUrl: testDb?.url, dataDir, log: () => {} });
      try {
        const watchCounts = (process.env.BENCH_WATCHES ?? '0,1000,100000').split(',').map(Number);
        const itemsPerFeed = Number(process.env.BENCH_WATCH_ITEMS ?? 50);
        const w = await benchWatches(db, {
          watchCounts,
          itemsPerFeed,
          trials: Number(process.env.BENCH_WATCH_TRIALS ?? 40),
          topics,
        });
        console.log(
          `\n${database}, watches on ${topics} topics (feeds of ${itemsPerFeed} demo posts synced one after another)`,
        );
        const base = w.throughput[0]!.postsPerSecond;
        for (const row of w.throughput) {
          console.log(
            `  ${row.watches.toLocaleString('en-US').padStart(7)} topic watches: ${row.postsPerSecond.toFixed(1)} posts/s ` +
              `(${row.posts} posts in ${row.seconds.toFixed(1)} s, ${row.events} events, ` +
              `${(row.events / row.posts).toFixed(1)} a post; ${(100 * (1 - row.postsPerSecond / base)).toFixed(1)}% below none)`,
          );
        }
        const f = w.firstAttempt;
        console.log(
          `  post arrival to first webhook attempt (${f.trials} posts): p50 ${ms(f.p50Ms)}  p95 ${ms(f.p95Ms)}  max ${ms(f.maxMs)}`,
        );
        results.push({ database, watches: w });
      } finally {
        await db.close();
        await testDb?.drop();
      }
    }
  }
}
if (parts.includes('ingest')) {
  for (const database of databases) {
    const testDb = database === 'postgres' ? await createTestDatabase() : null;
    try {
      const feeds = Number(process.env.BENCH_FEEDS ?? 200);
      const items = Number(process.env.BENCH_FEED_ITEMS ?? 50);
      console.log(`\n${database}, ingestion (${feeds} feeds of ${items} posts on loopback)`);
      // A child process per database: the peak memory read from /proc is then this run's alone.
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/ingest-run.ts'], {
        env: {
          ...process.env,
          BENCH_DATABASE_URL: testDb?.url ?? '',
          BENCH_FEEDS: String(feeds),
          BENCH_FEED_ITEMS: String(items),
        },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      if (child.status !== 0) throw new Error(`ingestion benchmark failed:\n${child.stderr}`);
      const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof benchIngest>>;
      const { firstSync, resync304 } = figures;
      console.log(
        `  first sync: ${firstSync.posts} posts in ${firstSync.seconds.toFixed(1)} s: ` +
          `${firstSync.feedsPerSecond.toFixed(1)} feeds/s, ${firstSync.postsPerSecond.toFixed(0)} posts/s, ` +
          `peak RSS ${figures.peakRssMiB.toFixed(0)} MiB (${figures.baselineRssMiB.toFixed(0)} MiB before syncing)`,
      );
      console.log(`  re-sync (all 304): ${resync304.feedsPerSecond.toFixed(1)} feeds/s`);
      console.log(
        `  offline summarizer ${figures.summarizerMsPerPost.toFixed(1)} ms/post, ` +
          `pick extractor ${figures.extractorMsPerPost.toFixed(1)} ms/post (${figures.picksFound} picks in 300 posts)`,
      );
      results.push({ database, ingest: figures });
    } finally {
      await testDb?.drop();
    }
  }
}
mkdirSync('bench-results', { recursive: true });
const file = path.join('bench-results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nfigures written to ${file}`);
