import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBearer } from '@/lib/ingest/email/providers/check-bearer';
import { parseMailgunPayload, verifyMailgunSignature } from '@/lib/ingest/email/providers/mailgun';

const key = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
const now = new Date('2026-11-23T08:00:00Z');
const timestamp = String(now.getTime() / 1000 - 30);
const token = 'a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0';
const sign = (secret: string, ts: string, tok: string) =>
  createHmac('sha256', secret)
    .update(ts + tok)
    .digest('hex');

describe('verifyMailgunSignature', () => {
  const good = { timestamp, token, signature: sign(key, timestamp, token) };

  it('accepts a correct signature inside the replay window', () => {
    expect(() => verifyMailgunSignature(good, key, { now })).not.toThrow();
  });

  it('refuses a wrong key, a tampered token, a malformed signature and missing fields', () => {
    expect(() => verifyMailgunSignature(good, 'key-other', { now })).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
    expect(() => verifyMailgunSignature({ ...good, token: `${token}0` }, key, { now })).toThrow(/does not match/);
    expect(() => verifyMailgunSignature({ ...good, signature: 'zz' }, key, { now })).toThrow(/malformed/);
    expect(() => verifyMailgunSignature({ timestamp, token }, key, { now })).toThrow(/malformed/);
    expect(() => verifyMailgunSignature(good, '', { now })).toThrow(/no Mailgun signing key/);
  });

  it('refuses a stale timestamp even when correctly signed', () => {
    const old = String(now.getTime() / 1000 - 301);
    const stale = { timestamp: old, token, signature: sign(key, old, token) };
    expect(() => verifyMailgunSignature(stale, key, { now })).toThrow(
      expect.objectContaining({ code: 'stale_timestamp' }),
    );
    expect(() => verifyMailgunSignature(stale, key, { now, toleranceSeconds: 600 })).not.toThrow();
  });
});

describe('parseMailgunPayload', () => {
  it('parses the MIME endpoint form (body-mime)', async () => {
    const mail = await parseMailgunPayload({
      'body-mime': readFileSync('tests/fixtures/email/substack-qp.eml', 'utf8'),
    });
    expect(mail.messageId).toBe('20261123073000.abc123@mail.macro.example.com');
    expect(mail.listId).toBe('macro-notes.macro.example.com');
  });

  it('parses the parsed-fields form', async () => {
    const mail = await parseMailgunPayload({
      from: 'Chip Letter <editor@chipletter.example>',
      subject: 'Société Générale: TSMC',
      'body-plain': 'Buy TSM — 東京 too.',
      'body-html': '<p>Buy <b>TSM</b> — 東京 too.</p>',
      'message-headers': JSON.stringify([
        ['From', 'Chip Letter <editor@chipletter.example>'],
        ['Subject', 'Société Générale: TSMC'],
        ['Message-Id', '<tsm-1@chipletter.example>'],
        ['Date', 'Tue, 24 Nov 2026 06:00:00 +0000'],
        ['List-Id', 'Chip Letter <chip.chipletter.example>'],
        ['Content-Type', 'multipart/alternative; boundary="x"'],
      ]),
    });
    expect(mail).toMatchObject({
      messageId: 'tsm-1@chipletter.example',
      from: { address: 'editor@chipletter.example', name: 'Chip Letter' },
      listId: 'chip.chipletter.example',
      subject: 'Société Générale: TSMC',
      html: '<p>Buy <b>TSM</b> — 東京 too.</p>',
      text: 'Buy TSM — 東京 too.',
    });
    expect(mail.date?.toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });

  it('refuses message-headers that are not JSON', async () => {
    await expect(parseMailgunPayload({ 'message-headers': '{nope' })).rejects.toMatchObject({ code: 'bad_payload' });
  });
});

describe('checkBearer', () => {
  it('accepts only the exact secret', () => {
    expect(checkBearer('Bearer s3cret-value', 's3cret-value')).toBe(true);
    expect(checkBearer('bearer s3cret-value', 's3cret-value')).toBe(true);
    expect(checkBearer('Bearer s3cret-valuE', 's3cret-value')).toBe(false);
    expect(checkBearer('Bearer s3cret', 's3cret-value')).toBe(false);
    expect(checkBearer('Basic s3cret-value', 's3cret-value')).toBe(false);
    expect(checkBearer(null, 's3cret-value')).toBe(false);
    expect(checkBearer('Bearer ', '')).toBe(false);
  });
});
