/**
 * `npm run torture`: the torture corpus of issue 23 (tests/fixtures/torture) against a fresh database (in-memory
 * PGlite, or a new database on DATABASE_URL's server), ingested as the service does: every feed served on loopback
 * and added with addPublication, every e-mail parsed and filed, searches running while the 10,000-item feed ingests.
 * Prints the items generated, stored and refused by reason, what went wrong, the time, and the peak memory of this
 * process (the database too on PGlite, which runs inside it; PostgreSQL's server is a process of its own).
 * TORTURE_SEED and TORTURE_BIG_FEED_ITEMS change the corpus.
 */
import { rmSync } from 'node:fs';
import { migrate } from '@/lib/db/migrate';
import { searchPosts } from '@/lib/search/search-posts';
import { generateTortureCorpus } from '@/tests/fixtures/torture/generate-torture-corpus';
import { type ItemResult, searchDuring, tortureIngest } from '@/tests/fixtures/torture/torture-ingest';
import { startFeedHost } from '@/tests/helpers/feed-host';
import { testSyncDeps } from '@/tests/helpers/sync-deps';
import { createTestDatabase } from '@/tests/helpers/test-database';

const MiB = 1024 * 1024;
const seed = Number(process.env.TORTURE_SEED ?? 23);
const bigFeedItems = Number(process.env.TORTURE_BIG_FEED_ITEMS ?? 10_000);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 25);
const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const rssNow = () => `${(process.memoryUsage().rss / MiB).toFixed(0)} MiB`;

const database = await createTestDatabase();
const db = await database.open();
const host = await startFeedHost();
const deps = testSyncDeps();
try {
  await migrate(db);
  const baselineRss = process.memoryUsage().rss;
  const corpus = generateTortureCorpus({ seed, bigFeedItems, origin: host.origin });
  for (const feed of corpus.feeds) host.set(feed.path, { body: feed.body, contentType: feed.contentType });
  for (const resource of corpus.resources)
    host.set(resource.path, { body: resource.body, contentType: resource.contentType });
  const corpusBytes = [...corpus.feeds.map((f) => f.body), ...corpus.emails.map((e) => e.raw)].reduce(
    (sum, bytes) => sum + bytes.length,
    0,
  );
  const ingest = tortureIngest(db, { origin: host.origin, deps });
  const results: ItemResult[] = [];
  const problems: string[] = [];
  console.log(
    `torture corpus (seed ${seed}): ${corpus.feeds.length} feeds, ${corpus.emails.length} e-mails, ${(corpusBytes / MiB).toFixed(1)} MiB, on ${database.url ? 'PostgreSQL' : 'PGlite'}; ${rssNow()} before ingesting`,
  );

  const phase = performance.now();
  for (const feed of corpus.feeds.filter((f) => f.name !== 'big')) {
    const result = await ingest.feed(feed);
    results.push(...result.items);
    problems.push(...result.problems.map((p) => `${feed.name}: ${p}`), ...result.items.flatMap((i) => i.problems));
  }
  console.log(`hostile and charset feeds: ${seconds(phase)}, ${rssNow()}`);

  const bigPhase = performance.now();
  const big = corpus.feeds.find((feed) => feed.name === 'big')!;
  const during = await searchDuring(db, corpus.queries, ingest.feed(big));
  results.push(...during.result.items);
  problems.push(
    ...during.result.problems.map((p) => `big: ${p}`),
    ...during.result.items.flatMap((i) => i.problems),
    ...during.errors.map((e) => `search while ingesting: ${e}`),
  );
  console.log(
    `${big.items.length}-item feed: ${seconds(bigPhase)}, ${during.searches} searches answered meanwhile (slowest ${during.slowestMs.toFixed(0)} ms, ${during.errors.length} failed), ${rssNow()}`,
  );

  const mailPhase = performance.now();
  for (const email of corpus.emails) {
    const result = await ingest.email(email);
    results.push(result);
    problems.push(...result.problems);
  }
  console.log(`e-mails: ${seconds(mailPhase)}, ${rssNow()}`);

  const searchPhase = performance.now();
  let searchErrors = 0;
  for (const q of corpus.queries) {
    try {
      await searchPosts(db, { q, limit: 10, mode: 'fts', now: new Date() }, { embeddings: null });
    } catch (error) {
      searchErrors += 1;
      problems.push(`search ${JSON.stringify(q)}: ${(error as Error).message}`);
    }
  }
  console.log(`${corpus.queries.length} searches afterwards: ${seconds(searchPhase)}, ${searchErrors} failed`);

  const generated = corpus.feeds.reduce((sum, feed) => sum + feed.items.length, 0) + corpus.emails.length;
  const byOutcome: Record<string, number> = {};
  for (const result of results) byOutcome[result.outcome] = (byOutcome[result.outcome] ?? 0) + 1;
  const stored = (byOutcome.stored ?? 0) + (byOutcome.quarantined ?? 0);
  const refused = Object.entries(byOutcome).filter(([outcome]) => outcome.startsWith('refused: '));
  clearInterval(sampler);
  console.log('');
  console.log(
    `items generated   ${generated} (${generated - corpus.emails.length} feed items, ${corpus.emails.length} e-mails)`,
  );
  console.log(`stored            ${stored} (${byOutcome.quarantined ?? 0} of them quarantined, not yet searchable)`);
  console.log(`refused           ${refused.reduce((sum, [, n]) => sum + n, 0)}`);
  for (const [outcome, n] of refused.sort()) console.log(`  ${outcome.slice('refused: '.length).padEnd(20)}${n}`);
  console.log(`unaccounted       ${byOutcome.missing ?? 0}`);
  console.log(`problems          ${problems.length}`);
  for (const problem of problems.slice(0, 40)) console.log(`  ${problem.split('\n')[0]!.slice(0, 200)}`);
  console.log(`elapsed           ${seconds(started)}`);
  console.log(
    `peak RSS          ${(peakRss / MiB).toFixed(0)} MiB sampled every 25 ms (maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; ${(baselineRss / MiB).toFixed(0)} MiB before the corpus)`,
  );
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  clearInterval(sampler);
  await host.close();
  await db.close();
  await database.drop();
  rmSync(deps.rawDir, { recursive: true, force: true });
}
