import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as searchRoute } from '@/app/api/v1/search/route';
import { GET as readyz } from '@/app/readyz/route';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { callRoute } from '@/lib/api/in-process';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { env } from '@/lib/env';
import { configuredEmbeddings } from '@/lib/search/embeddings/configured';
import { indexInBackground } from '@/lib/search/index/background';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { forgetPendingSearchPosts } from '@/lib/search/index/status';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The search route and /readyz in process, on this suite's database (as tests/db/sell-offer.test.ts does): what they
// say about posts not searchable yet.
const raw = suiteDatabase();
let db: Db;
/** Statements that count the posts waiting for search, as the search route runs them. */
let pendingCounts = 0;

beforeAll(async () => {
  await seedDemoCorpus(raw, { seed: 9, posts: 300, now: new Date() });
  await indexForSearch(raw, configuredEmbeddings(env()), () => {});
  db = {
    ...raw,
    query: (text, params) => {
      if (text.includes('where search_indexed_at is null')) pendingCounts++;
      return raw.query(text, params);
    },
  };
  await openTestAppContext(db);
});

afterAll(async () => {
  await closeTestAppContext();
});

beforeEach(() => forgetPendingSearchPosts(db));

const search = async (q = 'nvidia earnings') => {
  const response = await callRoute(searchRoute, `http://localhost/api/v1/search?q=${encodeURIComponent(q)}`, {
    clientIp: '127.0.0.1',
  });
  expect(response.status).toBe(200);
  const body = TopicSearchResponse.parse(await response.json());
  return { pending: response.headers.get('x-search-index-pending'), body };
};

const readiness = async () => {
  const response = await readyz();
  expect(response.status).toBe(200);
  return (await response.json()) as { ready: boolean; search: Record<string, unknown> | null };
};

const markPending = (n: number) =>
  db.query('update posts set search_indexed_at = null where id in (select id from posts order by id limit $1)', [n]);

describe('posts waiting for search, as the API tells', () => {
  it('says nothing in search answers, and nothing pending in /readyz, when every post is indexed', async () => {
    const { pending, body } = await search();
    expect(pending).toBeNull();
    expect(body.count).toBeGreaterThan(0);
    const ready = await readiness();
    expect(ready.ready).toBe(true);
    expect(ready.search).toMatchObject({ pendingPosts: 0, indexing: false });
    // 0 where pgvector embeds every post; null where there is no pgvector to embed with.
    expect([0, null]).toContain(ready.search!.pendingEmbeddings);
  });

  it('counts the waiting posts in a header, with the body unchanged, and in /readyz', async () => {
    await markPending(4);
    const { pending, body } = await search();
    expect(pending).toBe('4');
    expect(body.count).toBeGreaterThan(0);
    expect((await readiness()).search).toMatchObject({ pendingPosts: 4, indexing: false });
    await indexPendingPosts(db);
    forgetPendingSearchPosts(db);
    expect((await search()).pending).toBeNull();
  });

  it('counts once for many searches within two seconds, not once each', async () => {
    await markPending(2);
    const before = pendingCounts;
    const answers = await Promise.all(['nvidia', 'oil prices', 'private credit', 'treasury yields'].map(search));
    expect(answers.map((answer) => answer.pending)).toEqual(['2', '2', '2', '2']);
    expect(pendingCounts - before).toBe(1);
    await indexPendingPosts(db);
  });

  it('shows a background run in /readyz while it indexes, ready all along', async () => {
    await markPending(40);
    const run = indexInBackground(db, { embeddings: null, log: () => {}, batchSize: 5 });
    const during = await readiness();
    expect(during.ready).toBe(true);
    expect(during.search).toMatchObject({ indexing: true });
    expect(during.search!.pendingPosts).toBeGreaterThan(0);
    expect((await search()).pending).toMatch(/^[1-9]\d*$/);
    expect((await run).outcome).toBe('done');
    // The run's end forgets the remembered count: the next answer says nothing is waiting.
    expect((await search()).pending).toBeNull();
    expect((await readiness()).search).toMatchObject({ pendingPosts: 0, indexing: false });
  });
});
