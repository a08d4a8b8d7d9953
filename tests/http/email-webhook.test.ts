import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { getJson } from '@/tests/helpers/http';

// The inbound-mail webhook of the built service (configured by the HTTP suites' global setup).
const url = () => new URL('/api/webhooks/email', inject('baseUrl'));
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/email', name));
const withMessageId = (raw: Buffer, id: string) =>
  Buffer.from(raw.toString('latin1').replace(/^Message-ID: .*$/m, `Message-ID: <${id}>`), 'latin1');
const mime = (body: Buffer, authorization = `Bearer ${inject('inboundEmailSecret')}`) =>
  fetch(url(), {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', authorization },
    body: new Uint8Array(body),
  });

function mailgunForm(fields: Record<string, string>, key = inject('mailgunSigningKey')) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, timestamp, token, signature })) form.set(name, value);
  return form;
}

describe('POST /api/webhooks/email', () => {
  it('refuses a raw message without the bearer secret', async () => {
    for (const authorization of ['', 'Bearer wrong-secret-wrong-secret-wrong']) {
      const response = await mime(fixture('base64-html.eml'), authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('files a newsletter as a post that is listed and searchable, and stores a redelivery once', async () => {
    const id = `webhook-${randomBytes(6).toString('hex')}@mail.macro.example.com`;
    const raw = withMessageId(fixture('substack-qp.eml'), id);
    const first = await mime(raw);
    expect(first.status).toBe(200);
    const stored = await first.json();
    expect(stored).toMatchObject({ status: 'stored', messageId: id, publicationSlug: 'macro.example.com' });

    const detail = await getJson<{ posts: Array<{ slug: string }> }>(`/api/v1/publications/${stored.publicationSlug}`);
    expect(detail.body.posts.map((p) => p.slug)).toContain(stored.postSlug);
    const search = await getJson<{ items: Array<{ publicationSlug: string; slug: string }> }>(
      '/api/v1/search?q=Bank%20of%20Japan%20held%20curve%20says%20otherwise&mode=fts',
    );
    expect(search.body.items.map((i) => `${i.publicationSlug}/${i.slug}`)).toContain(
      `${stored.publicationSlug}/${stored.postSlug}`,
    );

    const again = await mime(raw);
    expect(await again.json()).toMatchObject({ status: 'duplicate', postSlug: stored.postSlug });
    const after = await getJson<{ posts: Array<{ slug: string }> }>(`/api/v1/publications/${stored.publicationSlug}`);
    expect(after.body.posts.length).toBe(detail.body.posts.length);
  });

  it("accepts Mailgun's signed form post, and refuses a bad signature", async () => {
    const id = `mailgun-${randomBytes(6).toString('hex')}@chipletter.example`;
    const fields = { 'body-mime': withMessageId(fixture('base64-html.eml'), id).toString('utf8') };
    const ok = await fetch(url(), { method: 'POST', body: mailgunForm(fields) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'stored', messageId: id, publicationSlug: 'chipletter.example' });
    const forged = await fetch(url(), { method: 'POST', body: mailgunForm(fields, 'not-the-signing-key-0123456789') });
    expect(forged.status).toBe(401);
  });

  it('refuses garbage, other content types and oversized bodies with the error vocabulary', async () => {
    const garbage = await mime(Buffer.from('\u0000\u0001 not a mail at all'));
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ code: 'invalid_body' });
    const json = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${inject('inboundEmailSecret')}` },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ code: 'unsupported_media_type' });
    // 21 MiB streamed without a Content-Length: cut at the limit, not buffered whole.
    const chunk = new Uint8Array(1024 * 1024).fill(65);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 21) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const big = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inject('inboundEmailSecret')}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
  });
});
