import { beforeAll, describe, expect, it } from 'vitest';
import { CONVICTION_LABELS } from '@/lib/ai/picks/extractor';
import { generateCorpus } from '@/lib/demo/generate';
import { slugify, uniqueSlug, wordCount } from '@/lib/demo/text';
import type { DemoCorpus, DemoPost } from '@/lib/demo/types';

const NOW = new Date('2026-11-20T15:30:00.000Z');
const DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

function take(corpus: DemoCorpus, n: number): DemoPost[] {
  const out: DemoPost[] = [];
  for (const post of corpus.posts) {
    if (out.length >= n) break;
    out.push(post);
  }
  return out;
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

describe('generateCorpus determinism', () => {
  it('gives identical publications and posts for the same seed and now', () => {
    const a = generateCorpus({ seed: 7, posts: 200, now: NOW });
    const b = generateCorpus({ seed: 7, posts: 200, now: new Date(NOW) });
    expect(b.publications).toEqual(a.publications);
    expect(take(b, 200)).toEqual(take(a, 200));
  });

  it('regenerates the same posts when iterated again', () => {
    const corpus = generateCorpus({ seed: 7, posts: 50, now: NOW });
    expect(take(corpus, 50)).toEqual(take(corpus, 50));
  });

  it('yields the same leading posts whatever the corpus size', () => {
    const small = take(generateCorpus({ seed: 7, posts: 40, now: NOW }), 40);
    const large = take(generateCorpus({ seed: 7, posts: 400, now: NOW }), 40);
    expect(large).toEqual(small);
  });

  it('differs for a different seed', () => {
    const a = generateCorpus({ seed: 7, posts: 20, now: NOW });
    const b = generateCorpus({ seed: 8, posts: 20, now: NOW });
    expect(b.publications.map((p) => p.id)).not.toEqual(a.publications.map((p) => p.id));
    expect(take(b, 20).map((p) => p.title)).not.toEqual(take(a, 20).map((p) => p.title));
  });

  it('yields exactly the requested number of posts, lazily', () => {
    const corpus = generateCorpus({ seed: 1, posts: 25, now: NOW });
    const iterator = corpus.posts[Symbol.iterator]();
    expect(iterator.next().done).toBe(false);
    expect([...corpus.posts]).toHaveLength(25);
    expect([...generateCorpus({ seed: 1, posts: 0, now: NOW }).posts]).toHaveLength(0);
  });

  it('rejects invalid options', () => {
    expect(() => generateCorpus({ seed: 1.5, posts: 1, now: NOW })).toThrow(/seed/);
    expect(() => generateCorpus({ seed: 1, posts: -1, now: NOW })).toThrow(/posts/);
    expect(() => generateCorpus({ seed: 1, posts: 1, now: new Date('nope') })).toThrow(/now/);
  });
});

describe('slugs', () => {
  it('are lower-case ASCII, hyphenated, at most 80 characters', () => {
    expect(slugify("McDonald's Q3: Café & the $5 value menu")).toBe('mcdonalds-q3-cafe-and-the-5-value-menu');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(SLUG);
  });

  it('get -2, -3 suffixes when taken', () => {
    const taken = new Set<string>();
    expect(uniqueSlug('Same title', taken)).toBe('same-title');
    expect(uniqueSlug('Same title', taken)).toBe('same-title-2');
    expect(uniqueSlug('Same title', taken)).toBe('same-title-3');
    expect(uniqueSlug('x'.repeat(100), taken)).toHaveLength(80);
    expect(uniqueSlug('x'.repeat(100), taken)).toMatch(/^x{78}-2$/);
  });
});

describe('a 1,500-post corpus', () => {
  let corpus: DemoCorpus;
  let posts: DemoPost[];

  beforeAll(() => {
    corpus = generateCorpus({ seed: 20261122, posts: 1500, now: NOW });
    posts = [...corpus.posts];
  });

  it('has at least 12 publications covering every source kind and both search tiers', () => {
    const pubs = corpus.publications;
    expect(pubs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(pubs.map((p) => p.sourceKind))).toEqual(new Set(['newsletter_platform', 'rss', 'podcast', 'email']));
    expect(new Set(pubs.filter((p) => p.sourceKind === 'newsletter_platform').map((p) => p.platform))).toEqual(
      new Set(['substack', 'beehiiv', 'ghost']),
    );
    expect(pubs.some((p) => p.isScoped)).toBe(true);
    expect(pubs.some((p) => !p.isScoped)).toBe(true);
    expect(pubs.filter((p) => p.lastSyncedAt === null)).toHaveLength(1);
    for (const p of pubs) {
      expect(p.id).toMatch(UUID);
      expect(p.slug).toBe(p.slug.toLowerCase());
      expect(p.slug).not.toMatch(/^www\./);
      expect(p.siteUrl).toBe(`https://${p.slug}`);
      expect(p.imageUrl).toBe(`/avatars/${p.slug}.svg`);
      expect(p.language).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
      expect(p.inboundEmail !== null).toBe(p.sourceKind === 'email');
      if (p.lastSyncedAt) expect(p.lastSyncedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(new Set(pubs.map((p) => p.slug)).size).toBe(pubs.length);
  });

  it('dates every post within the last 120 days, never in the future, with recent coverage', () => {
    const today = utcDay(NOW);
    const yesterday = utcDay(new Date(NOW.getTime() - DAY));
    let todayCount = 0;
    let yesterdayCount = 0;
    let weekCount = 0;
    let undated = 0;
    for (const post of posts) {
      expect(post.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(post.updatedAt.getTime()).toBeGreaterThanOrEqual(post.createdAt.getTime());
      expect(post.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (!post.publishedAt) {
        undated += 1;
        continue;
      }
      const t = post.publishedAt.getTime();
      expect(t).toBeLessThan(NOW.getTime());
      expect(t).toBeGreaterThanOrEqual(NOW.getTime() - 120 * DAY);
      expect(post.createdAt.getTime()).toBeGreaterThanOrEqual(t);
      if (utcDay(post.publishedAt) === today) todayCount += 1;
      if (utcDay(post.publishedAt) === yesterday) yesterdayCount += 1;
      if (t >= NOW.getTime() - 7 * DAY) weekCount += 1;
    }
    expect(todayCount).toBeGreaterThan(5);
    expect(yesterdayCount).toBeGreaterThan(5);
    expect(weekCount).toBeGreaterThan(100);
    expect(undated).toBeGreaterThanOrEqual(1);
    expect(undated).toBeLessThan(15);
  });

  it('shapes ids, slugs, guids and URLs per publication platform', () => {
    const byId = new Map(corpus.publications.map((p) => [p.id, p]));
    const slugs = new Map<string, Set<string>>();
    const guids = new Map<string, Set<string>>();
    const ids = new Set<string>();
    for (const post of posts) {
      const pub = byId.get(post.publicationId);
      expect(pub).toBeDefined();
      expect(post.id).toMatch(UUID);
      ids.add(post.id);
      expect(post.slug).toMatch(SLUG);
      expect(post.slug.length).toBeLessThanOrEqual(80);
      const seen = slugs.get(post.publicationId) ?? new Set();
      expect(seen.has(post.slug)).toBe(false);
      seen.add(post.slug);
      slugs.set(post.publicationId, seen);
      const seenGuids = guids.get(post.publicationId) ?? new Set();
      expect(seenGuids.has(post.guid)).toBe(false);
      seenGuids.add(post.guid);
      guids.set(post.publicationId, seenGuids);

      const site = pub!.siteUrl;
      if (pub!.sourceKind === 'podcast') {
        expect(post.url).toBe(`${site}/episodes/${post.slug}`);
        expect(post.audioUrl).toBe(`${site}/episodes/${post.slug}.mp3`);
        expect(post.guid).toMatch(UUID);
      } else {
        expect(post.audioUrl).toBeNull();
      }
      if (pub!.sourceKind === 'email') {
        expect(post.url).toBe(`${site}/archive/${post.slug}`);
        expect(post.guid).toMatch(new RegExp(`^<[^@<>]+@${pub!.slug.replace(/\./g, '\\.')}>$`));
      }
      if (pub!.sourceKind === 'rss') expect(post.url).toMatch(new RegExp(`^${site}/\\d{4}/\\d{2}/${post.slug}$`));
      if (pub!.platform === 'ghost') expect(post.url).toBe(`${site}/${post.slug}/`);
      if (pub!.platform === 'substack' || pub!.platform === 'beehiiv') expect(post.url).toBe(`${site}/p/${post.slug}`);
      if (pub!.platform === 'substack' || pub!.platform === 'ghost' || pub!.sourceKind === 'rss')
        expect(post.guid).toBe(post.url);
    }
    expect(ids.size).toBe(posts.length);
    // The never-synced publication has no posts yet.
    const never = corpus.publications.find((p) => p.lastSyncedAt === null)!;
    expect(posts.some((p) => p.publicationId === never.id)).toBe(false);
  });

  it('writes plain-text bodies of 4-8 paragraphs that name their subject', () => {
    for (const post of posts) {
      const paragraphs = post.bodyText.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(4);
      expect(paragraphs.length).toBeLessThanOrEqual(8);
      expect(paragraphs.every((p) => p.trim().length > 0 && !p.includes('\n'))).toBe(true);
      const words = wordCount(post.bodyText);
      expect(words).toBeGreaterThanOrEqual(150);
      expect(words).toBeLessThanOrEqual(700);
      expect(post.bodyText).not.toMatch(/undefined|NaN|\[object/);
      expect(post.title).not.toMatch(/undefined|NaN/);
      const main = post.topics.tickers[0];
      if (main) expect(post.bodyText).toMatch(new RegExp(`\\b${main.replace('$', '\\$')}\\b`));
    }
    const kinds = new Set(posts.map((p) => p.topics.kind));
    expect(kinds).toEqual(
      new Set([
        'deep_dive',
        'earnings_review',
        'macro_note',
        'portfolio_update',
        'sector_roundup',
        'options_idea',
        'podcast_episode',
      ]),
    );
    expect(posts.some((p) => p.subtitle === null)).toBe(true);
    expect(posts.filter((p) => p.subtitle !== null).length).toBeGreaterThan(posts.length / 2);
    expect(posts.some((p) => /\$[A-Z]{1,5}\b/.test(p.bodyText))).toBe(true);
  });

  it('stores prices on about one post in eight, all within 10..1000 cents', () => {
    const priced = posts.filter((p) => p.priceCents !== null);
    for (const post of priced) {
      expect(Number.isInteger(post.priceCents)).toBe(true);
      expect(post.priceCents).toBeGreaterThanOrEqual(10);
      expect(post.priceCents).toBeLessThanOrEqual(1000);
    }
    expect(priced.length / posts.length).toBeGreaterThan(0.07);
    expect(priced.length / posts.length).toBeLessThan(0.18);
  });

  it('summarizes about nine posts in ten, in 80-200 words', () => {
    const ready = posts.filter((p) => p.summary !== null);
    expect(ready.length / posts.length).toBeGreaterThan(0.82);
    expect(ready.length / posts.length).toBeLessThan(0.97);
    for (const post of ready) {
      const words = wordCount(post.summary!.summary);
      expect(words).toBeGreaterThanOrEqual(80);
      expect(words).toBeLessThanOrEqual(200);
      expect(post.summary!.model).toBe('demo-synthesizer-v1');
      expect(post.summary!.createdAt.getTime()).toBeGreaterThanOrEqual(post.createdAt.getTime());
      expect(post.summary!.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('extracts picks that quote their post and are unique per post and call', () => {
    const callIds = new Set<string>();
    const pickIds = new Set<string>();
    let withPicks = 0;
    for (const post of posts) {
      if (post.picks.length > 0) withPicks += 1;
      expect(post.picks.length).toBeLessThanOrEqual(3);
      const tickers = post.picks.map((p) => p.ticker);
      expect(new Set(tickers).size).toBe(tickers.length);
      for (const pick of post.picks) {
        expect(pick.postId).toBe(post.id);
        expect(pick.id).toMatch(UUID);
        expect(callIds.has(pick.callId)).toBe(false);
        expect(pickIds.has(pick.id)).toBe(false);
        callIds.add(pick.callId);
        pickIds.add(pick.id);
        expect(post.bodyText).toContain(pick.evidenceQuote);
        expect(pick.evidenceQuote.length).toBeLessThanOrEqual(300);
        expect(pick.author.length).toBeGreaterThan(0);
        expect(['EQUITY', 'ETF', 'OPTION', 'OTHER']).toContain(pick.instrumentType);
        expect(['NEW_POSITION', 'ADD', 'HOLD', 'RECOMMENDATION', 'REDUCE', 'EXIT']).toContain(pick.action);
        expect(['LONG', 'SHORT']).toContain(pick.direction);
        expect(pick.authorConviction).toBeGreaterThanOrEqual(0);
        expect(pick.authorConviction).toBeLessThanOrEqual(5);
        expect(pick.convictionLabel).toBe(CONVICTION_LABELS[pick.authorConviction]);
        if (pick.action === 'EXIT') expect(pick.activePick).toBe(false);
        expect(pick.extractedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(pick.pickDay).toBe(utcDay(post.publishedAt ?? pick.extractedAt));
        if (post.publishedAt) expect(pick.extractedAt.getTime()).toBeGreaterThanOrEqual(post.publishedAt.getTime());
      }
    }
    expect(withPicks / posts.length).toBeGreaterThan(0.55);
    expect(withPicks / posts.length).toBeLessThan(0.75);
    const all = posts.flatMap((p) => p.picks);
    expect(all.filter((p) => p.direction === 'LONG').length).toBeGreaterThan(all.length * 0.75);
    expect(all.some((p) => p.direction === 'SHORT')).toBe(true);
    expect(all.some((p) => p.instrumentType === 'OPTION')).toBe(true);
    expect(all.some((p) => p.instrumentType === 'ETF')).toBe(true);
    expect(all.some((p) => p.tickerExchange === null)).toBe(true);
    expect(new Set(all.map((p) => p.action)).size).toBe(6);
  });
});
