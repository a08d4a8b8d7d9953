import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { rankLexical } from '@/lib/search/lexical/rank';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { feedFixture } from '@/tests/helpers/feed-fixtures';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { testSyncDeps } from '@/tests/helpers/sync-deps';

// Feeds of every format served on loopback, added and synced into a real database.
const db = suiteDatabase();
let host: FeedHost;
const deps = testSyncDeps();

const RSS = 'application/rss+xml; charset=utf-8';
const publication = (slug: string) =>
  db.query<Record<string, unknown>>('select * from publications where slug = $1', [slug]).then((rows) => rows[0]!);
const postsOf = (slug: string) =>
  db.query<Record<string, unknown>>(
    `select p.* from posts p join publications pub on pub.id = p.publication_id where pub.slug = $1 order by p.slug`,
    [slug],
  );

beforeAll(async () => {
  host = await startFeedHost();
});

afterAll(async () => {
  await host.close();
  rmSync(deps.rawDir, { recursive: true, force: true });
});

describe('adding a publication by its feed', () => {
  const cases: Array<[string, string, string, Record<string, unknown>]> = [
    ['substack.xml', RSS, 'macroletter.com', { source_kind: 'newsletter_platform', platform: 'substack' }],
    ['beehiiv.xml', RSS, '', { source_kind: 'newsletter_platform', platform: 'beehiiv' }],
    ['ghost.xml', RSS, '', { source_kind: 'newsletter_platform', platform: 'ghost' }],
    ['wordpress.xml', RSS, '', { platform: 'wordpress', source_kind: 'rss' }],
    ['atom.xml', 'application/atom+xml', '', { source_kind: 'rss' }],
    ['rdf.xml', 'application/rdf+xml', '', { source_kind: 'rss' }],
    ['json-feed.json', 'application/feed+json', '', { source_kind: 'rss' }],
  ];
  for (const [file, contentType, expectedSlug, expected] of cases) {
    it(`stores ${file}: metadata from the feed, slug from the site, clean searchable posts`, async () => {
      host.set(`/${file}`, { body: feedFixture(file), contentType, etag: `"${file}"` });
      const added = await addPublication(db, `${host.origin}/${file}`, deps);
      expect(added).toMatchObject({ outcome: 'updated', created: true, feedUrl: `${host.origin}/${file}` });
      expect(added.added).toBeGreaterThan(0);
      if (expectedSlug) expect(added.slug).toBe(expectedSlug);
      expect(added.slug).not.toContain('127.0.0.1');
      const row = await publication(added.slug);
      expect(row).toMatchObject(expected);
      expect(row.title).toBeTruthy();
      expect(row.last_synced_at).toBeInstanceOf(Date);
      expect((row.next_poll_at as Date).getTime()).toBeGreaterThan(Date.now());
      const posts = await postsOf(added.slug);
      expect(posts).toHaveLength(added.added);
      for (const post of posts) {
        expect(String(post.body_text).length).toBeGreaterThan(0);
        expect(String(post.content_html ?? '')).not.toMatch(/<script|onerror=|javascript:/i);
        expect(String(post.url)).not.toMatch(/utm_/);
        expect(post.search_indexed_at).not.toBeNull();
        expect(post.slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
        expect(post.text_source).toMatch(/^feed_(content|excerpt)$/);
      }
    });
  }

  it('reads the publication metadata from the feed (Substack)', async () => {
    expect(await publication('macroletter.com')).toMatchObject({
      title: 'The Macro Letter',
      description: 'Weekly notes on rates, credit and the dollar, by a former sell-side strategist.',
      site_url: 'https://www.macroletter.com/',
      language: 'en-US',
      author_name: 'Dana Whitfield',
      copyright: 'Dana Whitfield',
    });
    const posts = await postsOf('macroletter.com');
    const termPremium = posts.find((p) => p.title === 'The Term Premium Is Back — and It Wants Paying')!;
    expect(termPremium).toMatchObject({
      slug: 'the-term-premium-is-back-and-it-wants-paying',
      text_source: 'feed_content',
    });
    expect(String(termPremium.body_text)).toContain('it is the term premium coming back');
  });

  it('finds the feed behind a home page with autodiscovery', async () => {
    host.set('/chartroom/rss/', { body: feedFixture('ghost.xml'), contentType: RSS });
    host.set('/chartroom/', {
      contentType: 'text/html',
      body: feedFixture('page-ghost-home.html').replace('https://chartroom.blog/rss/', `${host.origin}/chartroom/rss/`),
    });
    const added = await addPublication(db, `${host.origin}/chartroom/`, deps);
    expect(added).toMatchObject({ feedUrl: `${host.origin}/chartroom/rss/`, platform: 'ghost', created: false });
  });

  it('refuses a page with no feed, and a private address unless allowed', async () => {
    // A host of its own, where none of the common feed paths answers either.
    const bare = await startFeedHost();
    bare.set('/no-feed', { contentType: 'text/html', body: '<html><head><title>Nothing</title></head></html>' });
    await expect(addPublication(db, `${bare.origin}/no-feed`, deps)).rejects.toThrow(/No feed found/);
    expect(bare.hits('/feed')).toHaveLength(1);
    await bare.close();
    await expect(addPublication(db, `${host.origin}/substack.xml`, { ...deps, allowHosts: [] })).rejects.toMatchObject({
      code: 'blocked_address',
    });
  });
});

describe('syncing again', () => {
  const base = feedFixture('substack.xml');

  it('treats a 304 as a check: nothing changes but the check time', async () => {
    host.set('/substack.xml', { body: base, contentType: RSS, etag: '"substack.xml"' });
    const before = await publication('macroletter.com');
    const report = await syncPublication(db, String(before.id), deps);
    expect(report).toMatchObject({ outcome: 'not_modified', added: 0, updated: 0 });
    const after = await publication('macroletter.com');
    expect(after.last_synced_at).toEqual(before.last_synced_at);
    expect((after.last_checked_at as Date).getTime()).toBeGreaterThan((before.last_checked_at as Date).getTime());
    expect(host.hits('/substack.xml').at(-1)?.['if-none-match']).toBe('"substack.xml"');
  });

  it('leaves identical posts alone, updates a changed one in place and adds new ones with unique slugs', async () => {
    const row = await publication('macroletter.com');
    host.set('/substack.xml', { body: base, contentType: RSS, etag: '"v2"' });
    expect(await syncPublication(db, String(row.id), deps)).toMatchObject({
      outcome: 'updated',
      unchanged: 3,
      added: 0,
    });

    const [post] = await db.query<{ id: string; slug: string; updated_at: Date }>(
      `select id, slug, updated_at from posts where guid = 'https://www.macroletter.com/p/credit-spreads-tight-for-a-reason'`,
    );
    await db.query(`insert into post_summaries (post_id, summary, model, content_hash) values ($1, 'old', 'x', 'x')`, [
      post!.id,
    ]);
    const changed = base.replace('the tightest since 2007', 'the tightest since 1997').replace(
      '<item>',
      `<item><title>Credit Spreads: Tight for a Reason</title><link>https://www.macroletter.com/p/credit-2</link>
         <guid>credit-2</guid><description>Part two.</description></item><item>`,
    );
    host.set('/substack.xml', { body: changed, contentType: RSS, etag: '"v3"' });
    const report = await syncPublication(db, String(row.id), deps);
    expect(report).toMatchObject({ outcome: 'updated', added: 1, updated: 1, unchanged: 2 });
    expect(report.changedPostIds).toHaveLength(2);
    const [after] = await db.query<{
      slug: string;
      updated_at: Date;
      body_text: string;
      search_indexed_at: Date | null;
    }>('select slug, updated_at, body_text, search_indexed_at from posts where id = $1', [post!.id]);
    expect(after!.slug).toBe(post!.slug);
    expect(after!.body_text).toContain('since 1997');
    expect(after!.updated_at.getTime()).toBeGreaterThan(post!.updated_at.getTime());
    expect(after!.search_indexed_at).not.toBeNull();
    expect(await db.query('select 1 from post_summaries where post_id = $1', [post!.id])).toHaveLength(0);
    const slugs = (await postsOf('macroletter.com')).map((p) => p.slug);
    expect(slugs).toContain('credit-spreads-tight-for-a-reason-2');
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('moves a post whose only change is its date to the windows of its new date, without analysing it again', async () => {
    const row = await publication('macroletter.com');
    const guid = 'https://www.macroletter.com/p/the-dollar-smile-revisited';
    const [post] = await db.query<{ id: string; search_indexed_at: Date }>(
      'select id, search_indexed_at from posts where guid = $1',
      [guid],
    );
    const { terms } = await resolveTerms(db, ['dollar', 'smile']);
    // Ranked from the postings in memory, which read the date change through the search_changes log.
    const foundOn = async (day: string) => {
      const range = { start: `${day}T00:00:00Z`, end: `${day}T23:59:59Z` };
      const { hits } = await rankLexical(db, terms, { limit: 10, range });
      return hits.some((hit) => hit.postId === post!.id);
    };
    expect(await foundOn('2025-11-03')).toBe(true);
    const redated = base.replace('Mon, 03 Nov 2025 11:30:00 GMT', 'Tue, 04 Nov 2025 11:30:00 GMT');
    host.set('/substack.xml', { body: redated, contentType: RSS, etag: '"redated"' });
    await syncPublication(db, String(row.id), deps);
    expect(await foundOn('2025-11-03')).toBe(false);
    expect(await foundOn('2025-11-04')).toBe(true);
    const [after] = await db.query<{ search_indexed_at: Date }>('select search_indexed_at from posts where id = $1', [
      post!.id,
    ]);
    expect(after!.search_indexed_at.getTime()).toBe(post!.search_indexed_at.getTime());
  });

  it('follows a permanent redirect into the stored feed URL, but not a temporary one', async () => {
    host.set('/moved-temp.xml', { status: 302, headers: { location: `${host.origin}/atom.xml` } });
    host.set('/moved-perm.xml', { status: 301, headers: { location: `${host.origin}/atom.xml` } });
    const row = (
      await db.query<{ id: string; slug: string }>(`select id, slug from publications where feed_url like '%/atom.xml'`)
    )[0]!;
    await db.query('update publications set feed_url = $2, feed_etag = null where id = $1', [
      row.id,
      `${host.origin}/moved-temp.xml`,
    ]);
    await syncPublication(db, row.id, deps);
    expect((await publication(row.slug)).feed_url).toBe(`${host.origin}/moved-temp.xml`);
    await db.query('update publications set feed_url = $2, feed_etag = null where id = $1', [
      row.id,
      `${host.origin}/moved-perm.xml`,
    ]);
    expect(await syncPublication(db, row.id, deps)).toMatchObject({ outcome: 'updated' });
    expect((await publication(row.slug)).feed_url).toBe(`${host.origin}/atom.xml`);
  });

  it('records a broken feed, a redirect loop and a silent server on the publication and backs off', async () => {
    const row = (
      await db.query<{ id: string; slug: string }>(`select id, slug from publications where feed_url like '%/rdf.xml'`)
    )[0]!;
    const before = await publication(row.slug);
    const attempts: Array<[string, object, RegExp]> = [
      ['/broken.xml', { body: feedFixture('broken.xml'), contentType: RSS }, /./],
      ['/loop-a', { status: 301, headers: { location: `${host.origin}/loop-b` } }, /redirect/i],
      ['/silent', { hang: true }, /time/i],
    ];
    host.set('/loop-b', { status: 301, headers: { location: `${host.origin}/loop-a` } });
    let previousNext = 0;
    for (const [index, [path, route, message]] of attempts.entries()) {
      host.set(path, route);
      await db.query('update publications set feed_url = $2 where id = $1', [row.id, `${host.origin}${path}`]);
      const report = await syncPublication(db, row.id, { ...deps, fetchTimeoutMs: 1500 });
      expect(report.outcome).toBe('failed');
      expect(report.error).toMatch(message);
      const after = await publication(row.slug);
      expect(after).toMatchObject({ consecutive_failures: index + 1, last_error: report.error });
      expect(after.last_synced_at).toEqual(before.last_synced_at);
      const waitMs = (after.next_poll_at as Date).getTime() - (after.last_checked_at as Date).getTime();
      expect(waitMs).toBeGreaterThanOrEqual(previousNext);
      expect(after.poll_reason).toContain(`${index + 1} failures`);
      previousNext = waitMs;
    }
    host.set('/rdf.xml', { body: feedFixture('rdf.xml'), contentType: 'application/rdf+xml' });
    await db.query('update publications set feed_url = $2, feed_etag = null where id = $1', [
      row.id,
      `${host.origin}/rdf.xml`,
    ]);
    expect(await syncPublication(db, row.id, deps)).toMatchObject({ outcome: 'updated' });
    expect(await publication(row.slug)).toMatchObject({ consecutive_failures: 0, last_error: null });
  });
});
