import type { IncomingHttpHeaders } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedWatch, WatchDetail } from '@/lib/api/contracts/watches';
import type { EventPayload } from '@/lib/watches/event-payload';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import {
  dashboardServiceEnv,
  launchBrowser,
  newContext,
  overflowingElements,
  screenshot,
  seriousAccessibilityViolations,
  signInLocally,
  VIEWPORTS,
} from '@/tests/helpers/browser';
import { type LoopbackServer, startLoopbackServer } from '@/tests/helpers/loopback-server';
import { type RunningService, startService } from '@/tests/helpers/service';
import { serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Issue 51's "done when", over the built service with its in-process jobs engine: a watch created in the dashboard,
// one over the REST API and one through the MCP tool (the official client over Streamable HTTP) each receive a webhook
// that the Standard Webhooks library verifies, and a feed entry, for a post added by a feed sync and for one added by
// an e-mail; a failing endpoint is retried and its attempts are on the dashboard with the last response code, at
// desktop and phone width.
const EMAIL = 'watcher@example.com';
const INBOUND_EMAIL_SECRET = 'test-inbound-email-secret-0123456789';
const TOPIC = 'regional bank credit';
const FEED_TITLE = 'Regional bank credit is cracking';
const MAIL_SUBJECT = 'Regional bank credit: the second shoe';

let service: RunningService;
let database: TestDatabase;
let feedHost: LoopbackServer;
let receiver: LoopbackServer;
let browser: Browser;
let page: Page;
let mcp: Client;
let apiKey = '';
let publicationSlug = '';
const pageErrors: string[] = [];
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
const secrets: Record<string, string> = {};
const feedUrls: Record<string, string> = {};
let failingId = '';

const item = (guid: string, title: string, body: string) =>
  `<item><guid>${guid}</guid><title>${title}</title><link>https://lender-notes.example.com/p/${guid}</link>
<pubDate>${new Date().toUTCString()}</pubDate><description>${body}</description></item>`;
let items = [item('old-1', 'Semiconductor inventories', 'Chip inventories fell again in the quarter.')];
const feed = () => `<?xml version="1.0"?><rss version="2.0"><channel><title>Lender Notes</title>
<link>https://lender-notes.example.com/</link><description>Notes on lenders</description>${items.join('')}</channel></rss>`;

const MAIL = [
  'From: "Credit Weekly" <news@creditweekly.example.com>',
  'To: reader@example.org',
  `Subject: ${MAIL_SUBJECT}`,
  `Date: ${new Date().toUTCString()}`,
  'Message-ID: <watch-test-1@creditweekly.example.com>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Regional bank credit keeps deteriorating: office loans are repricing and deposit costs stay high.',
  'We added to Nvidia ($NVDA) on the dip, and we stay away from the regional lenders until the credit cycle turns.',
  '',
].join('\r\n');

const api = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, service.url), {
    ...init,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers },
  });

async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The deliveries at a receiver path, each verified by the official library with the watch's secret (throws if not). */
function verifiedAt(path: string): EventPayload[] {
  return received
    .filter((r) => r.path === path)
    .map((r) => new Webhook(secrets[path]!).verify(r.body, r.headers as Record<string, string>) as EventPayload);
}

beforeAll(async () => {
  await buildIfNeeded();
  database = await createTestDatabase();
  feedHost = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(feed());
  });
  receiver = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.url === '/fail' ? 500 : 204).end();
    });
  });
  service = await startService({
    ...dashboardServiceEnv(database.url),
    INGEST_ALLOW_HOSTS: '127.0.0.1',
    INBOUND_EMAIL_SECRET,
    AI_GENERATE_ON_INGEST: 'false',
  });
  browser = await launchBrowser();
  page = await (await newContext(browser, pageErrors)).newPage();
}, 600_000);

afterAll(async () => {
  await mcp?.close();
  await browser?.close();
  await service?.stop();
  await database?.drop();
  await receiver?.close();
  await feedHost?.close();
});

describe('watches through the dashboard, the API and MCP', () => {
  it('creates a topic watch in the dashboard (after sign-in), its secret and feed URL shown once', async () => {
    // Signed out, the page sends the visitor to sign in and back.
    await page.goto(`${service.url}/account/watches`);
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/account/watches');
    await signInLocally(page, service.url, EMAIL, '/account/watches');
    const added = (await serviceCommand(service, `publications add ${feedHost.origin}/feed`)) as { slug: string };
    publicationSlug = added.slug;
    await page.selectOption('select[name=kind]', 'query');
    await page.fill('input[name=subject]', TOPIC);
    await page.fill('input[name=webhookUrl]', `${receiver.origin}/dashboard`);
    await page.click('button:has-text("Create watch")');
    const secret = (await page.getByTestId('watch-secret').textContent({ timeout: 30_000 }))?.trim() ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    secrets['/dashboard'] = secret;
    feedUrls['/dashboard'] = (await page.getByTestId('watch-feed').textContent())?.trim() ?? '';
    expect(feedUrls['/dashboard']).toContain('token=wft_');
    await screenshot(page, 'watches-created');
    await page.reload();
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByTestId('watch-row').first().textContent()).toContain(`“${TOPIC}” (weak)`);
  });

  it('creates a ticker watch and a failing publication watch over the API, and a topic watch through MCP', async () => {
    apiKey = ((await serviceCommand(service, 'keys create', { email: EMAIL })) as { key: string }).key;
    const create = async (body: Record<string, unknown>) => {
      const response = await api('/api/v1/watches', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return CreatedWatch.parse(await response.json());
    };
    const ticker = await create({
      kind: 'ticker',
      ticker: 'NVDA',
      events: ['mention'],
      webhookUrl: `${receiver.origin}/api`,
    });
    secrets['/api'] = ticker.secret;
    feedUrls['/api'] = ticker.feedUrl;
    const failing = await create({ kind: 'publication', publicationSlug, webhookUrl: `${receiver.origin}/fail` });
    failingId = failing.watch.id;

    mcp = new Client({ name: 'watches-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', service.url), {
        requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
      }),
    );
    const result = await mcp.callTool({
      name: 'create_watch',
      arguments: { kind: 'query', query: TOPIC, minConfidence: 'weak', webhookUrl: `${receiver.origin}/mcp` },
    });
    expect(result.isError).toBeFalsy();
    const viaMcp = CreatedWatch.parse(result.structuredContent);
    secrets['/mcp'] = viaMcp.secret;
    feedUrls['/mcp'] = viaMcp.feedUrl;
  });

  it('delivers a signed webhook to each watch for a post added by a feed sync and for one added by an e-mail', async () => {
    items = [
      item('new-1', FEED_TITLE, `${TOPIC} losses are rising in office loans. We bought Nvidia ($NVDA).`),
      ...items,
    ];
    const synced = (await serviceCommand(service, `sync ${publicationSlug}`)) as { added: number };
    expect(synced.added).toBe(1);
    const mail = await fetch(new URL('/api/webhooks/email', service.url), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${INBOUND_EMAIL_SECRET}` },
      body: MAIL,
    });
    expect(await mail.json()).toMatchObject({ status: 'stored' });

    for (const path of ['/dashboard', '/api', '/mcp']) {
      const events = await eventually(() => {
        const verified = verifiedAt(path);
        return verified.length >= 2 ? verified : undefined;
      }, `two deliveries at ${path}`);
      expect(events, path).toHaveLength(2);
      expect(events.map((e) => e.data.post.title).sort(), path).toEqual([MAIL_SUBJECT, FEED_TITLE].sort());
      for (const event of events) {
        expect(event.type).toBe('post.matched');
        expect(event.data.match.reason).toBe(path === '/api' ? 'ticker_mention' : 'query');
        // What is sold stays paid: the event points at the summary on this service, it does not carry it.
        const { publicationSlug: pub, slug } = event.data.post;
        expect(event.data.post.summaryUrl).toBe(`${service.url}/api/v1/publications/${pub}/${slug}`);
      }
    }
  });

  it('lists the same events in each watch feed, JSON Feed and Atom, opened by the feed token', async () => {
    for (const path of ['/dashboard', '/api', '/mcp']) {
      const json = await fetch(feedUrls[path]!);
      expect(json.status).toBe(200);
      const body = (await json.json()) as { version: string; items: Array<{ title: string }> };
      expect(body.version).toBe('https://jsonfeed.org/version/1.1');
      expect(body.items.map((i) => i.title).sort()).toEqual([MAIL_SUBJECT, FEED_TITLE].sort());
      const atom = await fetch(feedUrls[path]!.replace('format=json', 'format=atom'));
      expect(atom.headers.get('content-type')).toContain('atom');
      expect((await atom.text()).match(/<entry>/g)).toHaveLength(2);
    }
    const wrong = await fetch(feedUrls['/api']!.replace(/token=wft_[^&]+/, 'token=wft_wrong'));
    expect(wrong.status).toBe(404);
  });

  it('retries a failing endpoint and shows its attempts with the last response code, at desktop and phone width', async () => {
    // The first retry is 5 s after the first attempt: the failing endpoint gets at least two.
    const detail = await eventually(async () => {
      const response = await api(`/api/v1/watches/${failingId}`);
      const watch = WatchDetail.parse(await response.json());
      return watch.recentEvents[0] && watch.recentEvents[0].attempts >= 2 ? watch : undefined;
    }, 'a retry of the failing endpoint');
    expect(detail.recentEvents).toHaveLength(1);
    expect(detail.recentEvents[0]).toMatchObject({
      title: FEED_TITLE,
      deliveryStatus: 'pending',
      lastResponseCode: 500,
    });
    expect(detail.recentEvents[0]!.nextAttemptAt).not.toBeNull();
    expect(new Set(received.filter((r) => r.path === '/fail').map((r) => r.headers['webhook-id']))).toEqual(
      new Set([detail.recentEvents[0]!.id]),
    );

    await page.goto(`${service.url}/account/watches`);
    const failingRow = page.locator('[data-testid=delivery-row]', { hasText: publicationSlug });
    expect(await failingRow.getByTestId('delivery-status').textContent()).toBe('Retrying');
    expect(await failingRow.getByTestId('delivery-code').textContent()).toBe('500');
    const delivered = page.locator('[data-testid=delivery-row]', { hasText: MAIL_SUBJECT });
    expect(await delivered.getByTestId('delivery-status').allTextContents()).toEqual([
      'Delivered',
      'Delivered',
      'Delivered',
    ]);
    expect(await page.getByTestId('watch-row').count()).toBe(4);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'watches');

    const phone = await (await newContext(browser, pageErrors, VIEWPORTS.phone)).newPage();
    await signInLocally(phone, service.url, EMAIL, '/account/watches');
    expect(await phone.getByTestId('delivery-row').count()).toBe(7);
    expect(await overflowingElements(phone)).toEqual([]);
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
    await screenshot(phone, 'watches-phone');
    expect(pageErrors).toEqual([]);
  });
});
