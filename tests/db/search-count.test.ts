/**
 * totalCount is the number of matches (lib/search/score.ts), whatever the limit: checked against brute force on the
 * demo corpus `npm start` loads (seed 20261122, 1,500 posts), by reading which query terms every post holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readCapabilities } from '@/lib/db/capabilities';
import { seedDemoCorpus } from '@/lib/demo/load';
import { DEFAULT_DEMO_SEED } from '@/lib/env';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { prepareQuery } from '@/lib/search/query/prepare';
import type { TopicSearchResult } from '@/lib/search/result';
import { searchPosts } from '@/lib/search/search-posts';
import { recordingDb } from '@/tests/helpers/recording-db';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const embeddings = selectEmbeddingProvider({ provider: 'local' });
const db = suiteDatabase();
let vector: boolean;

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: DEFAULT_DEMO_SEED, posts: 1500, now: NOW });
  await indexForSearch(db, embeddings, () => {});
  vector = (await readCapabilities(db)).vector;
}, 300_000);

const search = (q: string, limit: number, mode: 'fts' | 'hybrid') =>
  searchPosts(db, { q, limit, mode, now: NOW }, { embeddings });

/**
 * The lexical matches in the result's scope, from every post's own terms: a post matches when the query terms it
 * holds weigh at least a fifth of the query's idf. Posts titled exactly as the query are shown whatever the window.
 */
async function bruteForce(q: string, result: TopicSearchResult): Promise<{ matches: number; lexical: Set<string> }> {
  const { terms } = await resolveTerms(db, prepareQuery(q, NOW).terms);
  const queryIdf = terms.reduce((sum, t) => sum + t.idf, 0);
  const rows = await db.query<{ slug: string; published_at: Date | null; is_scoped: boolean; titled: boolean }>(
    `select p.slug, p.published_at, pub.is_scoped, lower(p.title) = lower($1) as titled,
            array[${terms.map((_, i) => `coalesce(p.search_vector @@ $${i + 2}::tsquery, false)`).join(', ') || 'false'}] as held
       from posts p join publications pub on pub.id = p.publication_id`,
    [q.trim(), ...terms.map((t) => t.query)],
  );
  const window = result.timeWindow && !result.freshnessCoverage?.staleFallbackMode ? result.timeWindow : null;
  const lexical = new Set<string>();
  let matches = 0;
  for (const row of rows as Array<(typeof rows)[number] & { held: boolean[] }>) {
    if (result.searchTierUsed === 'scoped' && !row.is_scoped) continue;
    const covered = terms.reduce((sum, t, i) => sum + (row.held[i] ? t.idf : 0), 0);
    const inWindow =
      !window ||
      (row.published_at !== null &&
        row.published_at.toISOString() >= window.startIso &&
        row.published_at.toISOString() < window.endIso);
    const lexicalMatch = queryIdf > 0 && covered / queryIdf >= 1 / 5 - 1e-9 && inWindow;
    if (lexicalMatch) lexical.add(row.slug);
    if (lexicalMatch || row.titled) matches++;
  }
  return { matches, lexical };
}

const QUERIES = [
  'inflation',
  'market',
  'earnings growth',
  'is the Fed going to cut rates in December',
  'nvidia data center revenue guidance and gross margin',
  'private credit default risk for regional banks',
  'REITs scorecard for Q3 2026',
  'nvidia this week',
  'treasury yields last 3 days',
  'latest on oil',
];
const LIMITS = [3, 10, 30];

describe('totalCount in fts mode', () => {
  it.each(QUERIES)('%s: every match, at every limit, and the page is its first matches', async (q) => {
    const expected = new Set<number>();
    for (const limit of LIMITS) {
      const result = await search(q, limit, 'fts');
      const { matches } = await bruteForce(q, result);
      expect(result.totalCount, `${q} at limit ${limit}`).toBe(matches);
      expect(result.count).toBe(Math.min(limit, matches));
      expected.add(result.totalCount);
    }
    expect(expected.size, 'the same count at every limit').toBe(1);
    expect([...expected][0]).toBeGreaterThan(0);
  });

  it('counts more than a page for a common word (no cap at the limit)', async () => {
    const result = await search('inflation', 10, 'fts');
    expect(result.totalCount).toBeGreaterThan(30);
  });

  it.each(['🚀🚀', 'zzqxvw', '   '])('%j matches nothing', async (q) => {
    for (const mode of ['fts', 'hybrid'] as const) {
      const result = await search(q, 10, mode);
      if (q.trim() === '') continue; // an empty query lists the newest posts: not a topic search
      expect(result.totalCount).toBe(0);
      expect(result.items).toEqual([]);
      expect(result.matchConfidence).toBe('none');
    }
  });
});

describe("a hybrid page's bodies", () => {
  it('are read for the page alone, not with the semantic side’s fifty candidates, and give the same snippets as fts', async () => {
    const recorded = recordingDb(db);
    const hybrid = await searchPosts(
      recorded.db,
      { q: 'nvidia data center revenue', limit: 5, mode: 'hybrid', now: NOW },
      { embeddings },
    );
    const candidateReads = recorded.statements.filter((text) => /search_vector/.test(text) && /is_scoped/.test(text));
    if (vector) {
      expect(hybrid.mode).toBe('hybrid');
      // The first pass's candidates (the semantic side's among them) come without bodies; the page's are read after.
      expect(candidateReads.some((text) => !/body_text/.test(text))).toBe(true);
      expect(recorded.statements.filter((text) => /^select id, body_text from posts/.test(text))).toHaveLength(1);
    }
    const fts = await search('nvidia data center revenue', 50, 'fts');
    for (const item of hybrid.items) {
      const same = fts.items.find((other) => other.slug === item.slug);
      if (same) expect(item.snippet, item.slug).toBe(same.snippet);
    }
    expect(hybrid.items.filter((item) => item.snippet !== null).length).toBeGreaterThan(0);
  });
});

describe('totalCount in hybrid mode', () => {
  it.each(QUERIES.filter((q) => !prepareQuery(q, NOW).timeWindow))(
    '%s: the lexical matches plus the semantic ones, the same at every limit',
    async (q) => {
      const counts = new Set<number>();
      for (const limit of LIMITS) {
        const result = await search(q, limit, 'hybrid');
        expect(result.mode).toBe(vector ? 'hybrid' : 'fts');
        const { matches, lexical } = await bruteForce(q, result);
        // Every lexical match counts; the semantic side adds its nearest posts (50 at most) that pass the gate on
        // their own and hold too little of the query.
        expect(result.totalCount).toBeGreaterThanOrEqual(matches);
        expect(result.totalCount).toBeLessThanOrEqual(matches + (vector ? 50 : 0));
        if (!vector) expect(result.totalCount).toBe(matches);
        expect(result.count).toBe(Math.min(limit, result.totalCount));
        // A result that is no lexical match passes the gate on its similarity alone (semanticRelevance 0.5).
        for (const item of result.items.filter((item) => !lexical.has(item.slug) && item.title !== q)) {
          const cosine = Number(/cosine (\d\.\d+)/.exec(item.whyMatched.join(' '))?.[1]);
          expect(cosine, item.slug).toBeGreaterThanOrEqual(0.755);
        }
        counts.add(result.totalCount);
      }
      expect(counts.size, 'the same count at every limit').toBe(1);
    },
  );
});
