import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import { openPostgres } from '@/lib/db/postgres';
import { prepareDatabase } from '@/lib/db/prepare';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { indexInBackground } from '@/lib/search/index/background';
import { indexOnOpen } from '@/lib/search/index/index-on-open';
import { searchIndexingRun } from '@/lib/search/index/runs';
import {
  countPendingPosts,
  forgetPendingSearchPosts,
  isSearchIndexing,
  pendingSearchPosts,
  readSearchIndexStatus,
} from '@/lib/search/index/status';
import { postingsLoaded } from '@/lib/search/postings/live-postings';
import { searchPosts } from '@/lib/search/search-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Enough posts that the background run lasts seconds on either engine (PGlite ~2.5 ms a post, PostgreSQL ~1.3 ms).
const POSTS = 2500;
const THRESHOLD = 100;
const MARKER = 'quokkaledger zanzibarium';
const embeddings = selectEmbeddingProvider({ provider: 'local' });

let database: TestDatabase;
const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-bg-index-'));
const opened: Db[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** The database without prepareDatabase and indexOnOpen: nothing indexed, nothing wrapped. */
async function openRaw(): Promise<Db> {
  return database.url ? openPostgres(database.url) : openPglite(path.join(dataDir, 'pglite'));
}

async function prepare(lines: string[], above = THRESHOLD): Promise<Db> {
  const log = (line: string) => lines.push(line);
  const db = await indexOnOpen(await prepareDatabase({ databaseUrl: database.url, dataDir, log }), {
    embeddings,
    backgroundIndexingAbove: above,
    log,
  });
  opened.push(db);
  return db;
}

const search = (db: Db, q: string) =>
  searchPosts(db, { q, limit: 30, mode: 'hybrid', now: new Date() }, { embeddings }).then((result) =>
    TopicSearchResponse.parse(result),
  );

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  database = await createTestDatabase();
  const db = await openRaw();
  await migrate(db);
  await seedDemoCorpus(db, { seed: 5, posts: POSTS, now: new Date() });
  // The post indexed last (batches go in id order) gets words no other post has, to find it by them.
  await db.query(
    `update posts set title = title || ' ${MARKER}' where id = (select id from posts order by id desc limit 1)`,
  );
  await db.close();
});

afterEach(async () => {
  // A test that failed half-way leaves no run behind for the next.
  for (const db of opened.splice(0)) await db.close().catch(() => {});
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('search indexing at start-up', () => {
  it('indexes a backlog above the threshold in the background, answering searches meanwhile', async () => {
    const lines: string[] = [];
    const db = await prepare(lines);
    // indexOnOpen has returned: the backlog is still there and a run is working on it.
    const before = await readSearchIndexStatus(db, embeddings);
    expect(before.indexing).toBe(true);
    expect(before.pendingPosts).toBeGreaterThan(0);
    expect(before.pendingPosts).toBeLessThanOrEqual(POSTS);
    expect(lines.some((line) => /search index: indexing \d+ posts in the background/.test(line))).toBe(true);

    const during = await search(db, 'nvidia earnings');
    expect(during.query).toBe('nvidia earnings');
    // It answered before the run was over, so it did not wait for the whole backlog.
    expect(isSearchIndexing(db)).toBe(true);

    const run = searchIndexingRun(db);
    expect(run).not.toBeNull();
    const result = await run!;
    expect(result.outcome).toBe('done');
    expect(result.indexed).toBe(POSTS);
    expect(await countPendingPosts(db)).toBe(0);
    const after = await readSearchIndexStatus(db, embeddings);
    expect(after).toMatchObject({
      pendingEmbeddings: after.pendingEmbeddings === null ? null : 0,
      indexing: false,
    });
    expect(lines.at(-1)).toMatch(/^search index: background run done: \d+ posts indexed, \d+ embedded in \d+ ms$/);
    // The run's end started the postings taking the newly indexed posts in from the change log, in the background
    // when they are this many: searches answer from the postings as they are meanwhile, and the posts still to take
    // in count as pending, in the status too. So a search finds the new post, or its answer says posts are pending.
    expect(after.pendingPosts).toBeLessThanOrEqual(POSTS);
    const pending = await pendingSearchPosts(db);
    const meanwhile = await search(db, MARKER);
    expect(meanwhile.items[0]?.title?.includes(MARKER) || pending > 0).toBe(true);
    expect(await postingsLoaded(db)).toBe(true);
    forgetPendingSearchPosts(db);
    expect(await pendingSearchPosts(db)).toBe(0);
    expect((await readSearchIndexStatus(db, embeddings)).pendingPosts).toBe(0);
    const found = await search(db, MARKER);
    expect(found.items[0]?.title).toContain(MARKER);
  });

  it('indexes at or below the threshold before returning, as before', async () => {
    const raw = await openRaw();
    await raw.query(
      'update posts set search_indexed_at = null where id in (select id from posts order by id limit 40)',
    );
    await raw.close();
    const lines: string[] = [];
    const db = await prepare(lines, 40);
    expect(searchIndexingRun(db)).toBeNull();
    expect(await countPendingPosts(db)).toBe(0);
    expect(lines.some((line) => line.includes('in the background'))).toBe(false);
  });

  it('stops cleanly when the database is closed during a run, leaving the rest pending for the next start', async () => {
    // Several batches on either engine (PGlite's are 100 posts, PostgreSQL's 1,000).
    const backlog = database.url ? POSTS : 600;
    const raw = await openRaw();
    await raw.query(
      'update posts set search_indexed_at = null where id in (select id from posts order by id limit $1)',
      [backlog],
    );
    await raw.close();
    const lines: string[] = [];
    const db = await prepare(lines);
    const run = searchIndexingRun(db)!;
    // Close once at least one batch is in: the next one is then running or about to.
    await expect.poll(() => countPendingPosts(db), { timeout: 60_000, interval: 50 }).toBeLessThan(backlog);
    await db.close();
    opened.splice(opened.indexOf(db), 1);
    const result = await run;
    expect(result.outcome).toBe('stopped');
    expect(result.indexed).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/background run stopped \(database closing\)/);

    const reopened = await openRaw();
    const left = await countPendingPosts(reopened);
    await reopened.close();
    expect(left).toBeGreaterThan(0);
    expect(left).toBe(backlog - result.indexed);

    // The next start picks the rest up.
    const next = await prepare([]);
    expect((await searchIndexingRun(next))?.outcome).toBe('done');
    expect(await countPendingPosts(next)).toBe(0);
    expect(unhandled).toEqual([]);
  });

  it('joins a run in flight instead of starting a second one', async () => {
    const db = await prepare([]);
    await db.query('update posts set search_indexed_at = null where id in (select id from posts order by id limit 30)');
    const lines: string[] = [];
    const first = indexInBackground(db, { embeddings: null, log: (line) => lines.push(line), batchSize: 10 });
    const second = indexInBackground(db, { embeddings: null, log: (line) => lines.push(line), batchSize: 10 });
    expect(second).toBe(first);
    expect((await first).indexed).toBe(30);
    expect(lines.filter((line) => line.includes('background run done'))).toHaveLength(1);
  });

  it('reports progress, and logs a failure instead of throwing it, leaving the posts pending', async () => {
    const db = await prepare([]);
    await db.query('update posts set search_indexed_at = null where id in (select id from posts order by id limit 30)');
    const lines: string[] = [];
    const progress = await indexInBackground(db, {
      embeddings: null,
      log: (line) => lines.push(line),
      batchSize: 10,
      progressEveryMs: 0,
    });
    expect(progress).toMatchObject({ outcome: 'done', indexed: 30 });
    expect(lines.filter((line) => / of 30 posts indexed in \d+ ms$/.test(line))).toHaveLength(3);

    await db.query('update posts set search_indexed_at = null where id in (select id from posts order by id limit 30)');
    // Every transaction fails, as a broken connection would make them.
    const failing: Db = { ...db, transaction: () => Promise.reject(new Error('connection lost')) };
    const failed: string[] = [];
    const result = await indexInBackground(failing, { embeddings: null, log: (line) => failed.push(line) });
    expect(result.outcome).toBe('failed');
    expect(failed.at(-1)).toMatch(
      /background run failed after 0 posts indexed.*: connection lost; the rest stays pending/,
    );
    expect(await countPendingPosts(db)).toBe(30);
    expect(isSearchIndexing(failing)).toBe(false);
    expect(unhandled).toEqual([]);
  });
});
