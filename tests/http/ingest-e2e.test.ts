import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import { type LoopbackServer, startLoopbackServer } from '@/tests/helpers/loopback-server';
import { type RunningService, startService } from '@/tests/helpers/service';

// A newsletter in Substack's feed shape, published today, with two explicit calls the service must find by itself.
const today = new Date();
const day = today.toISOString().slice(0, 10);
const CALL = 'This week we bought $AMD for the model portfolio, at about $160 a share.';
const BODY = [
  '<p>Quarterly letter: why the accelerator cycle has further to run, and where we are positioned.</p>',
  '<p>Hyperscaler capital spending guidance rose again this quarter, and the order books of the chip designers',
  'now stretch well into next year. Supply of advanced packaging remains the bottleneck.</p>',
  `<p>${CALL} The MI-series roadmap gives it a credible second-source role.</p>`,
  '<p>We sold the rest of our Nike ($NKE) shares at $70 and are moving on. Inventory is still too high.</p>',
  '<p>Margins at the foundries should hold near 53% as pricing stays firm through the spring.</p>',
  '<p>This is not investment advice. Thanks for reading Quillfeather Capital Notes!</p>',
].join('\n');
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Quillfeather Capital Notes</title><link>https://www.quillfeather-notes.com</link>
<description>Semiconductor and consumer notes.</description><language>en-us</language>
<item><title>Accelerators, packaging and a farewell to Nike</title>
<link>https://www.quillfeather-notes.com/p/accelerators-packaging?utm_source=rss&amp;utm_medium=email</link>
<guid isPermaLink="false">quillfeather-2026-q4</guid><dc:creator>Ada Quill</dc:creator>
<pubDate>${today.toUTCString()}</pubDate><description>Where we are positioned.</description>
<content:encoded><![CDATA[${BODY}]]></content:encoded></item></channel></rss>`;

let feedHost: LoopbackServer;
let service: RunningService;
let key: string;

const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, service.url), init);
const command = (name: string, args: Record<string, unknown> = {}) =>
  runRemoteCommand(readServiceFile(service.dataDir)!, name, args);
const paid = () => ({ headers: { authorization: `Bearer ${key}` } });

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Its own service with no demo data, summaries generated only on demand: the catalogue is what `publications add`
// brings in, and the first paid request is what asks for a summary.
beforeAll(async () => {
  feedHost = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(FEED);
  });
  service = await startService({
    SEED_DEMO_DATA: 'false',
    DATABASE_URL: '',
    AI_GENERATE_ON_INGEST: 'false',
    INGEST_ALLOW_HOSTS: '127.0.0.1',
  });
  await command('users create', { email: 'e2e-ingest@example.com' });
  key = ((await command('keys create', { email: 'e2e-ingest@example.com' })) as { key: string }).key;
  await command('credits grant', { email: 'e2e-ingest@example.com', cents: 500 });
}, 300_000);

afterAll(async () => {
  await service?.stop();
  await feedHost?.close();
});

describe('content in, end to end over HTTP', () => {
  let slug: string;
  let postPath: string;

  it('adds a feed with one command: posts stored, listed and searchable when it returns', async () => {
    const added = (await command(`publications add ${feedHost.origin}/feed`)) as Record<string, unknown>;
    expect(added).toMatchObject({ slug: 'quillfeather-notes.com', kind: 'rss', postsAdded: 1, outcome: 'updated' });
    slug = added.slug as string;

    const detail = await (await api(`/api/v1/publications/${slug}`)).json();
    expect(detail.title).toBe('Quillfeather Capital Notes');
    expect(detail.lastSyncedAt).not.toBeNull();
    expect(detail.posts).toHaveLength(1);
    postPath = `/api/v1/publications/${slug}/${detail.posts[0].slug}`;

    const search = await (await api('/api/v1/search?q=advanced%20packaging%20bottleneck&mode=fts')).json();
    const found = search.items.map(
      (item: { publicationSlug: string; slug: string }) => `${item.publicationSlug}/${item.slug}`,
    );
    expect(found).toContain(`${slug}/${detail.posts[0].slug}`);
  });

  it('answers 503 without charging, generates the summary in the background, then sells it', async () => {
    const first = await api(postPath, paid());
    expect(first.status).toBe(503);
    expect((await first.json()).code).toBe('summary_not_ready');
    const before = (await command('balance', { email: 'e2e-ingest@example.com' })) as { purchasedCents: number };
    expect(before.purchasedCents).toBe(500);

    const body = await eventually(async () => {
      const response = await api(postPath, paid());
      return response.status === 200 ? await response.json() : undefined;
    }, 'the generated summary');
    expect(body.synthesizedSummary).toMatch(/^Takeaway: /);
    expect(body.synthesizedSummary).toContain('Tickers mentioned:');
    expect(body.synthesizedSummary).toMatch(/AMD/);
    // Tracking parameters are gone from the stored link.
    expect(body.url).toBe('https://www.quillfeather-notes.com/p/accelerators-packaging');
    const after = (await command('balance', { email: 'e2e-ingest@example.com' })) as { purchasedCents: number };
    expect(after.purchasedCents).toBe(490);
  }, 90_000);

  it("extracts that day's stock picks after the summary, with verbatim evidence", async () => {
    const picks = await eventually(async () => {
      const response = await api(`/api/v1/stock-picks?date=${day}`, paid());
      return response.status === 200 ? await response.json() : undefined;
    }, 'the extracted stock picks');
    const byTicker = new Map(picks.items.map((item: { ticker: string }) => [item.ticker, item]));
    expect(byTicker.get('AMD')).toMatchObject({ action: 'NEW_POSITION', direction: 'LONG', publicationSlug: slug });
    expect(byTicker.get('NKE')).toMatchObject({ action: 'EXIT', activePick: false });
    expect((byTicker.get('AMD') as { evidenceQuote: string }).evidenceQuote).toContain('we bought $AMD');
  }, 90_000);

  it('shows the job runs to the operator', async () => {
    const jobs = (await command('jobs')) as { engine: string; runs: Array<{ job: string; status: string }> };
    expect(jobs.engine).toBe('local');
    const completed = jobs.runs.filter((run) => run.status === 'completed').map((run) => run.job);
    expect(completed).toEqual(expect.arrayContaining(['generate-summary', 'extract-picks']));
  });
});
