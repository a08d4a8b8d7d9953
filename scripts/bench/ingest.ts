import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RuleBasedPickExtractor } from '@/lib/ai/picks/offline';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { prepareDatabase } from '@/lib/db/prepare';
import { generateCorpus } from '@/lib/demo/generate';
import type { DemoPost } from '@/lib/demo/types';
import { escapeHtml } from '@/lib/ingest/feeds/feed-text';
import { createHostLimiter } from '@/lib/ingest/schedule/create-host-limiter';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import type { SyncDeps } from '@/lib/ingest/sync/sync-deps';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { processMemory } from './memory';

/** An RSS 2.0 feed in Substack's shape: full HTML in content:encoded, an excerpt in description. */
export function renderFeed(n: number, origin: string, posts: DemoPost[]): string {
  const items = posts.map((post) => {
    const html = post.bodyText
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('');
    return `<item><title>${escapeHtml(post.title)}</title><link>${origin}/p/${post.slug}?utm_source=rss</link>
<guid isPermaLink="false">${post.guid}</guid><pubDate>${post.publishedAt?.toUTCString() ?? ''}</pubDate>
<description>${escapeHtml(post.description ?? '')}</description><content:encoded><![CDATA[${html}]]></content:encoded></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Bench letter ${n}</title><link>https://bench-${n}.example.com</link><description>Feed ${n}</description>
<language>en</language>${items.join('\n')}</channel></rss>`;
}

interface IngestFigures {
  feeds: number;
  itemsPerFeed: number;
  firstSync: { seconds: number; feedsPerSecond: number; postsPerSecond: number; posts: number };
  resync304: { seconds: number; feedsPerSecond: number };
  peakRssMiB: number;
  baselineRssMiB: number;
  summarizerMsPerPost: number;
  extractorMsPerPost: number;
  picksFound: number;
}

/**
 * Sync throughput on loopback: `feeds` feeds of `itemsPerFeed` demo posts each, every feed on its own host name
 * (resolved to 127.0.0.1) as real feeds are, added and synced with 8 at once as `sync --all` does; then a second
 * pass where every feed answers 304. Then the offline summarizer and pick extractor over the stored posts.
 */
export async function benchIngest(feeds = 200, itemsPerFeed = 50, databaseUrl?: string): Promise<IngestFigures> {
  const corpus = generateCorpus({ seed: 7, posts: feeds * itemsPerFeed, now: new Date() });
  const bodies: string[] = [];
  let batch: DemoPost[] = [];
  const server = http.createServer((req, res) => {
    const n = Number(/^\/feed-(\d+)\.xml$/.exec(req.url ?? '')?.[1]);
    const body = bodies[n];
    if (body === undefined) return res.writeHead(404).end();
    const etag = `"feed-${n}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  for (const post of corpus.posts) {
    batch.push(post);
    if (batch.length === itemsPerFeed) {
      bodies.push(renderFeed(bodies.length, `http://feed-${bodies.length}.bench.test:${port}`, batch));
      batch = [];
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-bench-ingest-'));
  // Opened without search indexing: a background run beside the timed syncs would skew them.
  const db = await prepareDatabase({ databaseUrl, dataDir, log: () => {} });
  const deps: SyncDeps = {
    allowHosts: ['127.0.0.1'],
    userAgent: 'finpub-bench',
    rawStore: new DirectoryRawStore(path.join(dataDir, 'raw')),
    credentialsKey: null,
    transcription: null,
    hostLimiter: createHostLimiter({ perHost: 2, total: 16, maxQueued: 100_000 }),
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    now: () => new Date(),
  };
  const pool = async <T>(items: T[], run: (item: T) => Promise<unknown>) => {
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  };
  try {
    const ids: string[] = [];
    let posts = 0;
    // What the process holds before syncing (the database, the generated feeds): the peak is read against it.
    const baselineRssMiB = processMemory(process.pid)?.currentMiB ?? Number.NaN;
    const started = performance.now();
    await pool(
      bodies.map((_, n) => n),
      async (n) => {
        const added = await addPublication(db, `http://feed-${n}.bench.test:${port}/feed-${n}.xml`, deps);
        ids.push(added.publicationId);
        posts += added.added;
      },
    );
    const firstSeconds = (performance.now() - started) / 1000;
    const resyncStarted = performance.now();
    await pool(ids, (id) => syncPublication(db, id, deps));
    const resyncSeconds = (performance.now() - resyncStarted) / 1000;
    const peakRssMiB = processMemory(process.pid)?.peakMiB ?? Number.NaN;

    const sample = await db.query<{ title: string; body_text: string }>(
      'select title, body_text from posts order by id limit 300',
    );
    const summarizer = new ExtractiveSummarizer();
    const extractor = new RuleBasedPickExtractor();
    await summarizer.summarize({ title: sample[0]!.title, text: sample[0]!.body_text }); // loads the language model
    const summarizeStarted = performance.now();
    for (const post of sample) await summarizer.summarize({ title: post.title, text: post.body_text });
    const summarizerMsPerPost = (performance.now() - summarizeStarted) / sample.length;
    let picksFound = 0;
    const extractStarted = performance.now();
    for (const post of sample)
      picksFound += (await extractor.extract({ title: post.title, text: post.body_text })).length;
    const extractorMsPerPost = (performance.now() - extractStarted) / sample.length;
    return {
      feeds,
      itemsPerFeed,
      firstSync: {
        seconds: firstSeconds,
        feedsPerSecond: feeds / firstSeconds,
        postsPerSecond: posts / firstSeconds,
        posts,
      },
      resync304: { seconds: resyncSeconds, feedsPerSecond: feeds / resyncSeconds },
      peakRssMiB,
      baselineRssMiB,
      summarizerMsPerPost,
      extractorMsPerPost,
      picksFound,
    };
  } finally {
    server.closeAllConnections();
    server.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
