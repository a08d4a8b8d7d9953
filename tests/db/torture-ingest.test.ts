import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import { InboundEmailError } from '@/lib/ingest/email/inbound-email-error';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { receiveEmail } from '@/lib/ingest/email/receive-email';
import type { RefusedItem } from '@/lib/ingest/feeds/feed-types';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { decodeText } from '@/lib/ingest/fetch/decode-text';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import type { SyncReport } from '@/lib/ingest/sync/sync-publication';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { searchPosts } from '@/lib/search/search-posts';
import { generateTortureCorpus } from '@/tests/fixtures/torture/generate-torture-corpus';
import type { GeneratedItem, TortureCorpus, TortureFeed } from '@/tests/fixtures/torture/torture-corpus';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { testSyncDeps } from '@/tests/helpers/sync-deps';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Issue 23: the torture corpus (tests/fixtures/torture) served on loopback, added feed by feed, and its e-mails
// delivered, into a real database. Every generated item must end up a stored post or refused with a reason, nothing
// may throw, and searches keep answering while the large feed ingests. `npm run torture` prints the figures.

/** What the sync reports beyond the fields every version has: refusals and quarantined posts, once reported. */
type Report = SyncReport & {
  itemsRefused?: RefusedItem[];
  postsFailed?: Array<{ postId: string; stage: string; reason: string }>;
};

interface PostRow {
  [key: string]: unknown;
  id: string;
  guid: string;
  title: string;
  body_text: string;
  content_html: string | null;
  published_at: Date | null;
  search_indexed_at: Date | null;
}

const ACTIVE_CONTENT = /<script|<style|<iframe|<object|<embed|<svg|<form|<math|javascript:|data:|\son[a-z]+=/i;

let database: TestDatabase;
let db: Db;
let host: FeedHost;
let corpus: TortureCorpus;
const deps = testSyncDeps();
const embeddings = selectEmbeddingProvider({ provider: 'local' });
/** Item keys accounted for, by outcome, across the tests (the last test checks that nothing was missed). */
const accounted = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  db = await database.open();
  await migrate(db);
  host = await startFeedHost();
  corpus = generateTortureCorpus({ origin: host.origin });
  for (const feed of corpus.feeds) host.set(feed.path, { body: feed.body, contentType: feed.contentType });
  for (const resource of corpus.resources)
    host.set(resource.path, { body: resource.body, contentType: resource.contentType });
});

afterAll(async () => {
  await host?.close();
  await db?.close();
  await database?.drop();
  rmSync(deps.rawDir, { recursive: true, force: true });
});

const count = <T>(values: T[]) => {
  const out = new Map<T, number>();
  for (const value of values) out.set(value, (out.get(value) ?? 0) + 1);
  return Object.fromEntries([...out].sort(([a], [b]) => String(a).localeCompare(String(b))));
};

async function findPost(publicationId: string, item: GeneratedItem): Promise<PostRow[]> {
  if (item.expect.outcome !== 'stored') return [];
  const { column, value } = item.expect.lookup;
  return db.query<PostRow>(
    `select id, guid, title, body_text, content_html, published_at, search_indexed_at
       from posts where publication_id = $1 and ${column} = $2`,
    [publicationId, value],
  );
}

/**
 * Posts quarantined with a reason instead of failing their sync or mail (lib/post-failures, once it exists): stored,
 * and accounted for, though not searchable until the stage that failed is retried.
 */
async function quarantined(reported: Report['postsFailed'] = []): Promise<Set<string>> {
  const [{ exists } = { exists: false }] = await db.query<{ exists: boolean }>(
    `select to_regclass('post_failures') is not null as "exists"`,
  );
  const rows = exists ? await db.query<{ post_id: string }>('select post_id from post_failures') : [];
  return new Set([...reported.map((failure) => failure.postId), ...rows.map((row) => row.post_id)]);
}

/** The problems of one stored item's post, as sentences; none when the post is as expected. */
function checkStored(item: GeneratedItem, rows: PostRow[], failed: Set<string>): string[] {
  if (item.expect.outcome !== 'stored') return [];
  const where = `${item.key} (${item.case})`;
  if (rows.length !== 1) return [`${where}: expected one stored post, found ${rows.length}`];
  const post = rows[0]!;
  const problems: string[] = [];
  if (post.title.trim().length === 0) problems.push(`${where}: empty title`);
  if (ACTIVE_CONTENT.test(post.content_html ?? '')) problems.push(`${where}: active content survived sanitizing`);
  for (const text of item.expect.contains ?? []) {
    if (!post.title.includes(text) && !post.body_text.includes(text)) problems.push(`${where}: lost "${text}"`);
  }
  const { publishedAt } = item.expect;
  if (publishedAt !== undefined && (post.published_at?.toISOString() ?? null) !== publishedAt)
    problems.push(`${where}: published_at ${post.published_at?.toISOString() ?? null}, expected ${publishedAt}`);
  // Searchable, unless quarantined with a reason by the indexer (lib/post-failures).
  if (post.search_indexed_at === null && !failed.has(post.id)) problems.push(`${where}: not indexed for search`);
  return problems;
}

/** The item refusals of a feed as the parse layer reports them, from the very bytes the host serves. */
function refusalsOf(feed: TortureFeed): RefusedItem[] {
  const { text } = decodeText(feed.body, feed.contentType);
  return parseFeed(text, { feedUrl: `${host.origin}${feed.path}` }).refused;
}

async function ingestFeed(feed: TortureFeed): Promise<string[]> {
  const problems: string[] = [];
  let report: Report;
  try {
    report = await addPublication(db, `${host.origin}${feed.path}`, deps);
  } catch (error) {
    return [`${feed.name}: addPublication threw ${(error as Error).stack?.slice(0, 600)}`];
  }
  if (report.outcome !== 'updated') return [`${feed.name}: sync ${report.outcome}: ${report.error}`];
  const failed = await quarantined(report.postsFailed);
  const expectedStored = feed.items.filter((item) => item.expect.outcome === 'stored');
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    'select count(*)::int as n from posts where publication_id = $1',
    [report.publicationId],
  );
  if (n !== expectedStored.length) problems.push(`${feed.name}: ${n} posts stored, expected ${expectedStored.length}`);

  const expectedRefusals = count(
    feed.items.flatMap((item) => (item.expect.outcome === 'refused' ? [item.expect.reason] : [])),
  );
  const parsedRefusals = count(refusalsOf(feed).map((refusal) => refusal.reason));
  if (JSON.stringify(parsedRefusals) !== JSON.stringify(expectedRefusals))
    problems.push(
      `${feed.name}: the parse layer refuses ${JSON.stringify(parsedRefusals)}, expected ${JSON.stringify(expectedRefusals)}`,
    );
  // Once the sync reports refusals, the report accounts for every one (and refuses nothing that should be stored).
  if (report.itemsRefused) {
    const reported = report.itemsRefused.map((refusal) => refusal.reason);
    for (const [reason, times] of Object.entries(expectedRefusals)) {
      const seen = reported.filter((value) => value === reason).length;
      if (seen !== times)
        problems.push(`${feed.name}: the sync reports ${seen} items refused as ${reason}, not ${times}`);
    }
    for (const refusal of report.itemsRefused.filter((r) => !Object.hasOwn(expectedRefusals, r.reason)))
      problems.push(`${feed.name}: refused ${refusal.guid ?? refusal.title}: ${refusal.reason}`);
  }

  for (const item of feed.items) {
    if (item.expect.outcome === 'refused') {
      accounted.set(`${feed.name}/${item.key}`, `refused: ${item.expect.reason}`);
      continue;
    }
    const itemProblems = checkStored(item, await findPost(report.publicationId, item), failed);
    problems.push(...itemProblems.map((problem) => `${feed.name}: ${problem}`));
    if (itemProblems.length === 0) accounted.set(`${feed.name}/${item.key}`, 'stored');
  }
  return problems;
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
    for (const feed of corpus.feeds.filter((f) => f.name !== 'big')) problems.push(...(await ingestFeed(feed)));
    expect(problems).toEqual([]);
  });

  it('ingests the 10,000-item feed while searches keep answering', async () => {
    const big = corpus.feeds.find((feed) => feed.name === 'big')!;
    let ingesting = true;
    const searches: string[] = [];
    const searchErrors: string[] = [];
    const loop = (async () => {
      for (let i = 0; ingesting; i++) {
        const q = corpus.queries[i % corpus.queries.length]!;
        try {
          await searchPosts(db, { q, limit: 10, mode: 'fts', now: new Date() }, { embeddings: null });
          searches.push(q);
        } catch (error) {
          searchErrors.push(`${JSON.stringify(q)}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const problems = await ingestFeed(big).finally(() => {
      ingesting = false;
    });
    await loop;
    expect(problems).toEqual([]);
    expect(searchErrors).toEqual([]);
    expect(searches.length).toBeGreaterThan(0);
  });

  it('files every e-mail as a post or refuses it with a reason', async () => {
    const problems: string[] = [];
    for (const email of corpus.emails) {
      const { item } = email;
      let outcome: string;
      let publicationSlug: string | null = null;
      try {
        const parsed = await parseInboundEmail(email.raw);
        const received = await receiveEmail(db, parsed, { body: email.raw, contentType: 'message/rfc822' }, deps);
        outcome = received.status === 'stored' ? 'stored' : `refused: ${received.status}`;
        publicationSlug = received.publicationSlug;
      } catch (error) {
        if (!(error instanceof InboundEmailError)) {
          problems.push(`${email.name}: threw ${(error as Error).stack?.slice(0, 600)}`);
          continue;
        }
        outcome = `refused: ${error.code}`;
      }
      const expected = item.expect.outcome === 'stored' ? 'stored' : `refused: ${item.expect.reason}`;
      if (outcome !== expected) {
        problems.push(`${email.name}: ${outcome}, expected ${expected}`);
        continue;
      }
      if (item.expect.outcome === 'stored') {
        const [publication] = await db.query<{ id: string }>('select id from publications where slug = $1', [
          publicationSlug,
        ]);
        const itemProblems = checkStored(item, await findPost(publication!.id, item), await quarantined());
        problems.push(...itemProblems.map((problem) => `${email.name}: ${problem}`));
        if (itemProblems.length > 0) continue;
      }
      accounted.set(`email/${item.key}`, outcome);
    }
    expect(problems).toEqual([]);
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
    const missing = generated.filter((key) => !accounted.has(key));
    console.log(
      `torture corpus: ${generated.length} items generated, ${JSON.stringify(count([...accounted.values()]))}, ${missing.length} unaccounted`,
    );
    expect(missing).toEqual([]);
  });
});
