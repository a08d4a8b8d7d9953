import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanNewsletterHtml } from '@/lib/ingest/email/clean';
import { newsletterIdentity, slugFromSender } from '@/lib/ingest/email/identity';
import { InboundEmailError } from '@/lib/ingest/email/inbound-email-error';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';

const fixture = (name: string) => readFileSync(`tests/fixtures/email/${name}`);

describe('parseInboundEmail', () => {
  it('reads a multipart/alternative quoted-printable newsletter with List-Id', async () => {
    const mail = await parseInboundEmail(fixture('substack-qp.eml'));
    expect(mail.messageId).toBe('20261123073000.abc123@mail.macro.example.com');
    expect(mail.from).toEqual({ address: 'macro@mail.macro.example.com', name: 'Macro Notes' });
    expect(mail.listId).toBe('macro-notes.macro.example.com');
    expect(mail.listUnsubscribe).toBe(
      '<https://macro.example.com/action/disable_email?token=abc>, <mailto:unsub@macro.example.com>',
    );
    expect(mail.subject).toBe('Rates, the yen and Nestlé’s margin squeeze');
    expect(mail.date?.toISOString()).toBe('2026-11-23T07:30:00.000Z');
    expect(mail.text).toContain('The Bank of Japan held at 0.5 % — but the curve says otherwise.');
    expect(mail.html).toContain('Société Générale’s desk agrees.');
    expect(mail.inReplyTo).toBeNull();
  });

  it('reads a base64 HTML-only message', async () => {
    const mail = await parseInboundEmail(fixture('base64-html.eml'));
    expect(mail.text).toBeNull();
    expect(mail.html).toContain('we keep ASML at buy with a €850 target. 日本語も保存。');
    expect(mail.date?.toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });

  it('decodes ISO-8859-1, windows-1252 (curly quotes) and KOI8-R', async () => {
    const latin = await parseInboundEmail(fixture('iso-8859-1.eml'));
    expect(latin.from.name).toBe('François Bérard');
    expect(latin.subject).toBe('Société Générale et Nestlé');
    expect(latin.text?.trim()).toBe('Société Générale relève son objectif sur Nestlé à 112 CHF.');
    const cp = await parseInboundEmail(fixture('windows-1252.eml'));
    expect(cp.text?.trim()).toBe('“Société Générale” reste prudente — Nestlé: 112 € d’objectif.');
    const koi = await parseInboundEmail(fixture('koi8-r.eml'));
    expect(koi.subject).toBe('Сбербанк: дивиденды');
    expect(koi.text?.trim()).toBe('Сбербанк повысил дивиденды; держим SBER.');
  });

  it('derives a stable id for a message without Message-ID', async () => {
    const first = await parseInboundEmail(fixture('no-message-id.eml'));
    const again = await parseInboundEmail(fixture('no-message-id.eml').toString('utf8'));
    expect(first.messageId).toMatch(/^derived-[0-9a-f]{32}$/);
    expect(again.messageId).toBe(first.messageId);
    const changed = await parseInboundEmail(
      fixture('no-message-id.eml').toString('utf8').replace('Three cheap banks', 'Two cheap banks'),
    );
    expect(changed.messageId).not.toBe(first.messageId);
  });

  it('refuses garbage, empty and oversize input with InboundEmailError', async () => {
    await expect(parseInboundEmail('')).rejects.toMatchObject({ code: 'not_mime' });
    await expect(parseInboundEmail(Buffer.from([0, 1, 2, 255, 254]))).rejects.toBeInstanceOf(InboundEmailError);
    await expect(parseInboundEmail('<html>hello</html>')).rejects.toMatchObject({ code: 'not_mime' });
    await expect(parseInboundEmail('Subject: no sender\r\n\r\nbody')).rejects.toMatchObject({ code: 'not_mime' });
    await expect(parseInboundEmail(fixture('substack-qp.eml'), { maxBytes: 100 })).rejects.toMatchObject({
      code: 'too_large',
    });
  });
});

describe('cleanNewsletterHtml', () => {
  it('removes web-view, share, footer and pixel chrome and keeps the body', async () => {
    const mail = await parseInboundEmail(fixture('substack-qp.eml'));
    const cleaned = cleanNewsletterHtml(mail.html ?? '');
    expect(cleaned).not.toMatch(/View this post on the web|You are receiving|Unsubscribe|twitter\.com|eotrx|Comment/);
    expect(htmlToPlainText(cleaned)).toBe(
      'Rates, the yen and Nestlé’s margin squeeze\n\n' +
        'The Bank of Japan held at 0.5 % — but the curve says otherwise. We stay long NESN into Q3 earnings; ' +
        'Société Générale’s desk agrees.\n\n- 10-year JGB: 1.42 %\n- USD/JPY: 151.2\n\nRead the full model',
    );
  });

  it('never removes a long body block that contains a chrome link', () => {
    const body = `<div><p>${'Long analysis of Nestlé. '.repeat(30)}</p><p><a href="https://x.example/unsubscribe">Unsubscribe</a></p></div>`;
    const cleaned = cleanNewsletterHtml(body);
    expect(cleaned).toContain('Long analysis of Nestlé.');
    expect(cleaned).not.toContain('Unsubscribe');
  });

  it('removes "Forwarded this email? Subscribe here" blocks', () => {
    expect(
      cleanNewsletterHtml(
        '<p>Forwarded this email? <a href="https://x.example/s">Subscribe here</a> for more.</p><p>Body.</p>',
      ),
    ).toBe('<p>Body.</p>');
  });
});

describe('newsletterIdentity and slugFromSender', () => {
  it('maps by List-Id first, else sender', () => {
    expect(newsletterIdentity({ from: { address: 'A@B.example' }, listId: 'Notes.B.Example' })).toBe(
      'list:notes.b.example',
    );
    expect(newsletterIdentity({ from: { address: 'A@B.example' }, listId: null })).toBe('from:a@b.example');
  });

  it('strips one mail subdomain only when a registrable domain remains', () => {
    expect(slugFromSender('macro@mail.macro.example.com')).toBe('macro.example.com');
    expect(slugFromSender('x@news.valuedigest.example')).toBe('valuedigest.example');
    expect(slugFromSender('x@e.acme.co.uk')).toBe('acme.co.uk');
    expect(slugFromSender('x@mail.co.uk')).toBe('mail.co.uk');
    expect(slugFromSender('x@news.com')).toBe('news.com');
    expect(slugFromSender('x@WWW.Chipletter.example')).toBe('chipletter.example');
    expect(slugFromSender('no-at-sign')).toBeNull();
    expect(slugFromSender('x@bad_host!')).toBeNull();
  });
});

describe('cleanNewsletterHtml text rules', () => {
  it('removes a link-less "You are receiving this" block and keeps its neighbours', () => {
    expect(
      cleanNewsletterHtml(
        '<div><p>Buy NESN.</p></div><div><p>You are receiving this email because you signed up at macro.example.com.</p></div>',
      ),
    ).toBe('<div><p>Buy NESN.</p></div>');
  });
});

describe('cleanNewsletterHtml in a short mail', () => {
  it('keeps body text that shares a small wrapper with chrome', () => {
    expect(
      cleanNewsletterHtml(
        '<div><p>Buy NESN.</p><p>You are receiving this because you subscribed.</p><p><a href="https://x.example/unsubscribe">Unsubscribe</a></p></div>',
      ),
    ).toBe('<div><p>Buy NESN.</p></div>');
  });
});
