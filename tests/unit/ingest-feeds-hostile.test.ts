import { describe, expect, it } from 'vitest';
import { FeedParseError } from '@/lib/ingest/feeds/feed-parse-error';
import { decodeEntities, plainText } from '@/lib/ingest/feeds/feed-text';
import { absoluteUrl, absolutizeHtml, feedDate, normalizeLanguage } from '@/lib/ingest/feeds/feed-values';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { feedFixture, thrown } from '@/tests/helpers/feed-fixtures';

const NOW = new Date('2025-11-20T00:00:00Z');
const fixture = feedFixture;

const parseError = (run: () => unknown) => thrown(FeedParseError, run);

describe('parseFeed on hostile input', () => {
  it('rejects broken XML with a typed error and a short reason', () => {
    const error = parseError(() => parseFeed(fixture('broken.xml'), { feedUrl: 'https://halfafeed.example.com/feed' }));
    expect(error.reason).toBe('malformed');
    expect(error.message).toBe('The feed is malformed');
  });

  it('tells a web page, empty text, oversized text and a bad feed URL apart', () => {
    const feedUrl = 'https://chartroom.blog/';
    expect(parseError(() => parseFeed(fixture('page-ghost-home.html'), { feedUrl })).reason).toBe('not_a_feed');
    expect(parseError(() => parseFeed('  \n ', { feedUrl })).reason).toBe('empty');
    expect(parseError(() => parseFeed(fixture('ghost.xml'), { feedUrl, maxLength: 100 })).reason).toBe('too_large');
    expect(parseError(() => parseFeed(fixture('ghost.xml'), { feedUrl: '/rss/' })).reason).toBe('bad_feed_url');
    expect(parseError(() => parseFeed('{"version": "https://jsonfeed.org/version/1.1", ', { feedUrl })).reason).toBe(
      'not_a_feed',
    );
  });

  it('parses a feed with HTML entities, undefined entities and bare ampersands', () => {
    const feed = parseFeed(fixture('bad-entities.xml'), { feedUrl: 'https://flowsweekly.example.com/feed', now: NOW });
    expect(feed.meta.title).toBe('Flows & Positioning Weekly');
    expect(feed.meta.description).toBe('CFTC data, ETF flows — and what they say about crowded trades.');
    // "english" is not a BCP 47 tag.
    expect(feed.meta.language).toBeNull();
    expect(feed.items.map((item) => item.title)).toEqual([
      'S&P 500 futures: specs are max long — again',
      'Treasury basis trade – R&D for the repo market',
    ]);
    expect(feed.items[0]?.url).toBe('https://flowsweekly.example.com/2025/11/spx-specs?utm_source=rss&utm_medium=feed');
    // An entity nobody defines is kept as written rather than guessed at.
    expect(feed.items[0]?.description).toBe(
      'Leveraged funds hold 1.2m net long E-mini contracts… the most since 2018. See © CFTC &undefinedentity; data.',
    );
    expect(feed.items[1]?.description).toBe(
      'Hedge funds are short $1tn of Treasury futures against cash bonds. AT&T’s bonds are not involved.',
    );
    // EST is understood; the date is not dropped.
    expect(feed.items[0]?.publishedAt?.toISOString()).toBe('2025-11-15T02:00:00.000Z');
  });

  it('parses a feed that starts with a byte order mark', () => {
    const text = fixture('bom.xml');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const feed = parseFeed(text, { feedUrl: 'https://emergingalpha.example.com/rss', now: NOW });
    expect(feed.meta.title).toBe('Emerging Alpha');
    expect(feed.meta.language).toBe('pt-BR');
    expect(feed.items[0]?.title).toBe('Petrobras: dividendos e a nova política de preços');
    expect(feed.items[0]?.publishedAt?.toISOString()).toBe('2025-11-10T15:00:00.000Z');
    // feedsmith copes with a BOM before XML but not before JSON.
    const json = parseFeed(`\uFEFF${fixture('json-feed.json')}`, {
      feedUrl: 'https://smallcapsignals.example.com/feed.json',
      now: NOW,
    });
    expect(json.format).toBe('json');
    expect(json.items).toHaveLength(3);
  });

  it('keeps items without dates, nulls unreadable and far-future dates, and hashes a guid when there is no link', () => {
    const feed = parseFeed(fixture('missing-dates.xml'), { feedUrl: 'https://undated.example.com/feed.xml', now: NOW });
    expect(feed.items.map((item) => [item.title, item.publishedAt])).toEqual([
      ['Why we like Berkshire below 1.4x book', null],
      ['Costco: the membership fee math', null],
      ['Scheduled: 2026 outlook', null],
      ['Notes without a link', new Date('2025-11-03T08:00:00Z')],
    ]);
    for (const item of feed.items) expect(Number.isNaN(item.publishedAt?.getTime())).toBe(false);
    expect(feed.items[0]?.guid).toBe('https://undated.example.com/berkshire-book-value');
    const hashed = feed.items[3]?.guid;
    expect(hashed).toMatch(/^hash:[0-9a-f]{32}$/);
    // Stable across polls: the same item gives the same guid.
    const again = parseFeed(fixture('missing-dates.xml'), {
      feedUrl: 'https://undated.example.com/feed.xml',
      now: NOW,
    });
    expect(again.items[3]?.guid).toBe(hashed);
  });

  it('keeps the first of items sharing a guid and reports the guid', () => {
    const feed = parseFeed(fixture('duplicate-guids.xml'), { feedUrl: 'https://etmonitor.example.com/rss', now: NOW });
    expect(feed.items.map((item) => item.title)).toEqual([
      'NextEra: the grid capex story (updated)',
      'Constellation and the data-center power trade',
      'Weekly links',
    ]);
    expect(feed.items[2]?.description).toBe('Links for the week.');
    expect(feed.duplicateGuids).toEqual(['etm-2025-0112', feed.items[2]?.guid]);
  });
});

describe('parseFeed against attacks and oddities', () => {
  const feedUrl = 'https://x.example/feed';

  it('does not expand entity bombs or read external entities', () => {
    const levels = ['<!ENTITY l0 "lol">'];
    for (let i = 1; i < 10; i++) levels.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`);
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [${levels.join('')}]><rss version="2.0"><channel><title>&l9;</title><item><title>&l9;</title><link>https://x.example/1</link></item></channel></rss>`;
    const feed = parseFeed(bomb, { feedUrl });
    expect(feed.meta.title).toBe('&l9;');
    expect(feed.items[0]?.title).toBe('&l9;');
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&x;</title></channel></rss>`;
    expect(parseError(() => parseFeed(xxe, { feedUrl })).reason).toBe('malformed');
  });

  it('reads an RSS 0.91 feed with its public DOCTYPE', () => {
    const text = `<?xml version="1.0"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old &amp; Gold</title><link>http://old.example.com/</link><description>Gold bugs since 1999</description><language>en-us</language><item><title>Gold at $400</title><link>http://old.example.com/1</link></item></channel></rss>`;
    const feed = parseFeed(text, { feedUrl: 'http://old.example.com/rss.xml' });
    expect(feed.meta).toMatchObject({ title: 'Old & Gold', siteUrl: 'http://old.example.com/', language: 'en-US' });
    expect(feed.items.map((item) => [item.guid, item.title])).toEqual([['http://old.example.com/1', 'Gold at $400']]);
  });

  it('drops script links and placeholder lengths, and items that carry nothing', () => {
    const text = `<rss version="2.0"><channel><title>t</title>
<item><title></title><guid>  </guid><enclosure url="javascript:alert(1)" type="audio/mpeg" length="-5"/></item>
<item><link>javascript:alert(1)</link><description>Notes on &lt;b&gt;AAPL&lt;/b&gt;</description></item>
</channel></rss>`;
    const feed = parseFeed(text, { feedUrl });
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ url: null, audio: null, description: 'Notes on AAPL' });
  });

  it('takes the name from an RSS author "email (Name)" and never shows a bare address as the author', () => {
    const text = `<rss version="2.0"><channel><title>t</title>
<item><title>A</title><link>https://x.example/a</link><author>jane@x.example (Jane Roe)</author></item>
<item><title>B</title><link>https://x.example/b</link><author>jane@x.example</author></item>
</channel></rss>`;
    expect(parseFeed(text, { feedUrl }).items.map((item) => item.author)).toEqual(['Jane Roe', null]);
  });

  it('survives JSON Feed items of the wrong shape', () => {
    const text = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'x',
      items: [null, 5, { id: 7, title: 'Numbered', url: 5, tags: 'x' }],
    });
    const feed = parseFeed(text, { feedUrl });
    expect(feed.items.map((item) => [item.guid, item.title, item.url, item.categories])).toEqual([
      // feedsmith coerces the number and the lone tag; nothing crashes.
      ['7', 'Numbered', 'https://x.example/5', ['x']],
    ]);
    const notArray = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'x', items: 'nope' });
    expect(parseFeed(notArray, { feedUrl }).items).toEqual([]);
  });
});

describe('feed values', () => {
  it('normalizes language tags to BCP 47 and refuses what is not one', () => {
    expect(normalizeLanguage('en-us')).toBe('en-US');
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('pt_br')).toBe('pt-BR');
    expect(normalizeLanguage('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(normalizeLanguage('English')).toBeNull();
    expect(normalizeLanguage('e')).toBeNull();
    expect(normalizeLanguage('en--US')).toBeNull();
    expect(normalizeLanguage(42)).toBeNull();
  });

  it('reads dates without ever returning an Invalid Date', () => {
    expect(feedDate('Mon, 03 Nov 2025 14:00:00 GMT', NOW)?.toISOString()).toBe('2025-11-03T14:00:00.000Z');
    expect(feedDate('2025-11-03T14:00:00+02:00', NOW)?.toISOString()).toBe('2025-11-03T12:00:00.000Z');
    expect(feedDate('Mon, 03 Nov 2025 14:00:00 CET', NOW)?.toISOString()).toBe('2025-11-03T14:00:00.000Z');
    expect(feedDate('not a date', NOW)).toBeNull();
    expect(feedDate('', NOW)).toBeNull();
    expect(feedDate(undefined, NOW)).toBeNull();
    // Up to a day ahead is clock skew; more is a wrong date.
    expect(feedDate('2025-11-20T20:00:00Z', NOW)?.toISOString()).toBe('2025-11-20T20:00:00.000Z');
    expect(feedDate('2025-11-21T00:00:01Z', NOW)).toBeNull();
  });

  it('only makes http(s) URLs, resolving relative ones', () => {
    expect(absoluteUrl('../a/b', 'https://x.example/c/d/e')).toBe('https://x.example/c/a/b');
    expect(absoluteUrl('javascript:alert(1)', 'https://x.example/')).toBeNull();
    expect(absoluteUrl('data:text/html,hi', null)).toBeNull();
    expect(absoluteUrl('/relative', null)).toBeNull();
    expect(absoluteUrl('   ', 'https://x.example/')).toBeNull();
  });

  it('makes href and src absolute in raw HTML, leaving anchors, absolute and other schemes alone', () => {
    const html =
      '<a href="/p?a=1&amp;b=2">x</a><a href="#top">t</a><a href="mailto:a@b.c">m</a><img src=\'img.png\'><a href="https://o.example/">o</a>';
    expect(absolutizeHtml(html, 'https://x.example/blog/')).toBe(
      '<a href="https://x.example/p?a=1&amp;b=2">x</a><a href="#top">t</a><a href="mailto:a@b.c">m</a><img src=\'https://x.example/blog/img.png\'><a href="https://o.example/">o</a>',
    );
  });

  it('decodes named and numeric entities, and strips tags for plain text', () => {
    expect(decodeEntities('A&amp;B &#8217; &#x2014; &nbsp;&bogus; &#0; &#xD800;')).toBe(
      'A&B ’ —  &bogus; &#0; &#xD800;',
    );
    expect(plainText('<p>One <b>two</b></p><script>var x = "<p>";</script><p>three&nbsp;four</p>')).toBe(
      'One two three four',
    );
    expect(plainText('<br/>  ')).toBeNull();
    // An opener that never closes takes the rest with it; a lone "<" in prose is not a tag.
    expect(plainText('Buy <b>AAPL</b> <script>steal(document.cookie)')).toBe('Buy AAPL');
    expect(plainText('Intro <!-- unclosed comment <p>hidden</p>')).toBe('Intro');
    expect(plainText('If 2 < 3 then <i>yes</i>')).toBe('If 2 < 3 then yes');
  });
});
