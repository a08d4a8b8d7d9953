/**
 * Watches (issue 51) end to end in process: created over the routes and through the MCP tool (the official client's
 * callTool), matched when a feed sync (a loopback feed host) and an e-mail add posts, delivered to a loopback receiver
 * whose signatures the Standard Webhooks library verifies, listed in the pull feeds, retried with backoff until shown
 * failing, and refused when hostile.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { GET as feedRoute } from '@/app/api/v1/watches/[id]/feed/route';
import { GET as getWatchRoute } from '@/app/api/v1/watches/[id]/route';
import { POST as createRoute, GET as listRoute } from '@/app/api/v1/watches/route';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { CreatedWatch, WatchDetail, WatchList } from '@/lib/api/contracts/watches';
import { callRoute } from '@/lib/api/in-process';
import type { AppContext } from '@/lib/app/context';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { receiveEmail } from '@/lib/ingest/email/receive-email';
import { systemResolve } from '@/lib/ingest/fetch/resolve-destination';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { createWatch as createLibWatch } from '@/lib/watches/create';
import { deliverDueEvents } from '@/lib/watches/deliver/deliver-due';
import { RETRY_DELAYS_MS } from '@/lib/watches/deliver/retry-schedule';
import type { EventPayload } from '@/lib/watches/event-payload';
import { MAX_WATCHES_PER_ACCOUNT } from '@/lib/watches/limits';
import { matchPostCalls } from '@/lib/watches/match/match-calls';
import { matchNewPosts } from '@/lib/watches/match/match-posts';
import { loadPostFacts } from '@/lib/watches/match/post-facts';
import { scoreTopic } from '@/lib/watches/match/score-topic';
import { configuredSecretKey, openSigningSecret } from '@/lib/watches/signing-secret';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { connectInMemoryMcp } from '@/tests/helpers/in-memory-mcp';
import { type LoopbackServer, startLoopbackServer } from '@/tests/helpers/loopback-server';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { testSyncDeps } from '@/tests/helpers/sync-deps';

// The routes read the allow-list from the environment, as the service does (loopback receivers are allowed here
// only); hoisted above the imports, which may read the environment when they load.
vi.hoisted(() => {
  process.env.INGEST_ALLOW_HOSTS = '127.0.0.1';
  // Signing secrets are encrypted at rest with this key, on PostgreSQL as on PGlite (lib/watches/signing-secret.ts).
  process.env.FEED_CREDENTIALS_SECRET = 'watches-test-key-0123456789abcdef0123456789';
});

type Created = z.infer<typeof CreatedWatch>;

const db = suiteDatabase();
const deps = testSyncDeps();
const network = { allowHosts: ['127.0.0.1'], resolve: systemResolve };
const secretKey = configuredSecretKey();
let context: AppContext;
let feeds: FeedHost;
let receiver: LoopbackServer;
let mcp: Client;
let apiKey: string;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];

const RSS = (items: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Lender Notes</title>
<link>https://bankcredit.example.com/</link><description>Notes on lenders</description>${items}</channel></rss>`;
const ITEM = (guid: string, title: string, body: string) =>
  `<item><guid>${guid}</guid><title>${title}</title><link>https://bankcredit.example.com/p/${guid}</link>
<pubDate>${new Date().toUTCString()}</pubDate><description>${body}</description></item>`;
const FIRST = ITEM(
  'a1',
  'Regional bank credit is cracking',
  'Regional bank credit losses are rising in commercial real estate. We also bought Nvidia ($NVDA) on the dip.',
);

const bearer = () => new Headers({ authorization: `Bearer ${apiKey}` });
const call = (handler: Parameters<typeof callRoute>[0], url: string, init: Partial<Parameters<typeof callRoute>[2]>) =>
  callRoute(handler, `http://localhost${url}`, { clientIp: '127.0.0.1', headers: bearer(), ...init });

async function createWatch(body: Record<string, unknown>) {
  const response = await call(createRoute, '/api/v1/watches', { body: JSON.stringify(body) });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return CreatedWatch.parse(await response.json());
}

async function detail(id: string) {
  const response = await call(getWatchRoute, `/api/v1/watches/${id}`, { params: { id } });
  expect(response.status).toBe(200);
  return WatchDetail.parse(await response.json());
}

/** The deliveries the receiver got at a path, each verified with the watch's secret by the official library. */
function verifiedAt(pathName: string, secret: string) {
  return received
    .filter((r) => r.path === pathName)
    .map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as EventPayload);
}

beforeAll(async () => {
  context = await openTestAppContext(db);
  const user = await ensureUser(db, 'watcher@example.com');
  apiKey = (await createApiKey(db, user.id, 'watches')).key;
  feeds = await startFeedHost();
  receiver = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.url === '/fail' ? 500 : 204).end();
    });
  });
  mcp = await connectInMemoryMcp(`Bearer ${apiKey}`, context.payments.prices);
});

afterAll(async () => {
  await mcp?.close();
  await receiver?.close();
  await feeds?.close();
  await closeTestAppContext();
  rmSync(deps.rawDir, { recursive: true, force: true });
});

describe('watches', () => {
  let nvda: Created;
  let topic: Created;
  let failing: Created;
  let publicationSlug: string;

  it('refuses hostile or inconsistent input in the API error shape, and answers 401 without a credential', async () => {
    const refused = async (body: unknown, field: string) => {
      const response = await call(createRoute, '/api/v1/watches', { body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      const error = (await response.json()) as { code: string; issues: Record<string, string[]> };
      expect(error.code).toBe('invalid_body');
      expect(Object.keys(error.issues)).toContain(field);
    };
    await refused({ kind: 'ticker' }, 'ticker');
    await refused({ kind: 'ticker', ticker: 'NVDA', query: 'x y' }, 'query');
    await refused({ kind: 'query', query: 'banks', webhookUrl: 'http://10.1.2.3/hook' }, 'webhookUrl');
    await refused({ kind: 'query', query: 'banks', webhookUrl: 'https://169.254.169.254/latest' }, 'webhookUrl');
    await refused({ kind: 'query', query: 'banks', webhookUrl: 'not a url' }, 'webhookUrl');
    await refused({ kind: 'query', query: 'this week' }, 'query');
    await refused({ kind: 'mystery' }, 'kind');
    const anonymous = await callRoute(listRoute, 'http://localhost/api/v1/watches', { clientIp: '127.0.0.1' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('creates watches over the route: 201 with the secret and the feed URL, shown once', async () => {
    nvda = await createWatch({ kind: 'ticker', ticker: '$nvda', webhookUrl: `${receiver.origin}/nvda` });
    expect(nvda.watch).toMatchObject({ kind: 'ticker', ticker: 'NVDA', events: ['call', 'mention'] });
    expect(nvda.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(nvda.feedUrl).toBe(`${nvda.watch.feedUrls.json}&token=${nvda.feedToken}`);
    topic = await createWatch({ kind: 'query', query: 'regional bank credit', webhookUrl: `${receiver.origin}/topic` });
    failing = await createWatch({
      kind: 'ticker',
      ticker: 'NVDA',
      events: ['mention'],
      webhookUrl: `${receiver.origin}/fail`,
    });
    const listed = WatchList.parse(await (await call(listRoute, '/api/v1/watches', {})).json());
    expect(listed.watches.map((w) => w.id)).toEqual([failing.watch.id, topic.watch.id, nvda.watch.id]);
    expect(JSON.stringify(listed)).not.toContain(nvda.secret);
    // At rest the signing secret is encrypted with the configured key, not stored as shown.
    const [row] = await db.query<{ webhook_secret: string }>('select webhook_secret from watches where id = $1', [
      nvda.watch.id,
    ]);
    expect(row!.webhook_secret).toMatch(/^v1\./);
    expect(row!.webhook_secret).not.toContain(nvda.secret.slice('whsec_'.length, 20));
    expect(openSigningSecret(row!.webhook_secret, secretKey)).toBe(nvda.secret);
  });

  it('signs a webhook for each watch a post added by a feed sync matches, verified by the Standard Webhooks library', async () => {
    feeds.set('/feed.xml', { body: RSS(FIRST), contentType: 'application/rss+xml' });
    const added = await addPublication(db, `${feeds.origin}/feed.xml`, deps);
    publicationSlug = added.slug;
    expect(await deliverDueEvents(db, { network, secretKey })).toBe(3);

    const [mention] = verifiedAt('/nvda', nvda.secret);
    expect(mention).toMatchObject({
      type: 'post.matched',
      data: {
        watch: { id: nvda.watch.id, kind: 'ticker', ticker: 'NVDA' },
        post: { title: 'Regional bank credit is cracking', publicationSlug: added.slug },
        match: { reason: 'ticker_mention', ticker: 'NVDA' },
        call: null,
      },
    });
    expect(mention!.data.post.summaryUrl).toMatch(/^http:\/\/localhost\/api\/v1\/publications\//);
    const [topical] = verifiedAt('/topic', topic.secret);
    expect(topical!.data.match).toMatchObject({ reason: 'query', confidence: 'strong', matchedTokenCount: 3 });
    expect((topical!.data.match as { whyMatched: string[] }).whyMatched.join(' ')).toMatch(
      /Title matches regional \+ bank \+ credit/,
    );
    // A signature made with another watch's secret does not verify.
    const raw = received.find((r) => r.path === '/topic')!;
    expect(() => new Webhook(nvda.secret).verify(raw.body, raw.headers as Record<string, string>)).toThrow();
    expect(raw.headers['webhook-id']).toBe((await detail(topic.watch.id)).recentEvents[0]!.id);
  });

  it('does not alert again when the post is edited, nor for posts that match nothing', async () => {
    const edited = ITEM('a1', 'Regional bank credit is cracking (updated)', 'Regional bank credit losses. NVDA too.');
    const other = ITEM('b2', 'Copper miners', 'Copper supply is tight this year.');
    feeds.set('/feed.xml', { body: RSS(edited + other), contentType: 'application/rss+xml' });
    const [pub] = await db.query<{ id: string }>('select id from publications where slug = $1', [publicationSlug]);
    const events = async () => (await db.query<{ n: number }>('select count(*)::int as n from watch_events'))[0]!.n;
    const before = await events();
    const sync = await syncPublication(db, pub!.id, deps);
    expect(sync.changedPostIds).toHaveLength(2);
    expect(await events()).toBe(before);
    expect((await detail(nvda.watch.id)).eventCount).toBe(1);
  });

  it('sends a call event once per distinct call, with ticker, direction and action but no evidence', async () => {
    const [post] = await db.query<{ id: string }>("select id from posts where guid = 'a1'");
    const insertCall = (callId: string, action: string) =>
      db.query(
        `insert into stock_picks (call_id, post_id, author, ticker, instrument_type, action, direction,
                                  author_conviction, conviction_label, evidence_quote, pick_day)
         values ($1, $2, 'Analyst', 'NVDA', 'EQUITY', $3, 'LONG', 4, 'High', 'SECRET QUOTE', current_date)`,
        [callId, post!.id, action],
      );
    await insertCall('watch-call-1', 'NEW_POSITION');
    expect(await matchPostCalls(db, post!.id)).toHaveLength(1);
    expect(await matchPostCalls(db, post!.id)).toHaveLength(0);
    await insertCall('watch-call-2', 'ADD');
    expect(await matchPostCalls(db, post!.id)).toHaveLength(1);
    await deliverDueEvents(db, { network, secretKey });
    const calls = verifiedAt('/nvda', nvda.secret).filter((e) => e.type === 'call.extracted');
    expect(calls.map((e) => e.data.call!.action).sort()).toEqual(['ADD', 'NEW_POSITION']);
    expect(calls[0]!.data.call).toMatchObject({ ticker: 'NVDA', direction: 'LONG', instrumentType: 'EQUITY' });
    expect(calls[0]!.data.call!.stockPicksUrl).toMatch(/\/api\/v1\/stock-picks\?date=\d{4}-\d{2}-\d{2}&ticker=NVDA$/);
    expect(JSON.stringify(calls)).not.toContain('SECRET QUOTE');
  });

  it('lists the events in the JSON Feed and the Atom feed, opened by the feed token only', async () => {
    const id = nvda.watch.id;
    const feed = (query: string) =>
      callRoute(feedRoute, `http://localhost/api/v1/watches/${id}/feed${query}`, {
        clientIp: '127.0.0.1',
        params: { id },
      });
    const json = await feed(`?token=${nvda.feedToken}`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/application\/feed\+json/);
    const document = (await json.json()) as {
      version: string;
      items: Array<{ title: string; content_text: string; _watch_event: { type: string } }>;
    };
    expect(document.version).toBe('https://jsonfeed.org/version/1.1');
    expect(document.items).toHaveLength(3);
    expect(document.items[0]!.content_text).toContain('Summary (paid): http://localhost/api/v1/publications/');
    expect(document.items.map((i) => i._watch_event.type).sort()).toEqual([
      'call.extracted',
      'call.extracted',
      'post.matched',
    ]);
    const atom = await feed(`?format=atom&token=${nvda.feedToken}`);
    expect(atom.headers.get('content-type')).toMatch(/application\/atom\+xml/);
    expect(await atom.text()).toContain('<title type="html"><![CDATA[Regional bank credit is cracking]]></title>');
    expect((await feed(`?token=${topic.feedToken}`)).status).toBe(404);
    expect((await feed('')).status).toBe(401);
  });

  it('retries a failing endpoint with backoff for a day, then shows the watch failing with the last response code', async () => {
    const [event] = (await detail(failing.watch.id)).recentEvents;
    // One attempt, or two when the suite took longer than the first retry's 5 s.
    expect(event).toMatchObject({ deliveryStatus: 'pending', lastResponseCode: 500 });
    let clock = Date.parse(event!.nextAttemptAt!);
    for (let attempts = event!.attempts; attempts <= RETRY_DELAYS_MS.length; attempts++) {
      // Not due a moment before its time, due at it; then due again after the schedule's next delay.
      expect(await deliverDueEvents(db, { network, secretKey, now: () => new Date(clock - 1000) })).toBe(0);
      expect(await deliverDueEvents(db, { network, secretKey, now: () => new Date(clock) })).toBe(1);
      clock += RETRY_DELAYS_MS[attempts] ?? 0;
    }
    const after = await detail(failing.watch.id);
    expect(after.webhookStatus).toBe('failing');
    expect(after.recentEvents[0]).toMatchObject({
      deliveryStatus: 'failing',
      attempts: RETRY_DELAYS_MS.length + 1,
      lastResponseCode: 500,
      nextAttemptAt: null,
    });
    expect(received.filter((r) => r.path === '/fail')).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(new Set(received.filter((r) => r.path === '/fail').map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('creates a watch through the MCP tool, which an e-mail post then reaches', async () => {
    const { tools } = await mcp.listTools();
    const annotations = (name: string) => tools.find((t) => t.name === name)?.annotations;
    expect(annotations('create_watch')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(annotations('list_watches')).toMatchObject({ readOnlyHint: true });
    expect(annotations('delete_watch')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const created = await mcp.callTool({
      name: 'create_watch',
      arguments: { kind: 'query', query: 'ASML earnings', webhookUrl: `${receiver.origin}/mail` },
    });
    expect(created.isError).toBeFalsy();
    const watch = CreatedWatch.parse(created.structuredContent);
    const raw = readFileSync(path.resolve(import.meta.dirname, '../fixtures/email/base64-html.eml'));
    const mail = await receiveEmail(
      db,
      await parseInboundEmail(raw),
      { body: raw, contentType: 'message/rfc822' },
      {
        rawStore: deps.rawStore,
      },
    );
    expect(mail.status).toBe('stored');
    await deliverDueEvents(db, { network, secretKey });
    const [event] = verifiedAt('/mail', watch.secret);
    expect(event).toMatchObject({
      type: 'post.matched',
      data: {
        post: { title: 'Earnings preview: ASML', publicationSlug: mail.publicationSlug },
        match: { reason: 'query' },
      },
    });
    // get_watch shows the event the e-mail made, delivered at the first attempt with the receiver's code.
    expect(annotations('get_watch')).toMatchObject({ readOnlyHint: true });
    const shown = await mcp.callTool({ name: 'get_watch', arguments: { id: watch.watch.id } });
    expect(shown.isError).toBeFalsy();
    const shownDetail = WatchDetail.parse(shown.structuredContent);
    expect(shownDetail.recentEvents).toHaveLength(1);
    expect(shownDetail.recentEvents[0]).toMatchObject({
      id: received.find((r) => r.path === '/mail')!.headers['webhook-id'],
      title: 'Earnings preview: ASML',
      deliveryStatus: 'delivered',
      attempts: 1,
      lastResponseCode: 204,
    });
    expect(JSON.stringify(shown.content)).toContain('delivered, 1 attempts, last response 204');
    const listed = await mcp.callTool({ name: 'list_watches', arguments: {} });
    expect(WatchList.parse(listed.structuredContent).watches).toHaveLength(4);
    const deleted = await mcp.callTool({ name: 'delete_watch', arguments: { id: watch.watch.id } });
    expect(deleted.structuredContent).toEqual({ id: watch.watch.id, deleted: true });
    const again = await mcp.callTool({ name: 'delete_watch', arguments: { id: watch.watch.id } });
    expect(again.isError).toBe(true);
    expect(JSON.stringify(again.content)).toContain('not_found');
    const gone = await mcp.callTool({ name: 'get_watch', arguments: { id: watch.watch.id } });
    expect(gone.isError).toBe(true);
    expect(JSON.stringify(gone.content)).toContain('not_found');
  });

  it('finds through the key terms every topic watch a post matches, as scoring each one would, with one event each', async () => {
    const owner = await ensureUser(db, 'many-topics@example.com');
    const queries = ['regional bank copper', 'copper miners lenders', 'bank credit losses', 'regional lenders brace'];
    queries.push('zyxwv lenders regional', 'copper supply tight', 'nickel cobalt mines');
    const made = [];
    for (const query of queries) {
      made.push(
        await createLibWatch(
          db,
          owner.id,
          { kind: 'query', query, minConfidence: 'strong' },
          { baseUrl: 'http://localhost', network, secretKey },
        ),
      );
    }
    // Topics of words the corpus holds leave their commonest word out of the key; one with a word no post holds
    // (zyxwv) keys every term.
    const keyed = await db.query<{ watch_id: string; terms: number }>(
      'select watch_id, count(distinct term_index)::int as terms from watch_terms group by watch_id',
    );
    const keyTerms = new Map(keyed.map((row) => [row.watch_id, row.terms]));
    expect(made.some(({ watch }) => keyTerms.get(watch.id)! < watch.query!.split(' ').length)).toBe(true);
    expect(keyTerms.get(made[4]!.watch.id)).toBe(3);

    feeds.set('/many.xml', {
      body: RSS(
        ITEM('m1', 'Regional lenders brace for bank credit losses', 'Copper miners and regional bank lenders.'),
      ),
      contentType: 'application/rss+xml',
    });
    await addPublication(db, `${feeds.origin}/many.xml`, deps);
    const [post] = await loadPostFacts(
      db,
      (await db.query<{ id: string }>("select id from posts where guid = 'm1'")).map((r) => r.id),
      { vector: true, indexedOnly: true },
    );
    // What scoring every topic watch against the post, with no candidate lookup, finds.
    const watches = await db.query<{ id: string; terms: string[]; min_confidence: string }>(
      "select id, terms, min_confidence from watches where kind = 'query'",
    );
    const expected: string[] = [];
    for (const watch of watches) {
      const match = scoreTopic(post!, (await resolveTerms(db, watch.terms)).terms);
      if (match && (watch.min_confidence === 'weak' || match.confidence === 'strong')) expected.push(watch.id);
    }
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const events = await db.query<{ watch_id: string }>(
      "select watch_id from watch_events where post_id = $1 and payload -> 'data' -> 'match' ->> 'reason' = 'query'",
      [post!.id],
    );
    expect(events.map((e) => e.watch_id).sort()).toEqual(expected.sort());
    expect(await matchNewPosts(db, [post!.id])).toEqual([]);
  });

  it('keeps an account under its limit (409) and another account out of its watches (404)', async () => {
    const stranger = await ensureUser(db, 'stranger@example.com');
    const strangerKey = (await createApiKey(db, stranger.id, 'other')).key;
    const id = nvda.watch.id;
    const foreign = await callRoute(getWatchRoute, `http://localhost/api/v1/watches/${id}`, {
      clientIp: '127.0.0.1',
      params: { id },
      headers: new Headers({ authorization: `Bearer ${strangerKey}` }),
    });
    expect(foreign.status).toBe(404);
    await db.query(
      `insert into watches (user_id, kind, ticker, events, webhook_secret, feed_token_hash, base_url)
       select $1, 'ticker', 'T' || i, '{mention}', 'whsec_x', 'hash-' || i, 'http://localhost'
         from generate_series(1, $2::int) as i`,
      [stranger.id, MAX_WATCHES_PER_ACCOUNT],
    );
    const over = await callRoute(createRoute, 'http://localhost/api/v1/watches', {
      clientIp: '127.0.0.1',
      headers: new Headers({ authorization: `Bearer ${strangerKey}` }),
      body: JSON.stringify({ kind: 'ticker', ticker: 'AAPL' }),
    });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: 'watch_limit_reached' });
  });
});
