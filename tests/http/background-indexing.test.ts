import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { startService } from '@/tests/helpers/service';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// A service whose start-up finds more posts waiting for search than it indexes before listening: it answers while a
// background run indexes them, says so in /readyz and in a search header, and stops the run cleanly on SIGTERM. Two
// starts on one database: the second picks up what the first left.
let database: TestDatabase;
const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-bg-service-'));
// Enough that indexing lasts well past the moment the service listens (PostgreSQL indexes about twice as fast).
const posts = () => (database.url ? 8000 : 4000);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = () => ({
  ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
  SEED_DEMO_DATA: 'true',
  DEMO_POSTS: String(posts()),
  SEARCH_INDEX_BACKGROUND_ABOVE: '100',
  JOBS_LOCAL: 'false',
  PAYMENT_SANDBOX: 'false',
});

interface Readyz {
  ready: boolean;
  search: { pendingPosts: number; pendingEmbeddings: number | null; indexing: boolean } | null;
}

async function readyz(base: string): Promise<Readyz> {
  const response = await fetch(new URL('/readyz', base));
  expect(response.status).toBe(200);
  return (await response.json()) as Readyz;
}

async function search(base: string, q: string) {
  const response = await fetch(new URL(`/api/v1/search?q=${encodeURIComponent(q)}&limit=30`, base));
  expect(response.status).toBe(200);
  return {
    pending: response.headers.get('x-search-index-pending'),
    body: TopicSearchResponse.parse(await response.json()),
  };
}

describe('a large search backlog at start-up', () => {
  it('is indexed in the background while the service answers, and stopping the service stops it', async () => {
    const service = await startService(config());
    try {
      const status = await readyz(service.url);
      expect(status.ready).toBe(true);
      expect(status.search).toMatchObject({ indexing: true });
      expect(status.search!.pendingPosts).toBeGreaterThan(0);
      const { pending, body } = await search(service.url, 'nvidia earnings');
      expect(pending).toMatch(/^[1-9]\d*$/);
      expect(body.query).toBe('nvidia earnings');
    } finally {
      await service.stop();
    }
    expect(service.process.exitCode).toBe(0);
    expect(service.output()).toMatch(new RegExp(`search index: indexing ${posts()} posts in the background`));
    expect(service.output()).toMatch(/search index: background run stopped \(database closing\): \d+ posts indexed/);
    expect(service.output()).not.toMatch(/unhandled/i);
  }, 300_000);

  it('is picked up where it stopped at the next start; once indexed, searches carry no header', async () => {
    const service = await startService(config());
    try {
      const left = Number(/search index: indexing (\d+) posts in the background/.exec(service.output())?.[1]);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(posts());
      await expect
        .poll(async () => (await readyz(service.url)).search, { timeout: 240_000, interval: 500 })
        .toMatchObject({ pendingPosts: 0, indexing: false });
      expect([0, null]).toContain((await readyz(service.url)).search!.pendingEmbeddings);
      expect(service.output()).toMatch(/search index: background run done: \d+ posts indexed, \d+ embedded in \d+ ms/);

      const { pending, body } = await search(service.url, 'nvidia earnings');
      expect(pending).toBeNull();
      expect(body.count).toBeGreaterThan(0);
      // Every post is findable: the last post of a publication, by its title.
      const publications = (await (await fetch(new URL('/api/v1/publications', service.url))).json()) as {
        publications: Array<{ slug: string }>;
      };
      const slug = publications.publications[0]!.slug;
      const detail = (await (await fetch(new URL(`/api/v1/publications/${slug}?limit=100`, service.url))).json()) as {
        posts: Array<{ title: string }>;
      };
      const title = detail.posts.at(-1)!.title;
      expect((await search(service.url, title)).body.items.map((item) => item.title)).toContain(title);
    } finally {
      await service.stop();
    }
    expect(service.process.exitCode).toBe(0);
  }, 300_000);
});
