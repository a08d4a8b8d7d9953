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
import { Rng } from '@/lib/demo/random';
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
import { configuredSecretKey } from '@/lib/watches/signing-secret';
import { type KeyedTopic, storeTopicKeys, termIdfs } from '@/lib/watches/topic-key';
import { type TopicTerms, topicTerms } from '@/lib/watches/topic-terms';
import { loadRealFeedPosts } from '@/tests/fixtures/real-text/corpus';
import { renderFeed } from './ingest';
import { percentile } from './load';

export interface WatchBench {
  /** Posts stored, indexed and matched per second by feed syncs, with this many topic watches. */
  topics: WatchTopics;
  throughput: Array<{ watches: number; posts: number; seconds: number; postsPerSecond: number; events: number }>;
  /** From the start of the sync that finds a post to its webhook's first request at the receiver. */
  firstAttempt: { trials: number; p50Ms: number; p95Ms: number; maxMs: number };
}

const FEEDS_PER_RUN = 10;

/**
 * Where the bench's topic words come from. `titles`: the demo titles' vocabulary, the words of the very posts being
 * synced; the demo corpus is templated, so about one three-word topic in a hundred matches every post strongly, which
 * no real population of topics does (the worst case: events written dominate). `wide`: the words of the real-text
 * fixtures (5,000 posts of public feeds on every subject), each drawn from a random post, so a word is drawn about as
 * often as posts use it: common words recur across topics, as they do in real ones, and most topics are about things
 * the demo corpus never mentions.
 */
export type WatchTopics = 'titles' | 'wide';

/**
 * Issue 51's figures on one database: posts synced (stored, indexed for search, matched) per second with 0, then
 * 1,000, then `maxWatches` topic watches, each run on its own fresh feeds of demo posts; then, with every watch in
 * place and the in-process jobs engine running, the time from a post's arrival (its feed's sync starting) to the
 * first attempt of its webhook at a loopback receiver. Watch topics are three words of `topics`' vocabulary.
 */
export async function benchWatches(
  db: Db,
  options: { watchCounts: number[]; itemsPerFeed: number; trials: number; topics: WatchTopics },
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

  // Three-word topics alerting at strong confidence: on a templated corpus, weak two-word topics would match most posts.
  const topicWord =
    options.topics === 'titles'
      ? titleWords((await db.query<{ title: string }>('select title from posts')).map((r) => r.title))
      : wideWords();
  let made = 0;
  const addWatches = async (target: number) => {
    const batch = 5000;
    while (made < target) {
      const topics: TopicTerms[] = [];
      for (let i = made; i < Math.min(target, made + batch); i++) {
        const topic = topicTerms(`${topicWord(i, 1)} ${topicWord(i, 2)} ${topicWord(i, 3)}`);
        if (topic.terms.length > 0) topics.push(topic);
      }
      await insertTopicWatches(db, user.id, topics);
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
        // Encrypted as the service stores it, so delivery decrypts it as it does there.
        secretKey: configuredSecretKey(),
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
      topics: options.topics,
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

/** The demo titles' words (the current mode's vocabulary), the k-th word of topic i picked by a fixed stride. */
function titleWords(titles: string[]): (i: number, k: number) => string {
  const vocabulary = [...new Set(titles.flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
  return (i, k) => vocabulary[(i * 7919 + k * 104_729 + k * k * 31) % vocabulary.length]!;
}

/** A word of a random real-text post (seeded): words are drawn about as often as posts hold them. */
function wideWords(): (i: number, k: number) => string {
  const posts = loadRealFeedPosts()
    .map((post) =>
      [...new Set(`${post.title} ${post.text}`.toLowerCase().split(/[^a-z]+/))].filter((w) => w.length > 3),
    )
    .filter((words) => words.length > 0);
  const rng = new Rng(51);
  return () => rng.pick(rng.pick(posts));
}

/** Topic watches in bulk, as createWatch stores them (bench setup: 100,000 one by one would take minutes). */
async function insertTopicWatches(db: Db, userId: string, topics: TopicTerms[]): Promise<void> {
  if (topics.length === 0) return;
  // Feed-only watches: their events are rows to count, not deliveries that would queue up before the latency runs.
  // The rows travel as JSON text (postgres.js would send a string bound to jsonb as a JSON string scalar).
  const ids = topics.map(() => randomUUID());
  await db.query(
    `insert into watches (id, user_id, kind, query, terms, min_confidence, webhook_secret, feed_token_hash, base_url)
     select r.id, $1, 'query', r.query, r.terms, 'strong', 'whsec_bench', md5(r.id::text), 'http://localhost'
       from jsonb_to_recordset($2::text::jsonb) as r(id uuid, query text, terms text[])`,
    [userId, JSON.stringify(topics.map(({ terms }, i) => ({ id: ids[i], query: terms.join(' '), terms })))],
  );
  const keyed: KeyedTopic[] = topics.map((topic, i) => ({ watchId: ids[i]!, topic, minConfidence: 'strong' }));
  await storeTopicKeys(db, keyed, await termIdfs(db, topics));
}
