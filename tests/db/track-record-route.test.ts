/**
 * GET /api/v1/publications/{slug}/track-record over the route in process, and the get_track_record MCP tool through
 * the official client (issue 48), on the demo corpus and its closes: the figures agree with the calls listed, entries
 * are the first close after each post, an unknown slug is 404 in the spec's shape, and without prices the record says
 * so and gives no figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as publicationRoute } from '@/app/api/v1/publications/[publicationSlug]/route';
import { GET as trackRecordRoute } from '@/app/api/v1/publications/[publicationSlug]/track-record/route';
import { GET as stockPicksRoute } from '@/app/api/v1/stock-picks/route';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { PublicStockPickItem, PublicStockPicksResponseWithRecord } from '@/lib/api/contracts/paid';
import { PublicationCore, PublicationDetailWithRecord } from '@/lib/api/contracts/publications';
import { TrackRecord } from '@/lib/api/contracts/track-record';
import { callRoute } from '@/lib/api/in-process';
import { buildOpenApiDocument } from '@/lib/api/openapi/document';
import { buildLlmsTxt } from '@/lib/api/openapi/llms-txt';
import type { AppContext } from '@/lib/app/context';
import { readCreditBalance } from '@/lib/credits/balance';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import { seedDemoCorpus } from '@/lib/demo/load';
import { NO_PROVIDER_REASON } from '@/lib/prices/configured';
import { closeInstant } from '@/lib/track-record/market-close';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { connectInMemoryMcp } from '@/tests/helpers/in-memory-mcp';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const db = suiteDatabase();
let context: AppContext;
let slug: string;

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 11, posts: 500, now: NOW });
  context = await openTestAppContext(db);
  // The publication with the most stock and ETF calls.
  const [top] = await db.query<{ slug: string }>(
    `select pub.slug from stock_picks sp join posts p on p.id = sp.post_id join publications pub on pub.id = p.publication_id
      where sp.instrument_type in ('EQUITY', 'ETF') group by pub.slug order by count(*) desc, pub.slug limit 1`,
  );
  slug = top!.slug;
}, 120_000);

afterAll(async () => {
  await closeTestAppContext();
});

/** As Next calls the route: the path parameter from the URL. */
const get = (path: string) =>
  callRoute(trackRecordRoute, `http://localhost${path}`, {
    clientIp: '127.0.0.1',
    params: { publicationSlug: decodeURIComponent(path.split('/')[4]!) },
  });

async function record(query = '?limit=1000', publication = slug): Promise<TrackRecord> {
  const response = await get(`/api/v1/publications/${publication}/track-record${query}`);
  expect(response.status).toBe(200);
  return TrackRecord.parse(await response.json());
}

describe('the track-record route', () => {
  it('serves the record of a demo publication from the demo closes, its figures agreeing with its calls', async () => {
    const body = await record();
    expect(body).toMatchObject({
      publicationSlug: slug,
      pricesSource: 'demo',
      pricesAsOf: '2026-11-19',
      benchmark: 'SPY',
    });
    expect(body.pricesNote).toMatch(/not market data/);
    const [stored] = await db.query<{ n: number }>(
      `select count(*)::int as n from stock_picks sp join posts p on p.id = sp.post_id join publications pub
         on pub.id = p.publication_id where pub.slug = $1 and sp.instrument_type in ('EQUITY', 'ETF')`,
      [slug],
    );
    expect(body.counts.calls).toBe(stored!.n);
    expect(body.calls).toHaveLength(stored!.n);
    const { scored, pending, unpriced, undated, exits } = body.counts;
    expect(scored + pending + unpriced + undated + exits).toBe(body.counts.calls);
    expect(scored).toBeGreaterThanOrEqual(10);
    expect(body.horizons.map((h) => h.horizon)).toEqual(['1d', '5d', '30d', '90d', 'toDate']);
    for (const h of body.horizons) {
      const excess = body.calls.flatMap((c) => {
        const x = c.returns[h.horizon]?.excessReturn;
        return x === null || x === undefined ? [] : [x];
      });
      expect(h.scoredCalls, h.horizon).toBe(excess.length);
      expect(h.hits).toBe(excess.filter((x) => x > 0).length);
      if (excess.length < 10)
        expect(h).toMatchObject({ hitRate: null, hitRateNote: expect.stringMatching(/at least 10/) });
      else expect(h.hitRate).toBeCloseTo(h.hits / excess.length, 6);
      if (excess.length > 0) {
        expect(h.meanExcessReturn!).toBeCloseTo(excess.reduce((a, b) => a + b, 0) / excess.length, 5);
      }
    }
    // Newest first; each scored call enters at the first close after its post, never at one before it.
    const times = body.calls.map((c) => (c.publishedAt ? Date.parse(c.publishedAt) : Number.NEGATIVE_INFINITY));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const call of body.calls.filter((c) => c.status === 'scored')) {
      const published = Date.parse(call.publishedAt!);
      expect(closeInstant(call.entryDate!)).toBeGreaterThan(published);
      // No earlier trading day closed after the post: at most three calendar days (a weekend) lie between.
      expect(closeInstant(call.entryDate!) - published).toBeLessThan(4 * 86_400_000);
      const oneDay = call.returns['1d'];
      // Read at a later close, or at the entry's own when an exit came before that close.
      if (oneDay)
        expect(
          oneDay.exitDate > call.entryDate! || (oneDay.exitDate === call.entryDate && call.closedBy !== null),
        ).toBe(true);
      const direction = call.direction === 'LONG' ? 1 : -1;
      const r = call.returns.toDate;
      if (r?.benchmarkReturn != null)
        expect(r.excessReturn!).toBeCloseTo(direction * (r.return - r.benchmarkReturn), 5);
    }
  });

  it('lists `limit` calls, newest first, while the record covers all of them', async () => {
    const all = await record();
    const few = await record('?limit=3');
    expect(few.calls).toEqual(all.calls.slice(0, 3));
    expect(few.horizons).toEqual(all.horizons);
    const bad = await get(`/api/v1/publications/${slug}/track-record?limit=0`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_query', issues: { limit: expect.anything() } });
  });

  it('answers an unknown publication 404 in the spec’s shape', async () => {
    const response = await get('/api/v1/publications/nobody.example/track-record');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Publication not found: nobody.example', code: 'not_found' });
  });

  it('is in the OpenAPI document, free, and in llms.txt', () => {
    const document = buildOpenApiDocument();
    const op = (document.paths?.['/api/v1/publications/{publicationSlug}/track-record'] as Record<string, unknown>)
      ?.get;
    expect(op).toMatchObject({ operationId: 'getTrackRecord' });
    expect(Object.keys((op as { responses: object }).responses)).toEqual(['200', '400', '404', '429', '500']);
    const llms = buildLlmsTxt(document, 'http://localhost');
    expect(llms).toContain('GET /api/v1/publications/{publicationSlug}/track-record');
    expect(llms).toContain('`get_track_record`');
  });

  it('is the get_track_record MCP tool, through the official client', async () => {
    const client = await connectInMemoryMcp(null, context.payments.prices, 'track-record-test');
    const result = await client.callTool({ name: 'get_track_record', arguments: { publicationSlug: slug, limit: 2 } });
    expect(result.isError).toBeFalsy();
    const body = TrackRecord.parse(result.structuredContent);
    const rest = await record('?limit=2');
    expect({ ...body, asOf: '' }).toEqual({ ...rest, asOf: '' });
    const textOut = (result.content as Array<{ text: string }>)[0]!.text;
    expect(textOut).toContain(`${slug}: ${rest.counts.calls} calls`);
    expect(textOut).toContain('Past results are not advice.');
    const missing = await client.callTool({
      name: 'get_track_record',
      arguments: { publicationSlug: 'nobody.example' },
    });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('not_found');
    await client.close();
  });

  it('adds the record’s headline to the publication detail only with include=publicationRecord', async () => {
    const detail = (query: string) =>
      callRoute(publicationRoute, `http://localhost/api/v1/publications/${slug}${query}`, {
        clientIp: '127.0.0.1',
        params: { publicationSlug: slug },
      });
    const plain = await (await detail('?limit=2')).json();
    // The spec's PublicationCore fields and posts, nothing else.
    expect(Object.keys(plain).sort()).toEqual([...Object.keys(PublicationCore.shape), 'posts'].sort());
    const withRecord = PublicationDetailWithRecord.parse(
      await (await detail('?limit=2&include=publicationRecord')).json(),
    );
    const { publicationRecord, ...rest } = withRecord;
    expect(rest).toEqual(plain);
    const full = await record('?limit=1');
    const h = full.horizons.find((x) => x.horizon === '30d')!;
    expect(publicationRecord).toEqual({
      horizon: '30d',
      scoredCalls: h.scoredCalls,
      hitRate: h.hitRate,
      hitRateNote: h.hitRateNote,
      meanExcessReturn: h.meanExcessReturn,
      benchmark: 'SPY',
      pricesAsOf: full.pricesAsOf,
      pricesSource: full.pricesSource,
    });
    // The MCP tools have one output schema each: they keep the default shapes and do not take the parameter.
    const client = await connectInMemoryMcp(null, context.payments.prices, 'track-record-include');
    const { tools } = await client.listTools();
    for (const name of ['get_publication', 'get_stock_picks']) {
      const tool = tools.find((t) => t.name === name)!;
      expect(Object.keys(tool.inputSchema.properties ?? {}), name).not.toContain('include');
      expect(Object.keys(tool.inputSchema.properties ?? {}), name).toContain('limit');
    }
    await client.close();
    const bad = await detail('?include=everything');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'invalid_query',
      issues: { include: ['must be "publicationRecord"'] },
    });
  });

  it('adds it to every stock pick only when asked, at the same price and charge', async () => {
    const user = await ensureUser(db, 'track-record-picks@example.com');
    await grantPurchasedCredits(db, { userId: user.id, cents: 1000, ledgerKey: `grant:${user.id}`, kind: 'grant' });
    const { key } = await createApiKey(db, user.id, 'test');
    const picks = (query: string, headers: Record<string, string> = {}) =>
      callRoute(stockPicksRoute, `http://localhost/api/v1/stock-picks${query}`, {
        clientIp: '127.0.0.1',
        headers: new Headers(headers),
      });
    const paid = { authorization: `Bearer ${key}` };
    const balance = async () => (await readCreditBalance(db, user.id, 10)).purchasedCents;

    // Unpaid: the same price in both challenges.
    const challengedPrice = async (query: string) => {
      const response = await picks(query);
      expect(response.status).toBe(402);
      return /costs (\$\d+\.\d\d)/.exec(((await response.json()) as { detail: string }).detail)?.[1];
    };
    const price = await challengedPrice('?limit=20');
    expect(price).toMatch(/^\$\d/);
    expect(await challengedPrice('?limit=20&include=publicationRecord')).toBe(price);

    const start = await balance();
    const plainResponse = await picks('?limit=20', paid);
    expect(plainResponse.status).toBe(200);
    const plain = await plainResponse.json();
    const afterPlain = await balance();
    for (const item of plain.items)
      expect(Object.keys(item).sort()).toEqual(Object.keys(PublicStockPickItem.shape).sort());

    const recordResponse = await picks('?limit=20&include=publicationRecord', paid);
    expect(recordResponse.status).toBe(200);
    expect(recordResponse.headers.get('x-payment-amount-usd')).toBe(plainResponse.headers.get('x-payment-amount-usd'));
    expect(start - afterPlain).toBeGreaterThan(0);
    expect(afterPlain - (await balance())).toBe(start - afterPlain);
    const body = PublicStockPicksResponseWithRecord.parse(await recordResponse.json());
    expect(body.items.map(({ publicationRecord: _, ...item }) => item)).toEqual(plain.items);
    for (const item of body.items) {
      const full = await record('?limit=1', item.publicationSlug!);
      expect(item.publicationRecord.scoredCalls).toBe(full.horizons.find((x) => x.horizon === '30d')!.scoredCalls);
      expect(item.publicationRecord.pricesAsOf).toBe(full.pricesAsOf);
    }

    // A bad value is refused before any payment: nothing charged.
    const before = await balance();
    const bad = await picks('?limit=20&include=records', paid);
    expect(bad.status).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('is computed once and kept until a close, a verdict of the provider or a call changes', async () => {
    const stored = async () =>
      (
        await db.query<{ computed_at: Date; calls: number }>(
          `select r.computed_at, (select count(*)::int from track_record_calls c where c.publication_id = r.publication_id) as calls
             from track_records r join publications p on p.id = r.publication_id where p.slug = $1`,
          [slug],
        )
      )[0]!;
    const first = await record();
    const kept = await stored();
    expect(kept.calls).toBe(first.counts.calls);
    // Served from the stored record: not computed again, the same figures and calls.
    const again = await record();
    expect((await stored()).computed_at).toEqual(kept.computed_at);
    expect({ ...again, asOf: '' }).toEqual({ ...first, asOf: '' });
    // The daily fetch's check of a ticker that changes nothing keeps it.
    await db.query(`update price_series set checked_at = now() where ticker = 'SPY'`);
    await record();
    expect((await stored()).computed_at).toEqual(kept.computed_at);

    // A new close of the benchmark: the next request computes it again, as of that close.
    await db.query(
      `insert into daily_prices (ticker, day, adjusted_close, source)
       select ticker, '2026-11-20', adjusted_close * 1.01, 'demo' from daily_prices where ticker = 'SPY' and day = '2026-11-19'`,
    );
    const newClose = await record();
    expect(newClose.pricesAsOf).toBe('2026-11-20');
    expect((await stored()).computed_at).not.toEqual(kept.computed_at);

    // A call removed from one of its posts, then the post itself: each counted at the next request.
    const [call] = await db.query<{ id: string; post_id: string }>(
      `select sp.id, sp.post_id from stock_picks sp join posts p on p.id = sp.post_id join publications pub
         on pub.id = p.publication_id where pub.slug = $1 and sp.instrument_type in ('EQUITY', 'ETF')
         and (select count(*) from stock_picks o where o.post_id = sp.post_id and o.instrument_type in ('EQUITY', 'ETF')) = 1
       order by p.published_at desc limit 1`,
      [slug],
    );
    await db.query('delete from stock_picks where id = $1', [call!.id]);
    expect((await record()).counts.calls).toBe(first.counts.calls - 1);
    const [other] = await db.query<{ post_id: string; n: number }>(
      `select sp.post_id, count(*)::int as n from stock_picks sp join posts p on p.id = sp.post_id
         join publications pub on pub.id = p.publication_id
        where pub.slug = $1 and sp.instrument_type in ('EQUITY', 'ETF') and p.published_at is not null
        group by sp.post_id order by max(p.published_at) desc limit 1`,
      [slug],
    );
    // Moving a post's publication time moves its calls' entries.
    const [post] = await db.query<{ slug: string; published_at: Date }>(
      `update posts set published_at = published_at - interval '30 days' where id = $1 returning slug, published_at`,
      [other!.post_id],
    );
    const moved = (await record()).calls.filter((c) => c.postSlug === post!.slug);
    expect(moved).toHaveLength(other!.n);
    for (const c of moved) expect(c.publishedAt).toBe(new Date(post!.published_at).toISOString());
    await db.query('delete from posts where id = $1', [other!.post_id]);
    expect((await record()).counts.calls).toBe(first.counts.calls - 1 - other!.n);
  });

  it('without prices, says so and gives no figure: every call is unpriced, none dropped', async () => {
    const before = await record();
    await db.query('delete from daily_prices');
    await db.query('delete from price_series');
    const body = await record();
    expect(body).toMatchObject({ pricesSource: null, pricesAsOf: null, pricesNote: NO_PROVIDER_REASON });
    expect(body.counts.calls).toBe(before.counts.calls);
    expect(body.counts.unpriced).toBe(before.counts.calls - before.counts.exits - before.counts.undated);
    for (const h of body.horizons) {
      expect(h).toMatchObject({ scoredCalls: 0, hitRate: null, meanExcessReturn: null, medianExcessReturn: null });
    }
    expect(body.calls.every((c) => c.entryDate === null && Object.values(c.returns).every((r) => r === null))).toBe(
      true,
    );
    const unpriced = body.calls.filter((c) => c.status === 'unpriced');
    expect(unpriced.every((c) => c.unpricedReason === 'No closes are stored for this ticker.')).toBe(true);
    // What the provider last said about a ticker is the reason given for its calls.
    const ticker = unpriced[0]!.ticker;
    await db.query(
      `insert into price_series (ticker, source, status, message)
       values ($1, 'massive', 'no_data', 'the provider has no closes for it')`,
      [ticker],
    );
    const after = await record();
    expect(after).toMatchObject({
      pricesSource: 'massive',
      pricesAsOf: null,
      pricesNote: expect.stringMatching(/No SPY closes/),
    });
    const its = after.calls.filter((c) => c.ticker === ticker && c.status === 'unpriced');
    expect(its.length).toBeGreaterThan(0);
    for (const call of its) expect(call.unpricedReason).toBe('the provider has no closes for it');
    expect(after.calls.filter((c) => c.status !== 'unpriced').every((c) => c.unpricedReason === null)).toBe(true);
  });
});
