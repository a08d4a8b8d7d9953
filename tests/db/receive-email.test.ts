import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapSender } from '@/lib/ingest/email/map-sender';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { receiveEmail } from '@/lib/ingest/email/receive-email';
import { slugForSender } from '@/lib/ingest/email/sender-publication';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// Newsletters arriving by e-mail, filed into a real database with raw copies in a real folder store.
const db = suiteDatabase();
let rawDir: string;
let rawStore: DirectoryRawStore;

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/email', name));
const receive = async (raw: Buffer) =>
  receiveEmail(db, await parseInboundEmail(raw), { body: raw, contentType: 'message/rfc822' }, { rawStore });
const withMessageId = (raw: Buffer, id: string) =>
  Buffer.from(raw.toString('latin1').replace(/^Message-ID: .*$/m, `Message-ID: <${id}>`), 'latin1');

beforeAll(async () => {
  rawDir = mkdtempSync(path.join(tmpdir(), 'finpub-raw-'));
  rawStore = new DirectoryRawStore(rawDir);
});

afterAll(async () => {
  rmSync(rawDir, { recursive: true, force: true });
});

describe('receiveEmail', () => {
  it('creates the publication on the first mail and files the mail as a clean, searchable post', async () => {
    const raw = fixture('substack-qp.eml');
    const received = await receive(raw);
    expect(received).toMatchObject({
      status: 'stored',
      publicationSlug: 'macro.example.com',
      publicationCreated: true,
      textChanged: true,
    });
    const [post] = await db.query<Record<string, unknown>>(
      `select title, url, content_html, body_text, text_source, raw_key, raw_content_type, search_indexed_at, author
         from posts where id = $1`,
      [received.postId],
    );
    expect(post).toMatchObject({
      title: 'Rates, the yen and Nestlé’s margin squeeze',
      url: 'https://macro.example.com/p/rates',
      text_source: 'email',
      raw_content_type: 'message/rfc822',
      author: 'Macro Notes',
    });
    expect(post!.search_indexed_at).not.toBeNull();
    const html = String(post!.content_html);
    const text = String(post!.body_text);
    expect(text).toContain('Société Générale’s desk agrees');
    for (const chrome of ['eotrx.substackcdn.com', 'Unsubscribe', 'View this post on the web', 'You are receiving']) {
      expect(html).not.toContain(chrome);
      expect(text).not.toContain(chrome);
    }
    const stored = await rawStore.get(String(post!.raw_key));
    expect(stored?.body.equals(raw)).toBe(true);
    const [publication] = await db.query<Record<string, unknown>>(
      `select source_kind, title, author_email, site_url from publications where slug = 'macro.example.com'`,
    );
    expect(publication).toMatchObject({
      source_kind: 'email',
      title: 'Macro Notes',
      site_url: 'https://macro.example.com',
    });
  });

  it('stores a redelivered Message-ID once, and two deliveries racing one post', async () => {
    const raw = fixture('base64-html.eml');
    const first = await receive(raw);
    expect(first.status).toBe('stored');
    expect(await receive(raw)).toMatchObject({ status: 'duplicate', postId: first.postId });

    const racing = withMessageId(fixture('base64-html.eml'), 'racing-2026@chipletter.example');
    const both = await Promise.all([receive(racing), receive(racing)]);
    expect(both.map((r) => r.status).sort()).toEqual(['duplicate', 'stored']);
    const posts = await db.query(`select 1 from posts where guid = 'racing-2026@chipletter.example'`);
    expect(posts).toHaveLength(1);
  });

  it('decodes mail in other charsets, and files mail without a Message-ID by a derived one', async () => {
    for (const name of ['iso-8859-1.eml', 'windows-1252.eml', 'koi8-r.eml']) {
      const received = await receive(fixture(name));
      const [post] = await db.query<{ title: string }>('select title from posts where id = $1', [received.postId]);
      if (name === 'koi8-r.eml') expect(post!.title).toMatch(/[А-Яа-я]/u);
      else expect(post!.title).toBe('Société Générale et Nestlé');
    }
    const derived = await receive(fixture('no-message-id.eml'));
    expect(derived.messageId).toMatch(/^derived-/);
    expect((await receive(fixture('no-message-id.eml'))).status).toBe('duplicate');
  });

  it("follows an operator's mapping of a sender to an existing publication", async () => {
    await db.query(
      `insert into publications (slug, title, site_url, source_kind, feed_url)
       values ('chipletter-feed.example', 'Chip Letter', 'https://chipletter-feed.example', 'rss',
               'https://chipletter-feed.example/feed')`,
    );
    const mapped = await mapSender(db, 'Research@ChipLetter.example', 'chipletter-feed.example');
    expect(mapped).toMatchObject({ slug: 'chipletter-feed.example', sender: 'from:research@chipletter.example' });
    const raw = Buffer.from(
      fixture('base64-html.eml')
        .toString('latin1')
        .replace('From: Chip Letter <editor@chipletter.example>', 'From: Chip Letter <research@chipletter.example>')
        .replace(/^Message-ID: .*$/m, 'Message-ID: <mapped-1@chipletter.example>'),
      'latin1',
    );
    expect(await receive(raw)).toMatchObject({ status: 'stored', publicationSlug: 'chipletter-feed.example' });
    await expect(mapSender(db, 'x@y.example', 'no-such-publication.example')).rejects.toThrow(/No publication/);
  });
});

describe('slugForSender', () => {
  it('uses the sender domain without its mail subdomain, and the list name on shared sending domains', () => {
    expect(slugForSender('news@mail.acme.com', null)).toBe('acme.com');
    expect(slugForSender('editor@chipletter.example', '<list.other.example>')).toBe('chipletter.example');
    expect(slugForSender('macroletter@substack.com', 'macroletter.substack.com')).toBe('macroletter.substack.com');
    expect(slugForSender('macroletter@substack.com', null)).toBe('macroletter.substack.com');
    expect(slugForSender('Jane.Doe@gmail.com', null)).toBe('jane-doe.gmail.com');
  });
});

describe('language', () => {
  it('records the language of a mail that does not state one, detected from its text', async () => {
    const body = [
      'Les marchés européens ont progressé cette semaine, portés par les banques et les valeurs industrielles.',
      'Nous restons prudents sur le secteur automobile, dont les marges se contractent depuis trois trimestres.',
    ].join(' ');
    const raw = Buffer.from(
      [
        'From: Lettre des marchés <redaction@lettre-marches.example.fr>',
        'Subject: La semaine des marchés',
        'Date: Wed, 25 Nov 2026 08:15:00 +0100',
        'Message-ID: <language-check@lettre-marches.example.fr>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
      ].join('\r\n'),
      'utf8',
    );
    const received = await receive(raw);
    const [post] = await db.query<{ language: string | null }>('select language from posts where id = $1', [
      received.postId,
    ]);
    expect(post!.language).toBe('fr');
  });
});
