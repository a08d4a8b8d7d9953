import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import type { Db } from '@/lib/db/types';
import { generateCorpus } from '@/lib/demo/generate';
import { seedDemoCorpus } from '@/lib/demo/load';
import type { DemoPost } from '@/lib/demo/types';
import { createHostLimiter } from '@/lib/ingest/schedule/create-host-limiter';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import type { SyncDeps } from '@/lib/ingest/sync/sync-deps';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { deliverWebhooksJob } from '@/lib/jobs/definitions/deliver-webhooks';
import { generationEvents } from '@/lib/jobs/generation-events';
import { sendJobEvents } from '@/lib/jobs/send';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { createWatch } from '@/lib/watches/create';
import { topicTerms } from '@/lib/watches/topic-terms';
import { renderFeed } from './ingest';
import { percentile } from './load';

export interface WatchBench {
  /** Posts stored, indexed and matched per second by feed syncs, with this many topic watches. */
  throughput: Array<{ watches: number; posts: number; seconds: number; postsPerSecond: number; events: number }>;
  /** From the start of the sync that finds a post to its webhook's first request at the receiver. */
  firstAttempt: { trials: number; p50Ms: number; p95Ms: number; maxMs: number };
}

const FEEDS_PER_RUN = 10;

/**
 * Issue 51's figures on one database: posts synced (stored, indexed for search, matched) per second with 0, then
 * 1,000, then `maxWatches` topic watches, each run on its own fresh feeds of demo posts; then, with every watch in
 * place and the in-process jobs engine running, the time from a post's arrival (its feed's sync starting) to the
 * first attempt of its webhook at a loopback receiver. Watch topics are two or three words of demo post titles, so
 * many share common words, as real topics do.
 */
export async function benchWatches(
  db: Db,
  options: { watchCounts: number[]; itemsPerFeed: number; trials: number },
): Promise<WatchBench> {
  const now = new Date();
  await seedDemoCorpus(db, { seed: 5, posts: 1500, now });
  const user = await ensureUser(db, 'bench-watches@example.com');
  const bodies: string[] = [];
  let feedRequests = 0;
  const server = http.createServer((req, res) => {
    const n = Number(/^\/feed-(\d+)\.xml$/.exec(req.url ?? '')?.[1]);
    feedRequests++;
    if (bodies[n] === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(bodies[n]);
  });
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const title = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { post: { title: string } } }).data
        .post.title;
      if (!arrivals.has(title)) arrivals.set(title, at);
      res.writeHead(204).end();
    });
  });
  for (const s of [server, receiver]) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiverPort = (receiver.address() as AddressInfo).port;
  const rawDir = mkdtempSync(path.join(tmpdir(), 'finpub-bench-watches-'));
  const deps: SyncDeps = {
    allowHosts: ['127.0.0.1'],
    userAgent: 'finpub-bench',
    rawStore: new DirectoryRawStore(rawDir),
    credentialsKey: null,
    transcription: null,
    hostLimiter: createHostLimiter({ perHost: 2, total: 16, maxQueued: 100_000 }),
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    now: () => new Date(),
  };
  const feedUrl = (n: number) => `http://feed-${n}.bench.test:${port}/feed-${n}.xml`;
  let seed = 100;
  const freshFeeds = (count: number, items: number) => {
    const all = Array.from(generateCorpus({ seed: seed++, posts: count * items, now: new Date() }).posts);
    const start = bodies.length;
    for (let n = 0; n < count; n++) {
      const posts: DemoPost[] = all.slice(n * items, (n + 1) * items);
      // Titles made unique per run: the receiver knows a post by its title.
      for (const post of posts) post.title = `${post.title} (${seed}-${n})`;
      bodies[start + n] = renderFeed(start + n, `https://feed-${start + n}.bench.test`, posts);
    }
    return Array.from({ length: count }, (_, i) => start + i);
  };

  // Topics of three words drawn from the demo titles' vocabulary (so many share common words, as real topics do),
  // alerting at strong confidence: on a templated corpus, weak two-word topics would match most posts.
  const titles = (await db.query<{ title: string }>('select title from posts')).map((r) => r.title);
  const vocabulary = [...new Set(titles.flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
  let made = 0;
  const addWatches = async (target: number) => {
    const batch = 5000;
    while (made < target) {
      const rows: Array<{ query: string; terms: string[]; lexemes: string[][] }> = [];
      for (let i = made; i < Math.min(target, made + batch); i++) {
        const pick = (k: number) => vocabulary[(i * 7919 + k * 104_729 + k * k * 31) % vocabulary.length]!;
        const topic = topicTerms(`${pick(1)} ${pick(2)} ${pick(3)}`);
        if (topic.terms.length === 0) continue;
        rows.push({ query: topic.terms.join(' '), terms: topic.terms, lexemes: topic.lexemes });
      }
      await insertTopicWatches(db, user.id, rows);
      made = Math.min(target, made + batch);
    }
  };

  const throughput: WatchBench['throughput'] = [];
  try {
    // One unmeasured run first: the first syncs of a process pay for loading analysis caches and the JIT.
    for (const n of freshFeeds(FEEDS_PER_RUN, options.itemsPerFeed)) await addPublication(db, feedUrl(n), deps);
    for (const count of options.watchCounts) {
      await addWatches(count);
      const [{ n: before } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from watch_events');
      const feeds = freshFeeds(FEEDS_PER_RUN, options.itemsPerFeed);
      let posts = 0;
      const started = performance.now();
      // One feed after another: a post's cost, not the machine's parallelism, is what is compared.
      for (const n of feeds) posts += (await addPublication(db, feedUrl(n), deps)).added;
      const seconds = (performance.now() - started) / 1000;
      const [{ n: after } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from watch_events');
      throughput.push({ watches: count, posts, seconds, postsPerSecond: posts / seconds, events: after - before });
    }

    // Latency: a publication watch with a webhook per feed, then one new post at a time, with the jobs engine on.
    const [n] = freshFeeds(1, 1);
    const added = await addPublication(db, feedUrl(n!), deps);
    await createWatch(
      db,
      (await ensureUser(db, 'bench-webhook@example.com')).id,
      { kind: 'publication', publicationSlug: added.slug, webhookUrl: `http://127.0.0.1:${receiverPort}/pub` },
      {
        baseUrl: 'http://localhost',
        network: { allowHosts: ['127.0.0.1'], resolve: deps.resolve! },
      },
    );
    await openAppContext({ db, jobs: [deliverWebhooksJob], log: () => {} });
    const latencies: number[] = [];
    for (let trial = 0; trial < options.trials; trial++) {
      const corpus = generateCorpus({ seed: 9000 + trial, posts: 1, now: new Date() });
      const post = { ...Array.from(corpus.posts)[0]!, title: `Latency trial ${trial}`, guid: `latency-${trial}` };
      bodies[n!] = renderFeed(n!, `https://feed-${n}.bench.test`, [post]);
      const arrived = performance.now();
      // What the sync-publication job does: sync, then send the events that follow changed posts.
      const report = await syncPublication(db, added.publicationId, deps);
      await sendJobEvents(generationEvents(report.changedPostIds, { AI_GENERATE_ON_INGEST: false }), db);
      const deadline = Date.now() + 30_000;
      while (!arrivals.has(post.title) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      latencies.push((arrivals.get(post.title) ?? Number.NaN) - arrived);
    }
    latencies.sort((a, b) => a - b);
    return {
      throughput,
      firstAttempt: {
        trials: latencies.length,
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        maxMs: latencies.at(-1)!,
      },
    };
  } finally {
    await closeAppContext();
    for (const s of [server, receiver]) s.close();
    rmSync(rawDir, { recursive: true, force: true });
    void feedRequests;
  }
}

/** Topic watches in bulk, as createWatch stores them (bench setup: 100,000 one by one would take minutes). */
async function insertTopicWatches(
  db: Db,
  userId: string,
  rows: Array<{ query: string; terms: string[]; lexemes: string[][] }>,
): Promise<void> {
  if (rows.length === 0) return;
  // Feed-only watches: their events are rows to count, not deliveries that would queue up before the latency runs.
  const ids = rows.map(() => randomUUID());
  await db.query(
    `insert into watches (id, user_id, kind, query, terms, min_confidence, webhook_secret, feed_token_hash, base_url)
     select r.id, $1, 'query', r.query, r.terms, 'strong', 'whsec_bench', md5(r.id::text), 'http://localhost'
       from jsonb_to_recordset($2::jsonb) as r(id uuid, query text, terms text[])`,
    [userId, JSON.stringify(rows.map(({ query, terms }, i) => ({ id: ids[i], query, terms })))],
  );
  const lexeme: string[] = [];
  const watch: string[] = [];
  const index: number[] = [];
  rows.forEach((row, i) => {
    row.lexemes.forEach((forms, t) => {
      for (const form of forms) {
        lexeme.push(form);
        watch.push(ids[i]!);
        index.push(t);
      }
    });
  });
  await db.query(
    `insert into watch_terms (lexeme, watch_id, term_index)
     select * from unnest($1::text[], $2::uuid[], $3::int[]) on conflict do nothing`,
    [lexeme, watch, index],
  );
}
