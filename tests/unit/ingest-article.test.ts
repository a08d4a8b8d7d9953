import { describe, expect, it } from 'vitest';
import { compareWithFeed } from '@/lib/ingest/article/compare-with-feed';
import { extractArticle } from '@/lib/ingest/article/extract-article';
import { pageBudget } from '@/lib/ingest/article/page-budget';
import { earliestPageDue, nextPageDue } from '@/lib/ingest/article/page-retry';
import { countWords } from '@/lib/posts/teaser';
import { ARTICLE_PAGES, type ArticlePageName, articlePageHtml } from '@/tests/helpers/article-pages';

const PAGES = Object.keys(ARTICLE_PAGES) as ArticlePageName[];

function article(name: ArticlePageName) {
  const extracted = extractArticle(articlePageHtml(name), `https://news.example.com/${name}`);
  if (extracted.kind !== 'article') throw new Error(`${name}: ${extracted.kind} (${extracted.reason})`);
  return extracted;
}

describe('extractArticle on real article pages', () => {
  for (const name of PAGES) {
    const facts = ARTICLE_PAGES[name];
    it(`${name}: the article's text from its first to its last words, without the page around it`, () => {
      const { text, contentHtml, words } = article(name);
      expect(text).toContain(facts.first);
      expect(text).toContain(facts.last);
      for (const boilerplate of facts.boilerplate) expect(text).not.toContain(boilerplate);
      expect(words).toBe(countWords(text));
      expect(words).toBeGreaterThan(300);
      // Cleaned as feed HTML is: no script, style, form, event handler; links absolute.
      expect(contentHtml).not.toMatch(/<(script|style|form|input|iframe)\b|\son\w+=/i);
      for (const [, href] of contentHtml.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:|mailto:)/);
    });
  }

  it('a page that marks its article as not free (JSON-LD isAccessibleForFree) is paywalled, whatever it shows', () => {
    const marker = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      isAccessibleForFree: 'False',
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywall' },
    });
    const html = articlePageHtml('cnn').replace(
      '</head>',
      `<script type="application/ld+json">${marker}</script></head>`,
    );
    expect(extractArticle(html, 'https://money.example.com/a')).toMatchObject({ kind: 'paywalled' });
    const tier = articlePageHtml('cnn').replace(
      '</head>',
      '<meta property="article:content_tier" content="locked"></head>',
    );
    expect(extractArticle(tier, 'https://money.example.com/a')).toMatchObject({ kind: 'paywalled' });
  });

  it('a text that stops at a subscription wall is paywalled; a full article with a subscribe footer is not', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of the rates note: the curve steepened again this week as term premia rose, and the dollar gave back part of its gains against the yen and the euro.</p>`,
    ).join('');
    const page = (ending: string) =>
      `<html><head><title>Rates note</title></head><body><article><h1>Rates note</h1>${paragraphs}<p>${ending}</p></article></body></html>`;
    expect(extractArticle(page('Subscribe to continue reading.'), 'https://a.example/p')).toMatchObject({
      kind: 'paywalled',
    });
    expect(
      extractArticle(page('This post is for paid subscribers. Already a subscriber? Sign in'), 'https://a.example/p'),
    ).toMatchObject({ kind: 'paywalled' });
    expect(
      extractArticle(page('Read the full story with a subscription. Subscribers only.'), 'https://a.example/p'),
    ).toMatchObject({ kind: 'paywalled' });
    expect(extractArticle(page('Already a subscriber? Sign in'), 'https://a.example/p')).toMatchObject({
      kind: 'paywalled',
    });
    expect(
      extractArticle(page('Thanks for reading! Subscribe for free to receive new posts.'), 'https://a.example/p'),
    ).toMatchObject({ kind: 'article' });
  });

  it('a sign-in form with a few lines is paywalled; a long article with a login modal (nytimes-2) is not', () => {
    const login = `<html><body><main><h1>Sign in to read</h1><p>Members get every issue of the letter, the archive and
      the model portfolio. Enter your e-mail address and password below to continue with your account today.</p>
      <form><input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form>
      </main></body></html>`;
    expect(extractArticle(login, 'https://a.example/p')).toMatchObject({ kind: 'paywalled' });
    expect(articlePageHtml('nytimes-2')).toMatch(/type="password"/);
    expect(article('nytimes-2').words).toBeGreaterThan(1000);
  });

  it('a page with no main text is unreadable', () => {
    expect(
      extractArticle('<html><head><title>x</title></head><body></body></html>', 'https://a.example/'),
    ).toMatchObject({ kind: 'unreadable' });
  });
});

describe('compareWithFeed', () => {
  it("takes the page when it is the teaser's article and much longer", () => {
    for (const name of PAGES) {
      expect(compareWithFeed(ARTICLE_PAGES[name].teaser, article(name))).toEqual({ outcome: 'read' });
    }
  });

  it('finds the feed complete when the page is no longer than the feed text', () => {
    const page = article('cnn');
    expect(compareWithFeed(page.text, page)).toEqual({ outcome: 'feed_complete' });
  });

  it('refuses a page that is another text than the feed item (a consent page, another story)', () => {
    expect(compareWithFeed(ARTICLE_PAGES.cnn.teaser, article('seattletimes-1'))).toMatchObject({
      outcome: 'unreadable',
    });
  });

  it('refuses a page too short to be an article, even when longer than a short teaser', () => {
    const teaser = 'Rates: the curve steepened again this week as term premia rose.';
    const page = `${teaser} The dollar gave back part of its gains against the yen and the euro, as it did in May.`;
    expect(compareWithFeed(teaser, { text: page, words: countWords(page) })).toMatchObject({
      outcome: 'feed_complete',
    });
    const longer = `${page} ${'More words about the curve and the dollar. '.repeat(6)}`;
    expect(compareWithFeed(teaser, { text: longer, words: countWords(longer) })).toMatchObject({
      outcome: 'unreadable',
    });
  });
});

describe('page retries and the per-sync budget', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const hoursLater = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

  it('retries a failure after a day, a paywall after a week, and never a page read', () => {
    expect(nextPageDue({ outcome: 'failed', checkedAt: now, feedHash: 'h' }, now)).toEqual(hoursLater(24));
    expect(nextPageDue({ outcome: 'paywalled', checkedAt: now, feedHash: 'h' }, now)).toEqual(hoursLater(168));
    expect(nextPageDue({ outcome: 'read', checkedAt: now, feedHash: 'h' }, now)).toBeNull();
    expect(nextPageDue({ outcome: 'feed_complete', checkedAt: now, feedHash: 'h' }, now)).toBeNull();
    expect(nextPageDue({ outcome: 'pending', checkedAt: null, feedHash: null }, now)).toEqual(now);
    expect(
      earliestPageDue(
        [
          null,
          { outcome: 'paywalled', checkedAt: now, feedHash: 'h' },
          { outcome: 'failed', checkedAt: now, feedHash: 'h' },
        ],
        now,
      ),
    ).toEqual(hoursLater(24));
    expect(earliestPageDue([null, { outcome: 'read', checkedAt: now, feedHash: 'h' }], now)).toBeNull();
  });

  it('gives out so many pages, or so much time, and no more', () => {
    const budget = pageBudget(2);
    expect([budget.enabled, budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    expect(pageBudget(0).enabled).toBe(false);
    let clock = 0;
    const timed = pageBudget(10, { timeMs: 1000, clock: () => clock });
    expect(timed.take()).toBe(true);
    clock = 1000;
    expect(timed.take()).toBe(false);
  });
});
