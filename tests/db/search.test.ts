import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readCapabilities } from '@/lib/db/capabilities';
import { seedDemoCorpus } from '@/lib/demo/load';
import { createOpenAIEmbeddingProvider } from '@/lib/search/embeddings/openai';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { searchPosts } from '@/lib/search/search-posts';
import { rankSemantic } from '@/lib/search/semantic/rank';
import { startFakeOpenAI } from '@/tests/helpers/fake-openai';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const embeddings = selectEmbeddingProvider({ provider: 'local' });
const db = suiteDatabase();
let vector: boolean;

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 7, posts: 600, now: NOW });
  await indexForSearch(db, embeddings, () => {});
  vector = (await readCapabilities(db)).vector;
});

const run = (q: string, mode: 'fts' | 'hybrid' = 'hybrid', limit = 10) =>
  searchPosts(db, { q, limit, mode, now: NOW }, { embeddings });

describe('search on a real database', () => {
  it('keeps document frequencies equal to the documents, also after a post is re-indexed', async () => {
    const check = async () => {
      const rows = await db.query<{ lexeme: string; stored: number; actual: number }>(
        `select s.lexeme, s.doc_count as stored,
                (select count(*)::int from posts where search_vector @@ s.lexeme::tsquery) as actual
           from search_term_stats s where s.lexeme in ('nvidia', 'fed', 'earn', 'sp500', 'micron')`,
      );
      expect(rows.length).toBeGreaterThan(2);
      for (const row of rows) expect(row.stored, row.lexeme).toBe(row.actual);
      const [corpus] = await db.query<{ doc_count: number; actual: number }>(
        'select doc_count, (select count(*)::int from posts where search_vector is not null) as actual from search_corpus_stats',
      );
      expect(corpus!.doc_count).toBe(corpus!.actual);
    };
    await check();
    const embeddingsOfChanged = () =>
      db.query<{ post_id: string; embedding: string }>(
        `select post_id, embedding::text as embedding from post_embeddings
          where post_id in (select id from posts order by id limit 5) order by post_id`,
      );
    const before = vector ? await embeddingsOfChanged() : [];
    await db.query(
      `update posts set title = title || ' Nvidia and Micron', search_indexed_at = null
        where id in (select id from posts order by id limit 5)`,
    );
    expect(await indexPendingPosts(db)).toBe(5);
    await check();
    if (vector) {
      // The old embeddings described the old titles: gone, then computed again from the new text.
      expect(before).toHaveLength(5);
      expect(await embeddingsOfChanged()).toEqual([]);
      await indexForSearch(db, embeddings, () => {});
      const after = await embeddingsOfChanged();
      expect(after.map((row) => row.post_id)).toEqual(before.map((row) => row.post_id));
      for (const [i, row] of after.entries()) expect(row.embedding).not.toBe(before[i]!.embedding);
    }
  });

  it('returns the same full results for a time-filtered query run many times through the driver', async () => {
    const first = await run('treasury yields last 2 weeks');
    expect(first.freshnessCoverage!.rankedInWindow).toBeGreaterThan(0);
    for (let i = 0; i < 8; i++) {
      const again = await run('treasury yields last 2 weeks');
      expect(again.items.map((item) => item.slug)).toEqual(first.items.map((item) => item.slug));
      expect(again.freshnessCoverage).toEqual(first.freshnessCoverage);
    }
  });

  it('runs hybrid where pgvector exists and falls back to fts, saying so, where it does not', async () => {
    const hybrid = await run('chip demand for AI data centers');
    expect(hybrid.mode).toBe(vector ? 'hybrid' : 'fts');
    const noProvider = await searchPosts(
      db,
      { q: 'chip demand', limit: 5, mode: 'hybrid', now: NOW },
      { embeddings: null },
    );
    expect(noProvider.mode).toBe('fts');
    expect(noProvider.count).toBeGreaterThan(0);
  });

  it('answers lexically when the query embedding fails, instead of failing the search', async (ctx) => {
    if (!vector) return ctx.skip(); // without pgvector no query is embedded at all
    const fake = await startFakeOpenAI();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      fake.failWith(500);
      // The provider's own retries are for indexing; a search asks once.
      const failing = createOpenAIEmbeddingProvider({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 3 });
      const result = await searchPosts(
        db,
        { q: 'chip demand', limit: 5, mode: 'hybrid', now: NOW },
        { embeddings: failing },
      );
      expect(result.mode).toBe('fts');
      expect(result.count).toBeGreaterThan(0);
      expect(fake.requests.filter((r) => r.path === '/v1/embeddings')).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/query embedding failed, answering lexically/));
    } finally {
      warn.mockRestore();
      await fake.close();
    }
  });

  it('corrects a misspelt company name', async () => {
    const body = await run('nvdia earnings', 'fts');
    expect(body.count).toBeGreaterThan(0);
    expect(body.items[0]!.whyMatched.join(' ')).toMatch(/"nvdia" read as "nvidia"/);
  });

  it('reports semantic-only hits without token counts', async (ctx) => {
    if (!vector) return ctx.skip(); // no pgvector on this database: nothing semantic to report
    const body = await run('graphics processors for machine learning');
    for (const item of body.items.filter((i) => i.matchedTokenCount === 0)) {
      expect(item.totalTokenCount).toBe(0);
      expect(item.topicCoverageRatio).toBeUndefined();
    }
  });

  it('browses the newest posts when only a time phrase is given', async () => {
    const body = await run('latest');
    expect(body.timeWindow?.label).toBe('latest_recent');
    expect(body.count).toBe(10);
    const dates = body.items.map((i) => i.publishedAt!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.items.every((i) => i.isInTimeWindow)).toBe(true);
  });

  it('matches nothing, rather than every post, when no post holds what the query asks for', async () => {
    for (const q of ['🚀🚀', 'zqxjvw', '🚀🚀 this week', '❤️']) {
      for (const mode of ['fts', 'hybrid'] as const) {
        const body = await run(q, mode);
        expect({ q, mode, confidence: body.matchConfidence, total: body.totalCount, items: body.items }).toEqual({
          q,
          mode,
          confidence: 'none',
          total: 0,
          items: [],
        });
      }
    }
  });

  it('answers a query holding a lone surrogate half or a NUL, as JSON can carry them', async () => {
    for (const q of ['copper \ud800 miners', '\udc00\udc00', 'rates\u0000 cut']) {
      const body = await run(q, 'fts');
      expect(body.query).toBe(q);
    }
    expect((await run('copper \ud800 miners', 'fts')).matchConfidence).not.toBe('none');
  });

  it('ranks a time window through the HNSW index as fully as exactly, also when run many times', async (ctx) => {
    if (!vector || !embeddings) return ctx.skip(); // no pgvector on this database
    // A window holding a small share of the corpus: an index scan that stopped at ef_search (120) candidates and then
    // dropped those outside the window would come back short.
    const range = { start: new Date(NOW.getTime() - 2 * 86_400_000).toISOString(), end: NOW.toISOString() };
    const [query] = await embeddings.embed(['chip demand for AI data centers']);
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from posts where published_at >= $1 and published_at < $2',
      [range.start, range.end],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(20);
    expect(n).toBeLessThan(120);
    const exact = await rankSemantic(db, embeddings, query!, { limit: 20, range });
    expect(exact).toHaveLength(20);
    // On 600 posts the planner would rather sort them all than use the index; make it take the index path.
    await db.exec('set enable_seqscan = off; set enable_bitmapscan = off');
    try {
      for (let i = 0; i < 8; i++) {
        // exactWindowMax 0: the window goes through the index (pgvector's iterative scan).
        const indexed = await rankSemantic(db, embeddings, query!, { limit: 20, range, exactWindowMax: 0 });
        expect(indexed).toHaveLength(20);
        const similarities = indexed.map((hit) => hit.similarity);
        expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
        const outside = await db.query(
          'select id from posts where id = any($1::uuid[]) and not (published_at >= $2 and published_at < $3)',
          [indexed.map((hit) => hit.postId), range.start, range.end],
        );
        expect(outside).toEqual([]);
        const shared = indexed.filter((hit) => exact.some((e) => e.postId === hit.postId)).length;
        expect(shared).toBeGreaterThanOrEqual(18);
      }
    } finally {
      await db.exec('reset enable_seqscan; reset enable_bitmapscan');
    }
  });
});
