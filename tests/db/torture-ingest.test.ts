import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { searchPosts } from '@/lib/search/search-posts';
import { generateTortureCorpus } from '@/tests/fixtures/torture/generate-torture-corpus';
import type { TortureCorpus } from '@/tests/fixtures/torture/torture-corpus';
import {
  type ItemResult,
  type SourceResult,
  searchDuring,
  tortureIngest,
} from '@/tests/fixtures/torture/torture-ingest';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { testSyncDeps } from '@/tests/helpers/sync-deps';

// Issue 23: the torture corpus (tests/fixtures/torture) served on loopback, added feed by feed, and its e-mails
// delivered, into a real database. Every generated item must end up a stored post or refused with a reason, nothing
// may throw, and searches keep answering while the large feed ingests. `npm run torture` prints the figures.

const db = suiteDatabase();
let host: FeedHost;
let corpus: TortureCorpus;
let ingest: ReturnType<typeof tortureIngest>;
const deps = testSyncDeps();
const embeddings = selectEmbeddingProvider({ provider: 'local' });
/** Every item's result, across the tests (the last test checks that nothing was missed). */
const results: ItemResult[] = [];

beforeAll(async () => {
  host = await startFeedHost();
  corpus = generateTortureCorpus({ origin: host.origin });
  for (const feed of corpus.feeds) host.set(feed.path, { body: feed.body, contentType: feed.contentType });
  for (const resource of corpus.resources)
    host.set(resource.path, { body: resource.body, contentType: resource.contentType });
  ingest = tortureIngest(db, { origin: host.origin, deps });
});

afterAll(async () => {
  await host?.close();
  rmSync(deps.rawDir, { recursive: true, force: true });
});

/** The problems of a source and of each of its items, as sentences; the items are kept for the last test. */
function problemsOf(source: SourceResult): string[] {
  results.push(...source.items);
  return [...source.problems, ...source.items.flatMap((item) => item.problems)].map((p) => `${source.source}: ${p}`);
}

describe('the torture corpus (issue 23)', () => {
  it('is generated deterministically, with every case of the issue', () => {
    const again = generateTortureCorpus({ origin: host.origin });
    expect(again.feeds.map((feed) => feed.body.equals(corpus.feeds.find((f) => f.name === feed.name)!.body))).toEqual(
      corpus.feeds.map(() => true),
    );
    const cases = new Set(
      [...corpus.feeds.flatMap((feed) => feed.items), ...corpus.emails.map((e) => e.item)].map((i) => i.case),
    );
    for (const name of [
      'emoji-zwj',
      'emoji-skin-tones',
      'emoji-flags',
      'emoji-keycaps',
      'variation-selector-alone',
      'combining-alone',
      'combining-stacked',
      'bidi-controls',
      'lone-surrogates',
      'lone-surrogates-json',
      'c0-controls',
      'c1-controls',
      'nul',
      'fullwidth',
      'math-alphanumerics',
      'cjk-run',
      'thai-run',
      'word-1mb',
      'title-100000-chars',
      'deep-html-10000',
      'active-content',
      'invalid-utf8',
      'duplicate-guid',
      'missing-guid',
      'date-1970',
      'date-2100',
      'enclosure-only',
      'subject-100000-chars',
      'iso-2022-jp-7bit',
    ])
      expect(cases, name).toContain(name);
    expect(corpus.feeds.find((feed) => feed.name === 'big')!.items).toHaveLength(10_000);
  });

  it('stores or refuses, with its reason, every item of the hostile and charset feeds', async () => {
    const problems: string[] = [];
    for (const feed of corpus.feeds.filter((f) => f.name !== 'big'))
      problems.push(...problemsOf(await ingest.feed(feed)));
    expect(problems).toEqual([]);
  });

  it('ingests the 10,000-item feed while searches keep answering', async () => {
    const big = corpus.feeds.find((feed) => feed.name === 'big')!;
    const { result, searches, errors } = await searchDuring(db, corpus.queries, ingest.feed(big));
    expect(problemsOf(result)).toEqual([]);
    expect(errors).toEqual([]);
    expect(searches).toBeGreaterThan(0);
  });

  it('files every e-mail as a post or refuses it with a reason', async () => {
    const mails: ItemResult[] = [];
    for (const email of corpus.emails) mails.push(await ingest.email(email));
    expect(problemsOf({ source: 'email', items: mails, problems: [] })).toEqual([]);
  });

  it('indexes the emoji posts for search', async () => {
    const emojiGuids = corpus.feeds
      .flatMap((feed) => feed.items)
      .filter((item) => item.case.startsWith('emoji') && item.expect.outcome === 'stored')
      .flatMap((item) =>
        item.expect.outcome === 'stored' && item.expect.lookup.column === 'guid' ? [item.expect.lookup.value] : [],
      );
    expect(emojiGuids.length).toBeGreaterThan(5);
    const rows = await db.query<{ guid: string; indexed: boolean }>(
      'select guid, search_indexed_at is not null as indexed from posts where guid = any($1::text[])',
      [emojiGuids],
    );
    expect(rows.filter((row) => !row.indexed).map((row) => row.guid)).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(emojiGuids.length);
  });

  it('answers searches for words and hostile fragments of the corpus', async () => {
    const errors: string[] = [];
    for (const mode of ['fts', 'hybrid'] as const) {
      for (const q of corpus.queries) {
        try {
          await searchPosts(db, { q, limit: 10, mode, now: new Date() }, { embeddings });
        } catch (error) {
          errors.push(`${mode} ${JSON.stringify(q)}: ${(error as Error).message}`);
        }
      }
    }
    expect(errors).toEqual([]);
    for (const q of ['liquidity', 'copper leads the cycle', '円安', 'Société Générale', 'Рынок облигаций']) {
      const result = await searchPosts(db, { q, limit: 10, mode: 'fts', now: new Date() }, { embeddings: null });
      expect(result.items.length, q).toBeGreaterThan(0);
    }
  });

  it('accounts for every generated item', () => {
    const generated = [
      ...corpus.feeds.flatMap((feed) => feed.items.map((item) => `${feed.name}/${item.key}`)),
      ...corpus.emails.map((email) => `email/${email.item.key}`),
    ];
    const outcomes = new Map(results.map((result) => [result.id, result.outcome]));
    const unaccounted = generated.filter((id) => (outcomes.get(id) ?? 'missing') === 'missing');
    const byOutcome: Record<string, number> = {};
    for (const outcome of outcomes.values()) byOutcome[outcome] = (byOutcome[outcome] ?? 0) + 1;
    console.log(
      `torture corpus: ${generated.length} items, ${JSON.stringify(byOutcome)}, ${unaccounted.length} unaccounted`,
    );
    expect(unaccounted).toEqual([]);
  });
});
