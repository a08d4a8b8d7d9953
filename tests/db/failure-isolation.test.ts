import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AiProviderError } from '@/lib/ai/errors';
import { appContext } from '@/lib/app/process-context';
import { readCapabilities } from '@/lib/db/capabilities';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { receiveEmail } from '@/lib/ingest/email/receive-email';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { runCommand } from '@/lib/operator/registry';
import { countPostFailures } from '@/lib/post-failures/list-failures';
import { trackStage } from '@/lib/post-failures/track-stage';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { searchPosts } from '@/lib/search/search-posts';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { testSyncDeps } from '@/tests/helpers/sync-deps';

// One post that cannot be indexed (a fault injected by a trigger, as a PostgreSQL error the indexer cannot foresee)
// must not cost its feed, the feeds added after it, or the posts it shares a batch with. The operator commands read
// their configuration from the environment, as the CLI does; hoisted above the imports, which read it when they load.
const { dataDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(`${tmpdir()}/finpub-failures-`);
  process.env.INGEST_ALLOW_HOSTS = '127.0.0.1';
  process.env.DATA_DIR = dir;
  return { dataDir: dir };
});

const db = suiteDatabase();
let host: FeedHost;
const deps = testSyncDeps();
const NOW = new Date('2026-11-26T12:00:00Z');

// Refuses to store the search document of a post titled with the marker word, and to insert a post with the other.
const INJECT_FAULTS = `
  create function reject_marked_posts() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and new.search_vector is not null and new.title like '%Quarantinable%' then
      raise exception 'injected indexing fault for %', new.title;
    end if;
    if tg_op = 'INSERT' and new.title like '%Unstorable%' then
      raise exception 'injected storage fault for %', new.title;
    end if;
    return new;
  end $$;
  create trigger reject_marked_posts before insert or update on posts
    for each row execute function reject_marked_posts();`;
const REMOVE_FAULTS = 'drop trigger reject_marked_posts on posts; drop function reject_marked_posts();';

function rss(site: string, items: { guid: string; title: string; body: string }[]): string {
  const entries = items
    .map(
      (item, i) => `<item><guid>${item.guid}</guid><title>${item.title}</title><link>${site}/p/${item.guid}</link>
        <pubDate>${new Date(Date.UTC(2026, 10, 20 + i)).toUTCString()}</pubDate>
        <description><![CDATA[<p>${item.body}</p>]]></description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${site}</title><link>${site}</link>
    <description>Notes</description>${entries}</channel></rss>`;
}

async function titlesFound(q: string): Promise<string[]> {
  const result = await searchPosts(db, { q, limit: 20, mode: 'fts', now: NOW }, { embeddings: null });
  return result.items.map((item) => item.title);
}

beforeAll(async () => {
  await db.exec(INJECT_FAULTS);
  // The sync command takes the raw store from the process's context, as in the service.
  await openTestAppContext(db);
  host = await startFeedHost();
  host.set('/first.xml', {
    contentType: 'application/rss+xml',
    body: rss('https://first.example', [
      { guid: 'a1', title: 'Copper miners after the mudslide', body: 'Grasberg output fell; copper rallied ❤️.' },
      { guid: 'a2', title: 'Quarantinable notes on tin', body: 'Tin smelters in Yunnan cut output.' },
      { guid: 'a3', title: 'Lithium spodumene glut', body: 'Spodumene prices fell again this week 👨‍👩‍👧‍👦.' },
      { guid: 'a4', title: 'Unstorable thoughts', body: 'This one the database refuses outright.' },
      { guid: 'a1', title: 'Copper miners, the same guid again', body: 'An older copy of the first item.' },
    ]),
  });
  host.set('/second.xml', {
    contentType: 'application/rss+xml',
    body: rss('https://second.example', [{ guid: 'b1', title: 'Nickel in Sulawesi', body: 'Nickel pig iron.' }]),
  });
  host.set('/third.xml', {
    contentType: 'application/rss+xml',
    body: rss('https://third.example', [{ guid: 'c1', title: 'Cobalt and the Congo', body: 'Cobalt hydroxide.' }]),
  });
});

afterAll(async () => {
  await host.close();
  await closeTestAppContext();
  rmSync(deps.rawDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a post that cannot be indexed', () => {
  it('is stored and quarantined, and its feed, the rest of its batch and the next two feeds all go in', async () => {
    const first = await addPublication(db, `${host.origin}/first.xml`, deps);
    expect(first.outcome).toBe('updated');
    expect(first.added).toBe(3);
    expect(first.itemsRefused).toEqual([
      { guid: 'a1', title: 'Copper miners, the same guid again', reason: 'duplicate_guid' },
      {
        guid: 'a4',
        title: 'Unstorable thoughts',
        reason: expect.stringMatching(/^not stored: .*injected storage fault/),
      },
    ]);
    expect(first.postsFailed).toEqual([
      { postId: expect.any(String), stage: 'index', reason: expect.stringContaining('injected indexing fault') },
    ]);
    const second = await addPublication(db, `${host.origin}/second.xml`, deps);
    const third = await addPublication(db, `${host.origin}/third.xml`, deps);
    expect([second.outcome, second.added, second.postsFailed]).toEqual(['updated', 1, []]);
    expect([third.outcome, third.added, third.postsFailed]).toEqual(['updated', 1, []]);

    expect(await titlesFound('copper')).toContain('Copper miners after the mudslide');
    expect(await titlesFound('spodumene')).toContain('Lithium spodumene glut');
    expect(await titlesFound('nickel')).toContain('Nickel in Sulawesi');
    expect(await titlesFound('cobalt')).toContain('Cobalt and the Congo');
    expect(await titlesFound('tin smelters')).not.toContain('Quarantinable notes on tin');
    // Stored and listed all the same: the publication shows it, only search does not have it yet.
    const [listed] = await db.query<{ n: number }>(
      `select count(*)::int as n from posts where title = 'Quarantinable notes on tin'`,
    );
    expect(listed!.n).toBe(1);
  });

  it('is listed by `posts failed` with its stage, attempts and next retry, and counted for /readyz', async () => {
    const failed = await runCommand(db, 'posts failed', {});
    expect(failed.failed).toBe(1);
    expect(failed.posts).toEqual([
      expect.objectContaining({
        publication: 'first.example',
        stage: 'index',
        attempts: 1,
        title: 'Quarantinable notes on tin',
        reason: expect.stringContaining('injected indexing fault'),
      }),
    ]);
    const [row] = failed.posts as { nextRetryAt: string }[];
    expect(Date.parse(row!.nextRetryAt)).toBeGreaterThan(Date.now());
    expect(await countPostFailures(db)).toEqual({ index: 1, embed: 0, summary: 0, picks: 0, total: 1 });
  });

  it('waits for its backoff instead of failing every later batch, then `posts reprocess --failed` indexes it', async () => {
    // A later sync's indexing pass leaves it alone until its retry time: the attempt count does not move.
    await runCommand(db, 'sync', { all: true });
    const [waiting] = await db.query<{ attempts: number }>('select attempts from post_failures');
    expect(waiting!.attempts).toBe(1);
    // Retried while still broken: one attempt more, and a longer wait.
    const again = await runCommand(db, 'posts reprocess', { failed: true });
    expect(again.stillFailed).toEqual([expect.objectContaining({ stage: 'index' })]);
    const [twice] = await db.query<{ attempts: number; wait: number }>(
      `select attempts, extract(epoch from next_retry_at - last_failed_at)::int as wait from post_failures`,
    );
    expect(twice).toEqual({ attempts: 2, wait: 240 });

    await db.exec(REMOVE_FAULTS);
    const fixed = await runCommand(db, 'posts reprocess', { failed: true });
    expect(fixed).toMatchObject({ retried: 1, stillFailed: [] });
    expect(await titlesFound('tin smelters')).toContain('Quarantinable notes on tin');
    expect((await runCommand(db, 'posts failed', {})).failed).toBe(0);
    await db.exec(INJECT_FAULTS);
  });
});

describe('a mail that cannot be made into a post', () => {
  const mail = (subject: string, id: string) =>
    Buffer.from(
      [
        'From: Macro Letter <letter@macro.example>',
        'To: inbox@finpub.example',
        `Subject: ${subject}`,
        `Message-ID: <${id}@macro.example>`,
        'Date: Tue, 24 Nov 2026 08:00:00 +0000',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Rates, the dollar and the curve 📉 this week.',
      ].join('\r\n'),
    );

  it('is kept raw, answered as received, listed as failed, and filed after a fix', async () => {
    const raw = mail('Unstorable macro letter', 'm1');
    // Kept where the service keeps raw sources, which is where the operator command looks for it.
    const store = { rawStore: (await appContext()).rawStore };
    const received = await receiveEmail(
      db,
      await parseInboundEmail(raw),
      { body: raw, contentType: 'message/rfc822' },
      store,
    );
    expect(received).toMatchObject({ status: 'failed', postId: null, publicationSlug: expect.any(String) });
    const listed = await runCommand(db, 'posts failed', {});
    expect(listed.emails).toEqual([
      expect.objectContaining({ messageId: 'm1@macro.example', reason: expect.stringContaining('injected storage') }),
    ]);
    // The next mail of the same sender is not held up by it.
    const good = mail('Curve notes', 'm2');
    expect(
      await receiveEmail(db, await parseInboundEmail(good), { body: good, contentType: 'message/rfc822' }, store),
    ).toMatchObject({ status: 'stored' });

    await db.exec(REMOVE_FAULTS);
    const retried = await runCommand(db, 'posts reprocess', { failed: true });
    expect(retried).toMatchObject({ emailsFiled: 1, emailsStillFailed: 0 });
    expect((await runCommand(db, 'posts failed', {})).failed).toBe(0);
    expect(await titlesFound('unstorable macro letter')).toContain('Unstorable macro letter');
    await db.exec(INJECT_FAULTS);
  });
});

describe('a summary or picks stage that fails', () => {
  it('is recorded with its attempts while the job retries, and cleared when it succeeds', async () => {
    const [post] = await db.query<{ id: string }>(`select id from posts where title = 'Nickel in Sulawesi'`);
    const failing = () => Promise.reject(new Error('model answered garbage'));
    await expect(trackStage(db, post!.id, 'summary', failing)).rejects.toThrow('garbage');
    await expect(trackStage(db, post!.id, 'summary', failing)).rejects.toThrow('garbage');
    expect((await runCommand(db, 'posts failed', {})).posts).toEqual([
      expect.objectContaining({ stage: 'summary', attempts: 2, reason: 'model answered garbage' }),
    ]);
    expect(await trackStage(db, post!.id, 'summary', async () => 'done')).toBe('done');
    expect((await runCommand(db, 'posts failed', {})).failed).toBe(0);
  });
});

describe('a post the embedding provider refuses', () => {
  // A provider that refuses any text with the marker word, as OpenAI answers 400 to an input it cannot take; and one
  // that is down, which is no post's fault.
  const provider = (failure: (texts: string[]) => Error | null): EmbeddingProvider => ({
    id: 'test-embeddings-4d',
    dimensions: 4,
    async embed(texts) {
      const error = failure(texts);
      if (error) throw error;
      return texts.map((_, i) => [1, i % 2, 0, 0]);
    },
  });

  it('is quarantined alone while the others are embedded; a provider that is down fails the run instead', async (ctx) => {
    if (!(await readCapabilities(db)).vector) return ctx.skip(); // no pgvector on this database
    const down = provider(() => new AiProviderError(503, 'service unavailable'));
    await expect(embedPendingPosts(db, down)).rejects.toThrow('service unavailable');
    expect((await countPostFailures(db)).embed).toBe(0);

    const picky = provider((texts) =>
      texts.some((text) => text.includes('Cobalt')) ? new AiProviderError(400, 'input rejected') : null,
    );
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from posts');
    const posts = row!.n;
    expect(await embedPendingPosts(db, picky)).toBe(posts - 1);
    const failed = await runCommand(db, 'posts failed', {});
    expect(failed.posts).toEqual([
      expect.objectContaining({ stage: 'embed', title: 'Cobalt and the Congo', reason: 'input rejected' }),
    ]);
    // Within its backoff the next run leaves it alone; once the provider takes it, it leaves the quarantine.
    expect(await embedPendingPosts(db, picky)).toBe(0);
    await runCommand(db, 'posts reprocess', { failed: true });
    expect(
      await embedPendingPosts(
        db,
        provider(() => null),
      ),
    ).toBe(1);
    expect((await countPostFailures(db)).total).toBe(0);
  });
});
