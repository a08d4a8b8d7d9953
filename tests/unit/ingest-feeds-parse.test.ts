import { describe, expect, it } from 'vitest';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { feedFixture } from '@/tests/helpers/feed-fixtures';

const NOW = new Date('2025-11-20T00:00:00Z');
const fixture = feedFixture;
const parse = (name: string, feedUrl: string) => parseFeed(fixture(name), { feedUrl, now: NOW });

describe('parseFeed on newsletter platforms', () => {
  it('reads a Substack feed: full HTML from content:encoded, the description as subtitle, dc:creator as author', () => {
    const feed = parse('substack.xml', 'https://www.macroletter.com/feed');
    expect(feed.format).toBe('rss');
    expect(feed.meta).toEqual({
      title: 'The Macro Letter',
      description: 'Weekly notes on rates, credit and the dollar, by a former sell-side strategist.',
      siteUrl: 'https://www.macroletter.com/',
      imageUrl:
        'https://substackcdn.com/image/fetch/w_256,c_limit,f_auto,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2F5f1c2a.png',
      language: 'en-US',
      authorName: 'Dana Whitfield',
      authorEmail: 'macroletter@substack.com',
      copyright: 'Dana Whitfield',
      generator: 'Substack',
      ttlMinutes: null,
      skipHours: [],
      skipDays: [],
      // iTunes owner tags on a newsletter without audio do not make it a podcast.
      podcast: null,
    });
    expect(feed.items.map((item) => item.guid)).toEqual([
      'https://www.macroletter.com/p/the-term-premium-is-back',
      'https://www.macroletter.com/p/credit-spreads-tight-for-a-reason',
      'https://www.macroletter.com/p/the-dollar-smile-revisited',
    ]);
    const [first, , third] = feed.items;
    expect(first?.title).toBe('The Term Premium Is Back — and It Wants Paying');
    expect(first?.subtitle).toBe(
      'Why 10-year yields can rise even as the Fed cuts, and what that means for TLT holders.',
    );
    expect(first?.author).toBe('Dana Whitfield');
    expect(first?.publishedAt?.toISOString()).toBe('2025-11-17T11:30:00.000Z');
    expect(first?.imageUrl).toBe(
      'https://substack-post-media.s3.amazonaws.com/public/images/9a1e77b0-term-premium.png',
    );
    expect(first?.audio).toBeNull();
    expect(first?.contentHtml).toContain('<h3>What would change our mind</h3><ul><li>Core PCE below 2.5%');
    expect(first?.contentHtml?.startsWith('<p>The Fed has cut by 75 basis points')).toBe(true);
    expect(third?.author).toBe('Dana Whitfield and Omar Reyes');
  });

  it('reads a Beehiiv feed served from rss.beehiiv.com whose site is the custom domain', () => {
    const feed = parse('beehiiv.xml', 'https://rss.beehiiv.com/feeds/Xq7Lm2PzRt.xml');
    expect(feed.meta.siteUrl).toBe('https://www.macrotide.com/');
    expect(feed.meta.generator).toBe('beehiiv');
    expect(feed.meta.copyright).toBe('2025 Macro Tide');
    expect(feed.meta.language).toBe('en');
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toMatchObject({
      guid: '4b8e2c1a-7d3f-4e9b-a1c2-5f6e7d8c9b0a',
      url: 'https://www.macrotide.com/p/copper-at-11000-supply-not-china',
      title: 'Copper at $11,000: supply, not China',
      subtitle: 'Mine disruptions in Chile and the DRC matter more than Chinese demand this quarter.',
      author: 'Lena Park',
      imageUrl: 'https://media.beehiiv.com/cdn-cgi/image/quality=80/uploads/asset/file/copper-chart.png',
    });
    expect(feed.items[0]?.contentHtml).toContain('Our picks: long <b>FCX</b>, long <b>SCCO</b>');
  });

  it('reads a Ghost feed: ttl, categories and media:content image', () => {
    const feed = parse('ghost.xml', 'https://chartroom.blog/rss/');
    expect(feed.meta.generator).toBe('Ghost 5.96');
    expect(feed.meta.ttlMinutes).toBe(60);
    expect(feed.meta.imageUrl).toBe('https://chartroom.blog/favicon.png');
    expect(feed.items[0]).toMatchObject({
      guid: '6737b2f1c4a9e20001f3d8a1',
      url: 'https://chartroom.blog/semis-bull-flag-smh/',
      categories: ['Semiconductors', 'Patterns'],
      author: 'Marcus Lindqvist',
      imageUrl: 'https://chartroom.blog/content/images/2025/11/smh-weekly.png',
    });
    expect(feed.items[1]?.categories).toEqual(['Commodities']);
  });

  it('reads a WordPress feed: links and content resolved against xml:base, managingEditor split, bad hours dropped', () => {
    const feed = parse('wordpress.xml', 'https://dividendledger.com/feed/');
    expect(feed.meta).toMatchObject({
      siteUrl: 'https://dividendledger.com/',
      language: 'en-GB',
      authorName: 'Priya Raman',
      authorEmail: 'editor@dividendledger.com',
      generator: 'https://wordpress.org/?v=6.8.3',
      // sy:updatePeriod hourly, frequency 1
      ttlMinutes: 60,
      skipHours: [2, 3],
    });
    const [first, second] = feed.items;
    expect(first?.url).toBe('https://dividendledger.com/blog/2025/11/15/realty-income-yield/');
    expect(second?.url).toBe('https://dividendledger.com/blog/2025/11/08/why-i-sold-verizon/');
    expect(first?.guid).toBe('https://dividendledger.com/?p=2841');
    expect(first?.categories).toEqual(['REITs', 'Dividend Growth']);
    expect(first?.contentHtml).toContain('<a href="https://dividendledger.com/quote/O">O</a>');
    expect(first?.contentHtml).toContain(
      'src="https://dividendledger.com/wp-content/uploads/2025/11/o-yield-spread.png"',
    );
    expect(first?.contentHtml).toContain("href='https://dividendledger.com/blog/2025/10/01/vici-review/'");
    // The SEO plugin's "appeared first on" line is not part of the excerpt.
    expect(first?.subtitle).toBe(
      'Realty Income (O) yields 5.8%, its highest since 2020. The spread over the 10-year is about 150 basis points […]',
    );
    expect(second?.subtitle).toBe('Verizon’s dividend is safe. The problem is everything else.');
  });
});

describe('parseFeed on other formats', () => {
  it('reads Atom: html titles as plain text, nested xml:base, html, xhtml and text content, entry language', () => {
    const feed = parse('atom.xml', 'https://quantnotes.example.org/blog/atom.xml');
    expect(feed.format).toBe('atom');
    expect(feed.meta).toEqual({
      title: 'Quant Notes by Hale & Co',
      description: 'Factor investing, measured.',
      siteUrl: 'https://quantnotes.example.org/blog/',
      imageUrl: 'https://quantnotes.example.org/img/logo.png',
      language: 'en-GB',
      authorName: 'Ingrid Hale',
      authorEmail: 'ingrid@quantnotes.example.org',
      copyright: '© 2025 Hale & Co Research',
      generator: 'Hugo',
      ttlMinutes: null,
      skipHours: [],
      skipDays: [],
      podcast: null,
    });
    const [momentum, value, dax] = feed.items;
    expect(momentum).toMatchObject({
      guid: 'tag:quantnotes.example.org,2025-11-12:/blog/momentum-crashes',
      url: 'https://quantnotes.example.org/blog/2025/11/momentum-crashes/',
      title: 'Momentum crashes & how to survive them',
      description: 'Momentum lost 30% in three months in 2009. A volatility-scaled version lost 9%.',
      categories: ['Momentum', 'risk'],
      language: null,
    });
    expect(momentum?.publishedAt?.toISOString()).toBe('2025-11-12T08:00:00.000Z');
    expect(momentum?.updatedAt?.toISOString()).toBe('2025-11-12T09:30:00.000Z');
    expect(momentum?.contentHtml).toBe(
      '<p>Momentum has the best long-run premium of any factor, and the worst crashes.</p><p><img src="https://quantnotes.example.org/img/mtum-drawdown.png" alt="MTUM drawdowns"></p><p>We hold <a href="https://quantnotes.example.org/tickers/MTUM">MTUM</a> scaled to 12% volatility.</p>',
    );
    expect(value?.url).toBe('https://quantnotes.example.org/archive/value-europe.html');
    expect(value?.contentHtml).toBe(
      '<p>European value stocks trade at <b>9x</b> earnings. See <a href="https://quantnotes.example.org/archive/charts/ev-ebit.html">the chart</a>.</p>',
    );
    // No published date: the updated date stands in.
    expect(value?.publishedAt?.toISOString()).toBe('2025-11-05T08:00:00.000Z');
    expect(dax?.language).toBe('de');
    expect(dax?.contentHtml).toBe('<p>Der DAX handelt bei 13x Gewinn &amp; bleibt günstig.</p>');
  });

  it('reads RSS 1.0 (RDF): dc fields, upper-case language, syndication period as ttl', () => {
    const feed = parse('rdf.xml', 'https://bondbeat.example.net/index.rdf');
    expect(feed.format).toBe('rdf');
    expect(feed.meta).toMatchObject({
      title: 'Bond Beat',
      siteUrl: 'https://bondbeat.example.net/',
      imageUrl: 'https://bondbeat.example.net/logo.gif',
      language: 'en',
      authorName: 'Bond Beat desk',
      copyright: 'Copyright 2025 Bond Beat LLC',
      ttlMinutes: 720,
    });
    expect(feed.items.map((item) => [item.guid, item.author, item.publishedAt?.toISOString()])).toEqual([
      ['https://bondbeat.example.net/2025/11/17/muni-supply', 'Tom Becker', '2025-11-18T02:00:00.000Z'],
      ['https://bondbeat.example.net/2025/11/14/tips-breakevens', 'Tom Becker', '2025-11-15T01:30:00.000Z'],
    ]);
    expect(feed.items[0]?.categories).toEqual(['Municipals']);
    expect(feed.items[1]?.title).toBe('TIPS breakevens & the Fed');
    expect(feed.items[1]?.contentHtml).toBe(
      '<p>Ten-year breakevens at 2.3%. We own <b>TIP</b> over nominal Treasuries.</p>',
    );
  });

  it('reads JSON Feed 1.1: relative URLs, content_text, repeated tags, audio attachments', () => {
    const feed = parse('json-feed.json', 'https://smallcapsignals.example.com/feed.json');
    expect(feed.format).toBe('json');
    expect(feed.meta).toMatchObject({
      title: 'Small Cap Signals',
      siteUrl: 'https://smallcapsignals.example.com/',
      imageUrl: 'https://smallcapsignals.example.com/icon-512.png',
      language: 'en-US',
      authorName: 'Rafael Ortiz',
    });
    const [boot, kinsale, audio] = feed.items;
    expect(boot).toMatchObject({
      url: 'https://smallcapsignals.example.com/posts/2025-11-13-boot-barn',
      categories: ['retail', 'small caps'],
      imageUrl: 'https://smallcapsignals.example.com/posts/images/boot-hero.jpg',
    });
    expect(boot?.contentHtml).toContain('src="https://smallcapsignals.example.com/posts/images/boot-stores.png"');
    expect(kinsale).toMatchObject({
      guid: '2025-11-06-kinsale',
      title: 'Kinsale Capital & the E&S insurance cycle',
      contentHtml: '<p>Kinsale (KNSL) writes excess and surplus lines. Pricing is still rising 5% a year.</p>',
      language: 'en-US',
    });
    expect(audio?.audio).toEqual({
      url: 'https://cdn.smallcapsignals.example.com/audio/qa-2025-10.mp3',
      type: 'audio/mpeg',
      lengthBytes: 48211200,
      durationSeconds: 3012,
    });
  });
});
