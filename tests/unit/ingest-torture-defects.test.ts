import { describe, expect, it } from 'vitest';
import { cleanNewsletterHtml } from '@/lib/ingest/email/clean';
import { emailDraft } from '@/lib/ingest/email/email-draft';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { cleanLine } from '@/lib/ingest/feeds/feed-text';
import { feedDate } from '@/lib/ingest/feeds/feed-values';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { MAX_NESTING, nestsDeeperThan } from '@/lib/ingest/html/limit-nesting';
import { sanitizePostHtml } from '@/lib/ingest/html/sanitize';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';

// Defects the torture corpus of issue 23 (tests/fixtures/torture) found in the parse, HTML and decoding layer.

const NOW = new Date('2026-11-20T00:00:00Z');
const feedUrl = 'https://torture.example.com/feed';
const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>T</title><link>https://torture.example.com/</link><description>d</description>${items}</channel></rss>`;

/** The deepest element nesting of some HTML, counted from its tags (void elements aside). */
function depthOf(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-z][a-z0-9]*)[^<>]*>/gi)) {
    if (/^(br|hr|img|col|wbr)$/i.test(match[2]!)) continue;
    depth += match[1] ? -1 : 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('HTML nested 10,000 levels deep', () => {
  const deep = `${'<div><span><section>'.repeat(3334)}<p>Deep marker text</p>${'</section></span></div>'.repeat(3334)}`;
  const tables = `${'<table><tr><td>'.repeat(3400)}Unclosed tables marker`;

  it('converts to text without overflowing the stack, keeping the text', () => {
    expect(htmlToPlainText(deep)).toBe('Deep marker text');
    expect(htmlToPlainText(tables)).toBe('Unclosed tables marker');
  });

  it('is sanitized to at most MAX_NESTING levels, its text kept, and the result converts', () => {
    for (const html of [deep, tables]) {
      const clean = sanitizePostHtml(html);
      expect(depthOf(clean)).toBeLessThanOrEqual(MAX_NESTING);
      expect(htmlToPlainText(clean)).toMatch(/marker/);
    }
  });

  it('goes through newsletter cleaning and the e-mail draft', () => {
    expect(cleanNewsletterHtml(deep)).toContain('Deep marker text');
    const draft = emailDraft(
      {
        messageId: 'deep@x',
        from: { address: 'a@x.example.com', name: 'A' },
        listId: null,
        listUnsubscribe: null,
        subject: 'Deep',
        date: null,
        html: tables,
        text: null,
        inReplyTo: null,
      },
      'x.example.com',
      { key: 'k', contentType: 'message/rfc822' },
    );
    expect(draft.bodyText).toBe('Unclosed tables marker');
  });

  it('leaves ordinary HTML alone and counts depth the way the parser nests', () => {
    const html = '<table><tr><td><p>a<br>b<img src="x"></p></td></tr></table>';
    expect(sanitizePostHtml(html)).toBe('<table><tr><td><p>a<br />b</p></td></tr></table>');
    expect(nestsDeeperThan(html, 4)).toBe(false);
    // "<div/>" opens a div in HTML; a stray close tag closes nothing.
    expect(nestsDeeperThan('<div/>'.repeat(5), 4)).toBe(true);
    expect(nestsDeeperThan('<b></i><b></i><b>', 2)).toBe(true);
    expect(nestsDeeperThan('<b><i></b><b><i></b>', 2)).toBe(false);
  });
});

describe('text a database cannot store', () => {
  it('cleanLine drops NUL, C0 controls and DEL, turns lone surrogates into U+FFFD, keeps pairs and line breaks', () => {
    expect(cleanLine(' a\u0000b\u0001c\u001Fd\u007Fe\tf\ng ')).toBe('abcde\tf\ng');
    expect(cleanLine('x\uD800y\uDC00z\uDE00\uD83D')).toBe('x\uFFFDy\uFFFDz\uFFFD\uFFFD');
    expect(cleanLine('\u{1F468}\u200D\u{1F469} \u0085 \uFE0F')).toBe('\u{1F468}\u200D\u{1F469} \u0085 \uFE0F');
    expect(cleanLine('\u0000 \u0007')).toBeNull();
  });

  it('comes out of a feed clean, and two guids equal once cleaned are one item', () => {
    const feed = parseFeed(
      rss(
        '<item><guid>g\u0000</guid><title>NUL\u0000 and bell\u0007 &#0;</title><description>x\u0001y</description></item>' +
          '<item><guid>g</guid><title>Second</title></item>',
      ),
      { feedUrl, now: NOW },
    );
    expect(feed.items.map((item) => [item.guid, item.title, item.description])).toEqual([
      ['g', 'NUL and bell \uFFFD', 'xy'],
    ]);
    expect(feed.refused).toEqual([{ guid: 'g', title: 'Second', reason: 'duplicate_guid' }]);
    const json = parseFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J\uD800',
        items: [{ id: 'j\uD800', title: 'Lone \uDE00 half', content_text: 'a\u0000b' }],
      }),
      { feedUrl, now: NOW },
    );
    expect(json.meta.title).toBe('J\uFFFD');
    expect(json.items.map((item) => [item.guid, item.title, item.contentHtml])).toEqual([
      ['j\uFFFD', 'Lone \uFFFD half', '<p>ab</p>'],
    ]);
  });

  it('bounds a guid to 500 characters with a stable digest', () => {
    const guid = 'g'.repeat(5000);
    const parse = () =>
      parseFeed(rss(`<item><guid>${guid}</guid><title>Long guid</title></item>`), { feedUrl, now: NOW }).items[0]!;
    expect(parse().guid).toMatch(/^hash:[0-9a-f]{32}$/);
    expect(parse().guid).toBe(parse().guid);
  });

  it('drops dates PostgreSQL cannot store and placeholders, keeps the epoch', () => {
    for (const text of ['0000-01-01T00:00:00Z', '-000500-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', '0001-01-01'])
      expect(feedDate(text, NOW), text).toBeNull();
    expect(feedDate('1900-01-01T00:00:00Z', NOW)).toBeNull();
    expect(feedDate('Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(feedDate('1969-12-31T23:59:59Z', NOW)?.toISOString()).toBe('1969-12-31T23:59:59.000Z');
  });
});

describe('items a feed parser leaves out', () => {
  it('lists every item it does not return, with its reason', () => {
    const feed = parseFeed(
      rss(
        '<item></item><item><guid isPermaLink="false">only-a-guid</guid></item>' +
          '<item><guid>a</guid><title>A</title></item><item><guid>a</guid><title>A again</title></item>' +
          '<item><title>CDATA <![CDATA[<item>not an item</item>]]></title></item>',
      ),
      { feedUrl, now: NOW },
    );
    expect(feed.items.map((item) => item.title)).toEqual(['A', 'CDATA not an item']);
    expect(feed.refused).toEqual([
      { guid: 'only-a-guid', title: null, reason: 'nothing_to_import' },
      { guid: 'a', title: 'A again', reason: 'duplicate_guid' },
      { guid: null, title: null, reason: 'nothing_to_import' },
    ]);
    const json = parseFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [null, 5, 'x', {}, { id: 'k' }, { id: 'm', title: 'M' }],
      }),
      { feedUrl, now: NOW },
    );
    expect(json.items.map((item) => item.guid)).toEqual(['m']);
    expect(json.refused.map((refusal) => refusal.reason).sort()).toEqual([
      'not_an_item',
      'not_an_item',
      'not_an_item',
      'nothing_to_import',
      'nothing_to_import',
    ]);
  });
});

describe('hostile e-mail', () => {
  const mail = (headers: string, body: string) =>
    Buffer.from(
      `From: Letter <letter@mail.torture.example.com>\r\nTo: in@x.example\r\n${headers}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`,
    );

  it('comes out without NUL or controls', async () => {
    const email = await parseInboundEmail(
      mail(
        'Subject: =?UTF-8?B?TlVMAAE=?= end\r\nMessage-ID: <n@x>\r\nDate: Mon, 02 Nov 2026 07:30:00 +0000',
        'a\u0000b\u0007c',
      ),
      { now: NOW },
    );
    expect([email.subject, email.text?.trim()]).toEqual(['NUL end', 'abc']);
  });

  it('replaces a Message-ID too long to be a guid by its digest, the same on every delivery', async () => {
    const raw = mail(`Subject: s\r\nMessage-ID: <${'m'.repeat(2000)}@x>`, 'body');
    const first = await parseInboundEmail(raw, { now: NOW });
    expect(first.messageId).toMatch(/^derived-[0-9a-f]{32}$/);
    expect((await parseInboundEmail(raw, { now: NOW })).messageId).toBe(first.messageId);
  });

  it('drops a date in the far future or before 1900, keeps the epoch', async () => {
    const dated = async (date: string) =>
      (await parseInboundEmail(mail(`Subject: s\r\nMessage-ID: <d@x>\r\nDate: ${date}`, 'b'), { now: NOW })).date;
    expect(await dated('Fri, 01 Jan 2100 09:30:00 +0000')).toBeNull();
    expect(await dated('Mon, 01 Jan 1776 09:30:00 +0000')).toBeNull();
    expect((await dated('Thu, 01 Jan 1970 00:00:00 +0000'))?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
});
