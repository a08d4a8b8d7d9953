import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { runCommand } from '@/lib/operator/registry';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { feedFixture } from '@/tests/helpers/feed-fixtures';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { testSyncDeps } from '@/tests/helpers/sync-deps';

// Podcasts with and without transcripts, private feeds, and the operator commands over them. The commands read their
// configuration from the environment, as the CLI does: loopback allowed, raw sources under a temporary DATA_DIR.
// Hoisted above the imports: the job definitions read the environment when they load.
const { dataDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(`${tmpdir()}/finpub-commands-`);
  process.env.INGEST_ALLOW_HOSTS = '127.0.0.1';
  // The fixtures' items link to pages on hosts that are not on this machine: no article page is fetched here
  // (tests/db/article-pages.test.ts serves real ones on loopback).
  process.env.INGEST_ARTICLE_PAGES_PER_SYNC = '0';
  process.env.DATA_DIR = dir;
  return { dataDir: dir };
});
const db = suiteDatabase();
let host: FeedHost;
const deps = testSyncDeps();
const RSS = 'application/rss+xml';
const TOKEN = 'f3a9c1d2e4b5a6c7d8e9f0a1b2c3d4e5';

beforeAll(async () => {
  // The commands take the raw store from the process's context, as in the service.
  await openTestAppContext(db);
  host = await startFeedHost();
  host.set('/capitalflows.xml', {
    contentType: RSS,
    body: feedFixture('podcast.xml').replaceAll('https://capitalflows.fm/transcripts/', `${host.origin}/transcripts/`),
  });
  host.set('/transcripts/cf-042.vtt', { contentType: 'text/vtt', body: feedFixture('cf-042.vtt') });
  host.set('/transcripts/cf-041.json', { contentType: 'application/json', body: feedFixture('cf-041.json') });
  for (const show of ['show-a', 'show-b']) {
    host.set(`/${show}.xml`, {
      contentType: RSS,
      body: feedFixture('podcast-no-transcript.xml')
        .replace('https://example-host.com/show-a', `https://example-host.com/${show}`)
        .replace('The Options Desk', show === 'show-a' ? 'The Options Desk' : 'The Vol Desk')
        .replaceAll('example-host-show-a', `example-host-${show}`),
    });
  }
});

afterAll(async () => {
  await host.close();
  await closeTestAppContext();
  rmSync(deps.rawDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const posts = (slug: string) =>
  db.query<Record<string, unknown>>(
    `select p.* from posts p join publications pub on pub.id = p.publication_id where pub.slug = $1 order by p.guid`,
    [slug],
  );

describe('podcasts', () => {
  it("takes an episode's text from its published transcript, keeps the raw transcript, and does not fetch it twice", async () => {
    const added = await addPublication(db, `${host.origin}/capitalflows.xml`, deps);
    expect(added).toMatchObject({ slug: 'capitalflows.fm', kind: 'podcast', added: 3 });
    const [bonus, ep41, ep42] = await posts('capitalflows.fm');
    expect(ep42).toMatchObject({ text_source: 'transcript', audio_url: expect.stringContaining('cf-042.mp3') });
    expect(String(ep42!.body_text)).toMatch(/MUFG|net interest/i);
    expect(ep41).toMatchObject({ text_source: 'transcript' });
    expect(bonus).toMatchObject({
      text_source: 'show_notes',
      body_text: 'Quick answers on GLD, miners and royalty companies.',
    });
    const raw = await deps.rawStore.get(String(ep42!.raw_key));
    expect(raw?.body.toString('utf8')).toBe(feedFixture('cf-042.vtt'));

    const fetched = host.hits('/transcripts/cf-042.vtt').length;
    await db.query(`update publications set feed_etag = null where slug = 'capitalflows.fm'`);
    expect(await syncPublication(db, added.publicationId, deps)).toMatchObject({ outcome: 'updated', unchanged: 3 });
    expect(host.hits('/transcripts/cf-042.vtt')).toHaveLength(fetched);
  });

  it('falls back to show notes without a transcript, and keeps two shows on one host apart', async () => {
    const a = await addPublication(db, `${host.origin}/show-a.xml`, deps);
    const b = await addPublication(db, `${host.origin}/show-b.xml`, deps);
    expect(a.slug).toBe('example-host.com');
    expect(b.slug).toBe('show-b.example-host.com');
    expect((await posts(a.slug)).every((post) => post.text_source === 'show_notes')).toBe(true);
    const titles = await db.query<{ slug: string; title: string }>(
      `select slug, title from publications where slug like '%example-host.com' order by slug`,
    );
    expect(titles).toEqual([
      { slug: 'example-host.com', title: 'The Options Desk' },
      { slug: 'show-b.example-host.com', title: 'The Vol Desk' },
    ]);
  });
});

describe('private feeds', () => {
  it('stores the token encrypted, never in the feed URL, and sends it on every fetch', async () => {
    host.set('/private.xml', { contentType: RSS, body: feedFixture('ghost.xml') });
    const added = await addPublication(db, `${host.origin}/private.xml?token=${TOKEN}`, deps);
    expect(added.feedUrl).toBe(`${host.origin}/private.xml`);
    const [row] = await db.query<{ feed_url: string; feed_credentials_encrypted: string }>(
      'select feed_url, feed_credentials_encrypted from publications where id = $1',
      [added.publicationId],
    );
    expect(row!.feed_url).not.toContain(TOKEN);
    expect(row!.feed_credentials_encrypted).toBeTruthy();
    expect(row!.feed_credentials_encrypted).not.toContain(TOKEN);
    await syncPublication(db, added.publicationId, deps);
    const requested = host.requests.filter((r) => r.path.startsWith('/private.xml'));
    expect(requested.length).toBeGreaterThanOrEqual(2);
    for (const request of requested) expect(request.path).toContain(`token=${TOKEN}`);
    expect(JSON.stringify(await runCommand(db, 'publications list', {}))).not.toContain(TOKEN);
  });

  it('sends basic-auth credentials as a header, and refuses private feeds without an encryption key', async () => {
    host.set('/basic.xml', { contentType: RSS, body: feedFixture('wordpress.xml') });
    const url = `${host.origin.replace('http://', 'http://reader:s3cret@')}/basic.xml`;
    await expect(addPublication(db, url, { ...deps, credentialsKey: null })).rejects.toThrow(/FEED_CREDENTIALS_SECRET/);
    const added = await addPublication(db, url, deps);
    expect(added.feedUrl).toBe(`${host.origin}/basic.xml`);
    const auth = host.hits('/basic.xml').at(-1)?.authorization;
    expect(auth).toBe(`Basic ${Buffer.from('reader:s3cret').toString('base64')}`);
  });
});

describe('operator commands', () => {
  it('publications add prints the slug and counts, and queues generation for the new posts', async () => {
    host.set('/atom.xml', { contentType: 'application/atom+xml', body: feedFixture('atom.xml') });
    const added = await runCommand(db, `publications add ${host.origin}/atom.xml`, {});
    expect(added).toMatchObject({ kind: 'rss', outcome: 'updated', created: true, feedUrl: `${host.origin}/atom.xml` });
    expect(typeof added.slug).toBe('string');
    expect(added.postsAdded).toBeGreaterThan(0);
    const queued = await db.query<{ event_name: string; n: number }>(
      `select event_name, count(*)::int as n from job_runs group by event_name order by event_name`,
    );
    expect(queued).toContainEqual({ event_name: 'search/embeddings.requested', n: 1 });
    expect(queued.find((q) => q.event_name === 'posts/summary.requested')?.n).toBeGreaterThanOrEqual(
      Number(added.postsAdded),
    );
  });

  it('sync one publication or all of them, with a row per publication', async () => {
    const one = await runCommand(db, 'sync capitalflows.fm', {});
    expect(one).toMatchObject({ publications: 1, failed: 0 });
    host.set('/show-b.xml', { status: 500, body: 'down' });
    const all = await runCommand(db, 'sync', { all: true });
    const rows = all.results as Array<{ slug: string; outcome: string; error: string | null }>;
    expect(rows.length).toBe(all.publications);
    expect(rows.find((r) => r.slug === 'show-b.example-host.com')).toMatchObject({ outcome: 'failed' });
    expect(rows.filter((r) => r.outcome === 'updated').map((r) => r.slug)).toEqual(
      expect.arrayContaining(['capitalflows.fm', 'example-host.com', 'quantnotes.example.org']),
    );
    // The private feeds above were encrypted under the tests' key, and on PostgreSQL without FEED_CREDENTIALS_SECRET
    // this process has none: reported on each, and the other feeds go on.
    for (const slug of ['chartroom.blog', 'dividendledger.com']) {
      expect(rows.find((r) => r.slug === slug)).toMatchObject({
        outcome: 'failed',
        error: expect.stringMatching(/key|SECRET/),
      });
    }
    expect(all.failed).toBe(3);
  });

  it('publications remove needs --yes: without it nothing is deleted and the message says what would be', async () => {
    await expect(runCommand(db, 'publications remove show-b.example-host.com', {})).rejects.toThrow(
      /deletes it and its 2 posts.*--yes/,
    );
    const [left] = await db.query<{ posts: number }>(
      `select count(*)::int as posts from posts p join publications pub on pub.id = p.publication_id
        where pub.slug = 'show-b.example-host.com'`,
    );
    expect(left!.posts).toBe(2);
  });

  it('publications remove deletes posts, but keeps a publication whose posts were sold', async () => {
    const removed = await runCommand(db, 'publications remove show-b.example-host.com', { yes: true });
    expect(removed).toMatchObject({ removed: true, posts: 2 });
    const [post] = await db.query<{ id: string; publication_id: string }>(
      `select p.id, p.publication_id from posts p join publications pub on pub.id = p.publication_id
        where pub.slug = 'capitalflows.fm' limit 1`,
    );
    const [payment] = await db.query<{ id: string }>(
      `insert into payments (protocol, unique_key, amount_cents, http_method, resource)
       values ('credits', 'test-sale-1', 10, 'GET', '/x') returning id`,
    );
    await db.query(
      `insert into sales (payment_id, post_id, publication_id, product, share_cents) values ($1, $2, $3, 'post_summary', 10)`,
      [payment!.id, post!.id, post!.publication_id],
    );
    await expect(runCommand(db, 'publications remove capitalflows.fm', { yes: true })).rejects.toThrow(
      /recorded sales/,
    );
  });

  it('refuses bad usage with readable errors', async () => {
    await expect(runCommand(db, 'sync', {})).rejects.toThrow(/slug or --all/);
    await expect(runCommand(db, 'sync capitalflows.fm', { all: true })).rejects.toThrow(/slug or --all/);
    await expect(runCommand(db, 'publications add', {})).rejects.toThrow(/publications add/);
    await expect(runCommand(db, 'publications remove nope.example', {})).rejects.toThrow(/No publication/);
    await expect(runCommand(db, 'publications add not a url', {})).rejects.toThrow();
  });
});
