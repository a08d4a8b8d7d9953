import { describe, expect, it } from 'vitest';
import { detectPlatform } from '@/lib/ingest/feeds/detect-platform';
import { feedCandidates } from '@/lib/ingest/feeds/feed-candidates';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { siteSlugFor } from '@/lib/ingest/feeds/site-slug';
import { normalizePublicationSlug } from '@/lib/publications/slug';
import { feedFixture } from '@/tests/helpers/feed-fixtures';

const fixture = feedFixture;
const GENERIC = (origin: string) =>
  ['/feed', '/rss', '/rss.xml', '/atom.xml', '/feed.json', '/index.xml'].map((p) => `${origin}${p}`);

describe('detectPlatform', () => {
  it('knows the platforms by host name', () => {
    expect(detectPlatform({ url: 'https://macroletter.substack.com/p/term-premium' })).toBe('substack');
    expect(detectPlatform({ url: 'https://substack.com/@danawhitfield' })).toBe('substack');
    expect(detectPlatform({ url: 'https://macrotide.beehiiv.com/' })).toBe('beehiiv');
    expect(detectPlatform({ url: 'https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml' })).toBe('beehiiv');
    expect(detectPlatform({ url: 'https://medium.com/@quantjoe/why-momentum-works-8f2e1a' })).toBe('medium');
    expect(detectPlatform({ url: 'https://quantjoe.medium.com/why-momentum-works-8f2e1a' })).toBe('medium');
    expect(detectPlatform({ url: 'https://chartroom.ghost.io/' })).toBe('ghost');
    expect(detectPlatform({ url: 'https://dividendledger.wordpress.com/' })).toBe('wordpress');
    // Look-alike hosts are not the platform.
    expect(detectPlatform({ url: 'https://notsubstack.com/feed' })).toBe('generic');
    expect(detectPlatform({ url: 'not a url' })).toBe('generic');
  });

  it('knows custom domains by their pages and headers', () => {
    expect(
      detectPlatform({ url: 'https://www.macroletter.com/p/x', html: fixture('page-substack-custom-domain.html') }),
    ).toBe('substack');
    expect(detectPlatform({ url: 'https://chartroom.blog/', html: fixture('page-ghost-home.html') })).toBe('ghost');
    expect(
      detectPlatform({ url: 'https://dividendledger.com/blog/x/', html: fixture('page-wordpress-post.html') }),
    ).toBe('wordpress');
    expect(
      detectPlatform({ url: 'https://www.macrotide.com/p/x', html: fixture('page-beehiiv-custom-domain.html') }),
    ).toBe('beehiiv');
    expect(
      detectPlatform({
        url: 'https://dividendledger.com/',
        headers: { Link: '<https://dividendledger.com/wp-json/>; rel="https://api.w.org/"' },
      }),
    ).toBe('wordpress');
    expect(
      detectPlatform({ url: 'https://chartroom.blog/', headers: new Headers({ 'x-ghost-cache-status': 'HIT' }) }),
    ).toBe('ghost');
    expect(
      detectPlatform({ url: 'https://northbridge.example.com/research/', html: fixture('page-relative-base.html') }),
    ).toBe('generic');
  });
});

describe('feedCandidates', () => {
  it('puts a Substack custom domain post page on the publication feed, not the post', () => {
    const url = 'https://www.macroletter.com/p/the-term-premium-is-back';
    const html = fixture('page-substack-custom-domain.html');
    expect(feedCandidates({ url, html, platform: detectPlatform({ url, html }) })).toEqual([
      'https://www.macroletter.com/feed',
      ...GENERIC('https://www.macroletter.com').slice(1),
    ]);
  });

  it('builds Substack feeds from a post on the subdomain and from a substack.com profile', () => {
    expect(feedCandidates({ url: 'https://macroletter.substack.com/p/credit-spreads', platform: 'substack' })[0]).toBe(
      'https://macroletter.substack.com/feed',
    );
    expect(feedCandidates({ url: 'https://substack.com/@MacroLetter', platform: 'substack' })[0]).toBe(
      'https://macroletter.substack.com/feed',
    );
  });

  it('uses the Ghost alternate link, then /rss/', () => {
    const candidates = feedCandidates({
      url: 'https://chartroom.blog/',
      html: fixture('page-ghost-home.html'),
      platform: 'ghost',
    });
    expect(candidates.slice(0, 2)).toEqual(['https://chartroom.blog/rss/', 'https://chartroom.blog/feed']);
    expect(candidates).toHaveLength(7);
  });

  it('skips comment feeds and REST endpoints on a WordPress post page', () => {
    const candidates = feedCandidates({
      url: 'https://dividendledger.com/blog/2025/11/15/realty-income-yield/',
      html: fixture('page-wordpress-post.html'),
      platform: 'wordpress',
    });
    expect(candidates).toEqual([
      'https://dividendledger.com/feed/',
      'https://dividendledger.com/?feed=rss2',
      ...GENERIC('https://dividendledger.com'),
    ]);
  });

  it('resolves relative alternate links against <base href> and ignores commented-out ones', () => {
    const candidates = feedCandidates({
      url: 'https://northbridge.example.com/research/notes/index.html',
      html: fixture('page-relative-base.html'),
      platform: 'generic',
    });
    expect(candidates).toEqual([
      'https://northbridge.example.com/research/notes/atom.xml',
      'https://northbridge.example.com/research/notes/feed.json',
      ...GENERIC('https://northbridge.example.com'),
    ]);
  });

  it('finds the Beehiiv feed id in the page, else falls back to /feed', () => {
    expect(
      feedCandidates({
        url: 'https://www.macrotide.com/p/copper-at-11000-supply-not-china',
        html: fixture('page-beehiiv-custom-domain.html'),
        platform: 'beehiiv',
      }).slice(0, 2),
    ).toEqual(['https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml', 'https://www.macrotide.com/feed']);
    expect(feedCandidates({ url: 'https://macrotide.beehiiv.com/p/em-carry', platform: 'beehiiv' })[0]).toBe(
      'https://macrotide.beehiiv.com/feed',
    );
  });

  it('maps Medium users and publications to medium.com/feed/…', () => {
    expect(
      feedCandidates({ url: 'https://medium.com/@quantjoe/why-momentum-works-8f2e1a', platform: 'medium' })[0],
    ).toBe('https://medium.com/feed/@quantjoe');
    expect(feedCandidates({ url: 'https://medium.com/the-value-corner/deep-value-9a1b', platform: 'medium' })[0]).toBe(
      'https://medium.com/feed/the-value-corner',
    );
    expect(
      feedCandidates({ url: 'https://quantjoe.medium.com/why-momentum-works-8f2e1a', platform: 'medium' })[0],
    ).toBe('https://medium.com/feed/@quantjoe');
  });

  it('tries a URL that is already a feed first', () => {
    expect(feedCandidates({ url: 'https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml', platform: 'beehiiv' })[0]).toBe(
      'https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml',
    );
    expect(feedCandidates({ url: 'https://dividendledger.com/?feed=rss2', platform: 'wordpress' })[0]).toBe(
      'https://dividendledger.com/?feed=rss2',
    );
    expect(feedCandidates({ url: 'javascript:alert(1)', platform: 'generic' })).toEqual([]);
  });
});

describe('siteSlugFor', () => {
  it("uses the site's host, not the feed's", () => {
    const feed = parseFeed(fixture('beehiiv.xml'), { feedUrl: 'https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml' });
    expect(siteSlugFor(feed.meta, 'https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml')).toBe('macrotide.com');
    expect(siteSlugFor({ siteUrl: 'not a url' }, 'https://Feeds.Example.com/x')).toBe('feeds.example.com');
    expect(siteSlugFor({ siteUrl: 'nope' }, 'nope either')).toBeNull();
  });

  it('names every feed served from one address (127.0.0.1 while testing) with a slug of its own', () => {
    const taken = new Map<string, string>();
    const slugs: (string | null)[] = [];
    for (const [site, feed] of [
      ['http://127.0.0.1:3078/', 'http://127.0.0.1:3078/a.xml'],
      ['http://127.0.0.1:3078/Broken HTML', 'http://127.0.0.1:3078/b.xml'],
      ['not a url', 'http://127.0.0.1:3078/c.xml'],
      ['http://127.0.0.1:3078/Broken HTML/', 'http://127.0.0.1:3078/d.xml'],
      ['http://127.0.0.1:3078/other', 'http://127.0.0.1:3078/e.xml'],
    ] as const) {
      const slug = siteSlugFor({ siteUrl: site }, feed, { taken });
      slugs.push(slug);
      if (slug && !taken.has(slug)) taken.set(slug, site === 'not a url' ? feed : site);
    }
    // The same site again (a trailing slash) gets its slug back; "127-2.0.0.1" would not even parse as a host.
    expect(slugs).toEqual(['127.0.0.1', '127-0-0-1.ip', '127-0-0-1-2.ip', '127-0-0-1.ip', 'other.127-0-0-1.ip']);
    expect(slugs.every((slug) => slug !== null && normalizePublicationSlug(slug) === slug)).toBe(true);
  });

  it('gives a second show on a shared host its path as a leading label, then a number', () => {
    const showA = 'https://example-host.com/show-a';
    const taken = new Map([['example-host.com', showA]]);
    expect(
      siteSlugFor({ siteUrl: 'https://example-host.com/show-a/' }, 'https://feeds.example-host.com/show-a', { taken }),
    ).toBe('example-host.com');
    expect(
      siteSlugFor({ siteUrl: 'https://example-host.com/show-b' }, 'https://feeds.example-host.com/show-b', { taken }),
    ).toBe('show-b.example-host.com');
    expect(
      siteSlugFor({ siteUrl: 'https://medium.com/@Quant_Joe' }, 'https://medium.com/feed/@quant_joe', {
        taken: new Map([['medium.com', 'https://medium.com/@someone']]),
      }),
    ).toBe('quant-joe.medium.com');
    const full = new Map([
      ['example-host.com', showA],
      ['show-b.example-host.com', 'https://show-b.example-host.com/'],
    ]);
    expect(
      siteSlugFor({ siteUrl: 'https://example-host.com/show-b' }, 'https://feeds.example-host.com/show-b', {
        taken: full,
      }),
    ).toBe('example-host-2.com');
    expect(siteSlugFor({ siteUrl: 'https://www.example-host.com/' }, 'https://example-host.com/rss', { taken })).toBe(
      'example-host-2.com',
    );
  });
});
