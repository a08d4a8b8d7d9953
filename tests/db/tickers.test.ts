import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as tickerRoute } from '@/app/api/v1/tickers/[ticker]/route';
import { findTickerMentions } from '@/lib/ai/text/tickers';
import { TickerDetail } from '@/lib/api/contracts/tickers';
import { ApiError } from '@/lib/api/errors';
import { callRoute } from '@/lib/api/in-process';
import { buildOpenApiDocument } from '@/lib/api/openapi/document';
import type { AppContext } from '@/lib/app/context';
import { seedDemoCorpus } from '@/lib/demo/load';
import { listPicks } from '@/lib/picks/list-for-day';
import { instrumentFor } from '@/lib/reference/universe';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { getTickerDetail } from '@/lib/tickers/get-detail';
import { recordTickerMentions } from '@/lib/tickers/record-mentions';
import { windowStartDay } from '@/lib/tickers/windows';
import { getTrackRecord } from '@/lib/track-record/get-track-record';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { connectInMemoryMcp } from '@/tests/helpers/in-memory-mcp';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const db = suiteDatabase();
let context: AppContext;

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 11, posts: 500, now: NOW });
  await indexPendingPosts(db);
  // The route in process reads the database through the application context.
  context = await openTestAppContext(db);
});

afterAll(async () => {
  await closeTestAppContext();
});

/** The tickers a post names, counted from its text as the recorder reads it. */
function expectedMentions(title: string, body: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of findTickerMentions(`${title}\n\n${body}`)) counts[m.ticker] = (counts[m.ticker] ?? 0) + 1;
  return counts;
}

async function storedMentions(postId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ ticker: string; mentions: number }>(
    'select ticker, mentions from post_tickers where post_id = $1',
    [postId],
  );
  return Object.fromEntries(rows.map((row) => [row.ticker, row.mentions]));
}

describe('ticker mentions recorded at indexing', () => {
  it('reads every indexed post once, with exactly the mention finder’s counts', async () => {
    const [scans] = await db.query<{ posts: number; scanned: number }>(
      `select (select count(*)::int from posts) as posts,
              (select count(*)::int from post_ticker_scans s join posts p on p.id = s.post_id
                where s.indexed_at = p.search_indexed_at) as scanned`,
    );
    expect(scans!.scanned).toBe(scans!.posts);
    // Nothing is read twice: the scan keeps the indexing time to the microsecond (a JS Date would not).
    expect(await recordTickerMentions(db)).toBe(0);
    const sample = await db.query<{ id: string; title: string; body_text: string }>(
      'select id, title, body_text from posts order by id limit 40',
    );
    for (const post of sample)
      expect(await storedMentions(post.id), post.id).toEqual(expectedMentions(post.title, post.body_text));
  });

  it('finds the ticker of nearly every extracted call in its post', async () => {
    const [row] = await db.query<{ picks: number; named: number }>(
      `select count(*)::int as picks,
              count(t.post_id)::int as named
         from stock_picks sp left join post_tickers t on t.post_id = sp.post_id and t.ticker = sp.ticker`,
    );
    expect(row!.picks).toBeGreaterThan(50);
    expect(row!.named / row!.picks).toBeGreaterThan(0.95);
  });

  it('reads at start-up the indexed posts it never read (a database older than the recorder)', async () => {
    const before = await db.query<{ post_id: string; ticker: string; mentions: number }>(
      'select post_id, ticker, mentions from post_tickers order by post_id, ticker',
    );
    await db.query('delete from post_ticker_scans');
    expect(await indexPendingPosts(db)).toBe(0);
    expect(await db.query('select 1 from post_tickers limit 1')).toEqual([]);
    const lines: string[] = [];
    await indexForSearch(db, null, (line) => lines.push(line));
    expect(lines).toEqual([expect.stringMatching(/^ticker mentions: \d+ earlier posts read$/)]);
    expect(await db.query('select post_id, ticker, mentions from post_tickers order by post_id, ticker')).toEqual(
      before,
    );
  });

  it('reads a post again when its text changes, and forgets what it no longer names', async () => {
    const [post] = await db.query<{ id: string }>('select id from posts order by id desc limit 1');
    await db.query(
      `update posts set title = 'A note', body_text = 'We bought Apple (AAPL) and $MSFT. Apple again.',
                        search_indexed_at = null where id = $1`,
      [post!.id],
    );
    await indexPendingPosts(db);
    expect(await storedMentions(post!.id)).toEqual(
      expectedMentions('A note', 'We bought Apple (AAPL) and $MSFT. Apple again.'),
    );
    expect(await storedMentions(post!.id)).toMatchObject({ AAPL: 2, MSFT: 1 });
  });
});

describe('getTickerDetail', () => {
  it('counts posts and calls per window exactly as the tables say, and lists the newest posts first', async () => {
    const detail = TickerDetail.parse(await getTickerDetail(db, 'NVDA', { postLimit: 8, now: NOW }));
    expect(detail.company).toMatchObject({ name: expect.any(String), exchange: 'NASDAQ', type: 'EQUITY' });
    expect(detail.windows.map((w) => w.days)).toEqual([7, 30, 90]);
    for (const window of detail.windows) {
      const start = windowStartDay(window.days, NOW);
      expect(window.startDate).toBe(start);
      const [posts] = await db.query<{ n: number }>(
        `select count(distinct p.id)::int as n from posts p
          where p.published_at >= $2::date
            and (exists (select 1 from post_tickers t where t.post_id = p.id and t.ticker = $1)
                 or exists (select 1 from stock_picks sp where sp.post_id = p.id and sp.ticker = $1))`,
        ['NVDA', start],
      );
      expect(window.posts, `${window.days} days`).toBe(posts!.n);
      const calls = await db.query<{ direction: 'LONG' | 'SHORT'; action: string; n: number }>(
        `select direction, action, count(*)::int as n from stock_picks
          where ticker = 'NVDA' and pick_day >= $1::date group by direction, action`,
        [start],
      );
      expect(window.calls.total).toBe(calls.reduce((sum, c) => sum + c.n, 0));
      const sum = (keep: (c: (typeof calls)[number]) => boolean) =>
        calls.filter(keep).reduce((total, c) => total + c.n, 0);
      for (const [action, n] of Object.entries(window.calls.byAction)) {
        expect(n, action).toBe(sum((c) => c.action === action));
      }
      expect(window.calls.byDirection).toEqual({
        LONG: sum((c) => c.direction === 'LONG'),
        SHORT: sum((c) => c.direction === 'SHORT'),
      });
    }
    const [w7, w30, w90] = detail.windows;
    expect(w7!.posts).toBeLessThanOrEqual(w30!.posts);
    expect(w30!.posts).toBeLessThanOrEqual(w90!.posts);
    expect(w90!.posts).toBeGreaterThan(0);

    expect(detail.publications.length).toBeGreaterThan(0);
    const lastDays = detail.publications.map((p) => p.lastCallDate);
    expect(lastDays).toEqual([...lastDays].sort().reverse());

    expect(detail.latestPosts).toHaveLength(8);
    const times = detail.latestPosts.map((p) => (p.publishedAt ? Date.parse(p.publishedAt) : -Infinity));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const item of detail.latestPosts) {
      expect(item.whyMatched.join(' ')).toMatch(/NVDA/);
      expect(item.snippet ?? '').not.toBe('');
    }
  });

  it('accepts a known company nobody mentions (zeros), and refuses a ticker nobody knows', async () => {
    const quiet = ['WDFC', 'AAON', 'ABCB', 'CALM', 'ZION'].find((t) => instrumentFor(t) !== null);
    expect(quiet).toBeDefined();
    const mentioned = await db.query('select 1 from post_tickers where ticker = $1 limit 1', [quiet]);
    if (mentioned.length === 0) {
      const detail = await getTickerDetail(db, quiet!, { postLimit: 5, now: NOW });
      expect(detail.windows.every((w) => w.posts === 0 && w.calls.total === 0)).toBe(true);
      expect(detail.latestPosts).toEqual([]);
    }
    await expect(getTickerDetail(db, 'QQQQZ', { postLimit: 5, now: NOW })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(getTickerDetail(db, 'QQQQZ', { postLimit: 5, now: NOW })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('listPicks on a ticker and a range', () => {
  it('returns the ticker’s calls of the last N days, matching the ticker detail’s count', async () => {
    const detail = await getTickerDetail(db, 'NVDA', { postLimit: 1, now: NOW });
    const picks = await listPicks(db, { day: null, days: 30, ticker: 'NVDA' }, 500, NOW);
    expect(picks).toMatchObject({ day: '2026-11-20', startDay: windowStartDay(30, NOW), days: 30, ticker: 'NVDA' });
    expect(picks.items.length).toBe(detail.windows[1]!.calls.total);
    for (const item of picks.items) expect(item.ticker).toBe('NVDA');
    expect(picks.articles.length).toBe(new Set(picks.items.map((i) => `${i.publicationSlug}/${i.postSlug}`)).size);
  });

  it('uses the latest day with a call on the ticker when no day is given, and 404s when none', async () => {
    const [latest] = await db.query<{ day: string }>(
      `select max(pick_day)::text as day from stock_picks where ticker = 'NVDA'`,
    );
    const picks = await listPicks(db, { day: null, ticker: 'NVDA' }, 200, NOW);
    expect(picks.day).toBe(latest!.day);
    expect(picks.startDay).toBe(latest!.day);
    expect(picks.days).toBeNull();
    await expect(listPicks(db, { day: null, ticker: 'QQQQZ' }, 200, NOW)).rejects.toMatchObject({ code: 'not_found' });
    await expect(listPicks(db, { day: '2001-01-01', ticker: 'NVDA' }, 200, NOW)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('a ticker’s past calls with their outcomes', () => {
  it('lists every publication’s calls on it newest first, each scored as its publication’s track record scores it', async () => {
    const detail = TickerDetail.parse(await getTickerDetail(db, 'NVDA', { postLimit: 1, callLimit: 500, now: NOW }));
    const past = detail.pastCalls;
    const [stored] = await db.query<{ n: number }>(
      `select count(*)::int as n from stock_picks where ticker = 'NVDA' and instrument_type in ('EQUITY', 'ETF')`,
    );
    expect(past.total).toBe(stored!.n);
    expect(past.calls).toHaveLength(Math.min(stored!.n, 500));
    expect(past).toMatchObject({ pricesAsOf: '2026-11-19', pricesSource: 'demo' });
    const times = past.calls.map((c) => (c.publishedAt ? Date.parse(c.publishedAt) : Number.NEGATIVE_INFINITY));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(past.calls.filter((c) => c.status === 'scored').length).toBeGreaterThan(5);
    // The same outcome, to the field, as in the call's publication's record.
    const records = new Map<string, Map<string, unknown>>();
    for (const call of past.calls) {
      let calls = records.get(call.publicationSlug);
      if (!calls) {
        const record = await getTrackRecord(db, call.publicationSlug, {
          now: NOW,
          callLimit: 1000,
          providerConfigured: false,
        });
        calls = new Map(record.calls.map((c) => [c.callId, c]));
        records.set(call.publicationSlug, calls);
      }
      const { publicationSlug: _, ...outcome } = call;
      expect(calls.get(call.callId), call.callId).toEqual(outcome);
    }
    const few = await getTickerDetail(db, 'NVDA', { postLimit: 1, callLimit: 3, now: NOW });
    expect(few.pastCalls.calls).toEqual(past.calls.slice(0, 3));
    expect(few.pastCalls.total).toBe(past.total);
  });

  it('takes callLimit on the route, refuses one out of range, and documents it', async () => {
    const get = (query: string) =>
      callRoute(tickerRoute, `http://localhost/api/v1/tickers/NVDA${query}`, {
        clientIp: '127.0.0.1',
        params: { ticker: 'NVDA' },
      });
    const ok = await get('?callLimit=2');
    expect(ok.status).toBe(200);
    expect(TickerDetail.parse(await ok.json()).pastCalls.calls).toHaveLength(2);
    const bad = await get('?callLimit=501');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_query', issues: { callLimit: expect.anything() } });
    const op = buildOpenApiDocument().paths?.['/api/v1/tickers/{ticker}']?.get;
    expect(JSON.stringify(op?.parameters)).toContain('callLimit');
    // The get_ticker MCP tool takes it too, and its text lists the calls with their outcomes.
    const client = await connectInMemoryMcp(null, context.payments.prices, 'tickers-test');
    const result = await client.callTool({ name: 'get_ticker', arguments: { ticker: 'NVDA', callLimit: 2 } });
    expect(TickerDetail.parse(result.structuredContent).pastCalls.calls).toHaveLength(2);
    const lines = (result.content as Array<{ text: string }>)[0]!.text.split('\n');
    const heading = lines.findIndex((line) => line.startsWith('Past calls (2 of '));
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(/^- \S+ (LONG|SHORT) [A-Z_]+ \d{4}-\d{2}-\d{2}, entry /);
    await client.close();
  });
});
