import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { generatePostSummary } from '@/lib/content/summaries/generate-post-summary';
import { extractArticle } from '@/lib/ingest/article/extract-article';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { runCommand } from '@/lib/operator/registry';
import { paidPostOffer } from '@/lib/posts/paid-post-offer';
import { resolvePaidPost } from '@/lib/posts/resolve-paid-post';
import { getPublicationPage } from '@/lib/publications/catalogue';
import { ARTICLE_PAGES, type ArticlePageName, articlePageHtml } from '@/tests/helpers/article-pages';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { NO_WALLETS } from '@/tests/helpers/payment-fixture';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { testSyncDeps } from '@/tests/helpers/sync-deps';

// Feeds that carry only teasers, linking to real article pages (Mozilla Readability's test pages), served on loopback
// and synced with the real sync: the page's main text replaces the teaser, a paywalled page leaves it (and says so),
// a page is fetched once, and the publication's setting decides whether pages are fetched at all.
const db = suiteDatabase();
let host: FeedHost;
const deps = testSyncDeps({ articlePagesPerSync: 10 });
const HTML = 'text/html; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
const DAY = 24 * 60 * 60 * 1000;

type Item = { guid: string; title: string; link: string; description?: string; content?: string };

function rss(site: string, items: Item[]): string {
  const entries = items.map(
    (item) => `<item><title>${item.title}</title><link>${item.link}</link><guid isPermaLink="false">${item.guid}</guid>
      <pubDate>Tue, 01 Dec 2026 08:00:00 GMT</pubDate>
      ${item.description ? `<description><![CDATA[${item.description}]]></description>` : ''}
      ${item.content ? `<content:encoded><![CDATA[${item.content}]]></content:encoded>` : ''}</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>${site}</title><link>https://${site}/</link><description>Teasers and their articles.</description>
${entries.join('\n')}</channel></rss>`;
}

/** An item whose feed text is the page's teaser (its meta description), linking to the real page at `path`. */
function teaserItem(guid: string, name: ArticlePageName, path: string, suffix = ' Read more'): Item {
  return {
    guid,
    title: ARTICLE_PAGES[name].title,
    link: `${host.origin}${path}`,
    description: `${ARTICLE_PAGES[name].teaser}${suffix}`,
  };
}

const LOGIN_WALL = `<html><head><title>Sign in</title></head><body><main><h1>Sign in to keep reading</h1>
  <p>Members read every issue of the letter, the archive and the model portfolio. Enter your e-mail address and
  password below to continue with your account, or start a free trial today.</p>
  <form><input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form>
  </main></body></html>`;

const FULL_LETTER = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Section ${i + 1}: credit spreads held near their tights this week while issuance stayed heavy, and the banks' loan books grew at the slowest pace since the spring. We keep our underweight in high yield and add to short-dated investment grade.</p>`,
).join('');

async function postsOf(slug: string) {
  const rows = await db.query<{
    guid: string;
    slug: string;
    title: string;
    body_text: string;
    content_html: string | null;
    text_source: string;
    teaser: boolean;
    page_outcome: string | null;
    page_checked_at: Date | null;
  }>(
    `select p.guid, p.slug, p.title, p.body_text, p.content_html, p.text_source, p.teaser, p.page_outcome,
            p.page_checked_at
       from posts p join publications pub on pub.id = p.publication_id where pub.slug = $1`,
    [slug],
  );
  return new Map(rows.map((row) => [row.guid, row]));
}

const publicationOf = async (slug: string) =>
  (
    await db.query<{ id: string; full_text: string; page_due_at: Date | null; feed_etag: string | null }>(
      'select id, full_text, page_due_at, feed_etag from publications where slug = $1',
      [slug],
    )
  )[0]!;

beforeAll(async () => {
  host = await startFeedHost();
});

afterAll(async () => {
  await host.close();
  rmSync(deps.rawDir, { recursive: true, force: true });
});

describe('a feed of teasers (full text: auto, the default)', () => {
  const slug = 'teaser-news.example';
  let publicationId: string;
  const items = () => [
    teaserItem('a-1', 'nytimes-2', '/a/yahoo-verizon'),
    teaserItem('a-2', 'cnn', '/a/birth-lottery', ''),
    teaserItem('a-3', 'seattletimes-1', '/a/halibut', ' […]'),
    // The same article behind a paywall at first (403), readable later.
    { ...teaserItem('a-4', 'cnn', '/a/members', ''), title: 'Members: the birth lottery' },
    {
      guid: 'a-5',
      title: 'Sign in first',
      link: `${host.origin}/a/login-wall`,
      description: 'Our letter on rates, credit and the dollar this week. Read more',
    },
    // A full post in the feed: no page is fetched for it.
    { guid: 'a-6', title: 'Credit this week', link: `${host.origin}/a/full-letter`, content: FULL_LETTER },
  ];

  beforeAll(async () => {
    host.set('/a/feed.xml', { body: rss(slug, items()), contentType: RSS });
    host.set('/a/yahoo-verizon', { body: articlePageHtml('nytimes-2'), contentType: HTML });
    host.set('/a/birth-lottery', { body: articlePageHtml('cnn'), contentType: HTML });
    host.set('/a/halibut', { body: articlePageHtml('seattletimes-1'), contentType: HTML });
    host.set('/a/members', { status: 403, body: 'Subscribers only', contentType: HTML });
    host.set('/a/login-wall', { body: LOGIN_WALL, contentType: HTML });
    host.set('/a/full-letter', {
      body: `<html><body><article>${FULL_LETTER}</article></body></html>`,
      contentType: HTML,
    });
    const added = await addPublication(db, `${host.origin}/a/feed.xml`, deps);
    expect(added.itemsRefused).toEqual([]);
    expect(added).toMatchObject({ slug, outcome: 'updated', added: 6 });
    publicationId = added.publicationId;
  });

  it("keeps each article page's main text in place of its teaser, not the page around it", async () => {
    const posts = await postsOf(slug);
    for (const [guid, name] of [
      ['a-1', 'nytimes-2'],
      ['a-2', 'cnn'],
      ['a-3', 'seattletimes-1'],
    ] as const) {
      const post = posts.get(guid)!;
      const facts = ARTICLE_PAGES[name];
      expect(post).toMatchObject({ text_source: 'web_page', teaser: false, page_outcome: 'read' });
      expect(post.body_text).toContain(facts.first);
      expect(post.body_text).toContain(facts.last);
      for (const boilerplate of facts.boilerplate) expect(post.body_text).not.toContain(boilerplate);
      expect(post.content_html).not.toMatch(/<(script|style|form|iframe)\b/i);
      expect(post.body_text.length).toBeGreaterThan(facts.teaser.length * 5);
    }
  });

  it('leaves the teaser of a page that refuses us (403) or shows a sign-in form, and marks it', async () => {
    const posts = await postsOf(slug);
    expect(posts.get('a-4')).toMatchObject({
      text_source: 'feed_excerpt',
      teaser: true,
      page_outcome: 'blocked',
      body_text: ARTICLE_PAGES.cnn.teaser,
    });
    expect(posts.get('a-5')).toMatchObject({ teaser: true, page_outcome: 'paywalled' });
    expect(posts.get('a-5')!.body_text).toContain('Our letter on rates');
  });

  it('fetches no page for a post the feed carries whole', async () => {
    expect((await postsOf(slug)).get('a-6')).toMatchObject({
      text_source: 'feed_content',
      teaser: false,
      page_outcome: null,
    });
    expect(host.hits('/a/full-letter')).toHaveLength(0);
  });

  it('fetches each page once: a later sync keeps what it read and does not retry a failure at once', async () => {
    for (const path of ['/a/yahoo-verizon', '/a/birth-lottery', '/a/halibut', '/a/members', '/a/login-wall']) {
      expect(host.hits(path)).toHaveLength(1);
    }
    const again = await syncPublication(db, publicationId, deps);
    expect(again).toMatchObject({ outcome: 'updated', added: 0, updated: 0, unchanged: 6, changedPostIds: [] });
    for (const path of ['/a/yahoo-verizon', '/a/birth-lottery', '/a/halibut', '/a/members', '/a/login-wall']) {
      expect(host.hits(path)).toHaveLength(1);
    }
    expect((await postsOf(slug)).get('a-1')).toMatchObject({ text_source: 'web_page', teaser: false });
  });

  it('says "teaser only" in the 402 challenge and in the summary before anyone pays for a teaser', async () => {
    const posts = await postsOf(slug);
    const summarizer = new ExtractiveSummarizer();
    const setup = NO_WALLETS;
    const offerOf = async (guid: string) => {
      const post = posts.get(guid)!;
      await generatePostSummary(
        db,
        (await db.query<{ id: string }>('select id from posts where guid = $1', [guid]))[0]!.id,
        {
          summarizer,
        },
      );
      const resolved = await resolvePaidPost(db, { publicationSlug: slug, postSlug: post.slug });
      return {
        resolved,
        offer: paidPostOffer(new Request(`http://localhost/api/v1/publications/${slug}/${post.slug}`), resolved, setup),
      };
    };
    const teaser = await offerOf('a-4');
    const words = ARTICLE_PAGES.cnn.teaser.split(/\s+/).length;
    expect(teaser.offer.description).toBe(
      `Synthesized summary of "Members: the birth lottery" (teaser only: the feed carries ${words} words and the article page could not be read)`,
    );
    expect(teaser.resolved.content.synthesizedSummary.split('\n')[0]).toMatch(/teaser only/i);
    // The paid body itself stays as the spec has it: no extra field.
    expect(Object.keys(teaser.resolved.content)).not.toContain('teaser');
    const article = await offerOf('a-1');
    expect(article.offer.description).toBe(`Synthesized summary of "${ARTICLE_PAGES['nytimes-2'].title}"`);
    expect(article.resolved.content.synthesizedSummary).not.toMatch(/teaser only/i);
  });

  it('retries a refused page once its wait is over, fetching the feed whole to reach it', async () => {
    const due = (await publicationOf(slug)).page_due_at!;
    // The 403 waits three days, the sign-in form a week: the earliest is when the feed must be read whole again.
    expect(due.getTime() - Date.now()).toBeGreaterThan(2.9 * DAY);
    expect(due.getTime() - Date.now()).toBeLessThan(3.1 * DAY);
    host.set('/a/feed.xml', { body: rss(slug, items()), contentType: RSS, etag: '"a1"' });
    await syncPublication(db, publicationId, deps);
    expect(host.hits('/a/feed.xml').at(-1)?.['if-none-match']).toBeUndefined();
    expect(await syncPublication(db, publicationId, deps)).toMatchObject({ outcome: 'not_modified' });
    expect(host.hits('/a/feed.xml').at(-1)?.['if-none-match']).toBe('"a1"');

    // Four days on, the paywall is gone: the page is read, the teaser flag drops and the summary goes with the text.
    host.set('/a/members', { body: articlePageHtml('cnn'), contentType: HTML });
    const later = { ...deps, now: () => new Date(Date.now() + 4 * DAY) };
    const report = await syncPublication(db, publicationId, later);
    expect(host.hits('/a/feed.xml').at(-1)?.['if-none-match']).toBeUndefined();
    expect(host.hits('/a/members')).toHaveLength(2);
    expect(host.hits('/a/login-wall')).toHaveLength(1);
    const posts = await postsOf(slug);
    expect(posts.get('a-4')).toMatchObject({ text_source: 'web_page', teaser: false, page_outcome: 'read' });
    expect(report.changedPostIds).toHaveLength(1);
    const [summaries] = await db.query<{ n: number }>(
      `select count(*)::int as n from post_summaries s join posts p on p.id = s.post_id where p.guid = 'a-4'`,
    );
    expect(summaries!.n).toBe(0);
  });

  it('lists the setting and the teasers to the operator', async () => {
    const list = (await runCommand(db, 'publications list', {})) as {
      publications: Array<{ slug: string; fullText: string; teasers: number; posts: number }>;
    };
    expect(list.publications.find((p) => p.slug === slug)).toMatchObject({ fullText: 'auto', teasers: 1, posts: 6 });
    const teasers = (await runCommand(db, 'posts teasers', { publication: slug })) as {
      posts: Array<{ pageOutcome: string }>;
    };
    expect(teasers.posts.map((p) => p.pageOutcome)).toEqual(['paywalled']);
  });
});

describe('a first sync of many teasers', () => {
  const slug = 'many-teasers.example';
  it('fetches only as many pages as its budget allows; later syncs take the rest, then the feed is polled as before', async () => {
    host.set('/b/feed.xml', {
      contentType: RSS,
      etag: '"b1"',
      body: rss(slug, [
        teaserItem('b-1', 'nytimes-2', '/b/1'),
        teaserItem('b-2', 'cnn', '/b/2'),
        teaserItem('b-3', 'seattletimes-1', '/b/3'),
      ]),
    });
    host.set('/b/1', { body: articlePageHtml('nytimes-2'), contentType: HTML });
    host.set('/b/2', { body: articlePageHtml('cnn'), contentType: HTML });
    host.set('/b/3', { body: articlePageHtml('seattletimes-1'), contentType: HTML });
    const onePage = { ...deps, articlePagesPerSync: 1 };
    const added = await addPublication(db, `${host.origin}/b/feed.xml`, onePage);
    let posts = await postsOf(slug);
    expect([...posts.values()].map((p) => p.page_outcome).sort()).toEqual(['pending', 'pending', 'read']);
    expect([...posts.values()].filter((p) => p.teaser)).toHaveLength(2);
    expect((await publicationOf(slug)).page_due_at).not.toBeNull();

    await syncPublication(db, added.publicationId, onePage);
    expect(host.hits('/b/feed.xml').at(-1)?.['if-none-match']).toBeUndefined();
    await syncPublication(db, added.publicationId, onePage);
    posts = await postsOf(slug);
    expect([...posts.values()].every((p) => p.page_outcome === 'read' && !p.teaser)).toBe(true);
    for (const path of ['/b/1', '/b/2', '/b/3']) expect(host.hits(path)).toHaveLength(1);
    expect((await publicationOf(slug)).page_due_at).toBeNull();
    expect(await syncPublication(db, added.publicationId, onePage)).toMatchObject({ outcome: 'not_modified' });
  });
});

describe("a publication whose setting is 'feed', then 'fetch'", () => {
  const slug = 'feed-only.example';
  let publicationId: string;
  const cnnArticle = () => {
    // The whole article in the feed, as the page has it: a fetched page adds nothing.
    const article = extractArticle(articlePageHtml('cnn'), `${host.origin}/c/3`);
    if (article.kind !== 'article') throw new Error(article.reason);
    return article.contentHtml;
  };

  beforeAll(async () => {
    host.set('/c/feed.xml', {
      contentType: RSS,
      body: rss(slug, [
        teaserItem('c-1', 'nytimes-2', '/c/1'),
        teaserItem('c-2', 'seattletimes-1', '/c/2'),
        { guid: 'c-3', title: ARTICLE_PAGES.cnn.title, link: `${host.origin}/c/3`, content: cnnArticle() },
      ]),
    });
    host.set('/c/1', { body: articlePageHtml('nytimes-2'), contentType: HTML });
    host.set('/c/2', { body: articlePageHtml('seattletimes-1'), contentType: HTML });
    host.set('/c/3', { body: articlePageHtml('cnn'), contentType: HTML });
    publicationId = (await addPublication(db, `${host.origin}/c/feed.xml`, deps, { fullText: 'feed' })).publicationId;
  });

  it('never fetches a page, and says which posts are teasers', async () => {
    for (const path of ['/c/1', '/c/2', '/c/3']) expect(host.hits(path)).toHaveLength(0);
    const posts = await postsOf(slug);
    expect(posts.get('c-1')).toMatchObject({ text_source: 'feed_excerpt', teaser: true, page_outcome: null });
    expect(posts.get('c-2')).toMatchObject({ teaser: true, page_outcome: null });
    expect(posts.get('c-3')).toMatchObject({ text_source: 'feed_content', teaser: false });
    await syncPublication(db, publicationId, deps);
    for (const path of ['/c/1', '/c/2', '/c/3']) expect(host.hits(path)).toHaveLength(0);
    // The publication page says so before anyone pays: per post, and for the publication when most posts are teasers.
    const page = (await getPublicationPage(db, slug, { postLimit: 50 }))!;
    expect(
      page.posts
        .filter((post) => post.teaser)
        .map((post) => post.title)
        .sort(),
    ).toEqual([ARTICLE_PAGES['nytimes-2'].title, ARTICLE_PAGES['seattletimes-1'].title].sort());
    expect(page).toMatchObject({ postCount: 3, teaserCount: 2 });
  });

  it("with 'fetch', reads every item's page and keeps a feed text the page does not outgrow", async () => {
    const set = await runCommand(db, `publications set ${slug}`, { 'full-text': 'fetch' });
    expect(set).toMatchObject({ slug, fullText: 'fetch' });
    expect((await publicationOf(slug)).feed_etag).toBeNull();
    await expect(runCommand(db, `publications set ${slug}`, { 'full-text': 'sometimes' })).rejects.toThrow(
      /feed, fetch, auto/,
    );
    await syncPublication(db, publicationId, deps);
    for (const path of ['/c/1', '/c/2', '/c/3']) expect(host.hits(path)).toHaveLength(1);
    const posts = await postsOf(slug);
    expect(posts.get('c-1')).toMatchObject({ text_source: 'web_page', teaser: false, page_outcome: 'read' });
    expect(posts.get('c-2')).toMatchObject({ text_source: 'web_page', teaser: false, page_outcome: 'read' });
    expect(posts.get('c-3')).toMatchObject({
      text_source: 'feed_content',
      teaser: false,
      page_outcome: 'feed_complete',
    });

    // Back to 'feed': the feed's own text again, pages left alone.
    await runCommand(db, `publications set ${slug}`, { 'full-text': 'feed' });
    await syncPublication(db, publicationId, deps);
    expect((await postsOf(slug)).get('c-1')).toMatchObject({ text_source: 'feed_excerpt', teaser: true });
    for (const path of ['/c/1', '/c/2', '/c/3']) expect(host.hits(path)).toHaveLength(1);
  });
});
