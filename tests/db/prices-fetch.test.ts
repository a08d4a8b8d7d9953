/**
 * The daily price fetch (issue 48) against a loopback server speaking Massive's protocol, with the official client
 * pointed at it: only missing days are asked for, a re-adjusted history (a split) is fetched again whole, unknown and
 * foreign tickers are recorded as without data, a refused key or the rate limit stops the run, and with no provider
 * configured nothing is fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDailyPricesJob } from '@/lib/jobs/definitions/fetch-daily-prices';
import { NO_PROVIDER_REASON } from '@/lib/prices/configured';
import { fetchDailyPrices } from '@/lib/prices/fetch-daily';
import { massiveProvider } from '@/lib/prices/massive';
import { type FakeMassive, startFakeMassive } from '@/tests/helpers/fake-massive';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const db = suiteDatabase();
let massive: FakeMassive;

/** Weekdays from `from` to `to`, inclusive. */
function weekdays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

const series = (days: string[], start: number, step: number) =>
  new Map(days.map((day, i) => [day, Math.round((start + i * step) * 100) / 100]));

async function stored(ticker: string): Promise<[string, number][]> {
  const rows = await db.query<{ day: string; adjusted_close: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, adjusted_close from daily_prices where ticker = $1 order by day`,
    [ticker],
  );
  return rows.map((r) => [r.day, Number(r.adjusted_close)]);
}

async function status(ticker: string) {
  const [row] = await db.query<{ status: string; message: string | null }>(
    'select status, message from price_series where ticker = $1',
    [ticker],
  );
  return row;
}

beforeAll(async () => {
  massive = await startFakeMassive();
  // Calls on AAPL from 2026-03-02 (a winter day in New York), ZZZZ (unknown to the provider) and 6758.T (Tokyo).
  const [pub] = await db.query<{ id: string }>(
    `insert into publications (slug, site_url, source_kind) values ('prices.example', 'https://prices.example', 'rss')
     returning id`,
  );
  const [post] = await db.query<{ id: string }>(
    `insert into posts (publication_id, guid, slug, title, url, published_at)
     values ($1, 'g1', 'p1', 'Calls', 'https://prices.example/p1', '2026-03-02T15:00:00Z') returning id`,
    [pub!.id],
  );
  for (const [i, ticker] of ['AAPL', 'ZZZZ', '6758.T'].entries()) {
    await db.query(
      `insert into stock_picks (call_id, post_id, author, ticker, instrument_type, action, direction,
                                author_conviction, conviction_label, evidence_quote, pick_day)
       values ($1, $2, 'A', $3, 'EQUITY', 'NEW_POSITION', 'LONG', 3, 'Medium', 'We buy.', '2026-03-02')`,
      [`c${i}`, post!.id, ticker],
    );
  }
  const days = weekdays('2026-02-16', '2026-07-31');
  massive.closes.set('AAPL', series(days, 200, 0.5));
  massive.closes.set('SPY', series(days, 600, 0.25));
});

afterAll(async () => {
  await massive?.close();
});

const provider = () => massiveProvider({ apiKey: massive.apiKey, baseUrl: massive.origin });

describe('fetchDailyPrices over Massive’s protocol', () => {
  it('fetches from a week before the first call to today, reading each bar’s day in New York time', async () => {
    const summary = await fetchDailyPrices(db, provider(), new Date('2026-06-30T23:30:00Z'));
    expect(summary).toMatchObject({ tickers: 4, fetched: 2, noData: 2, failed: 0, stopped: null, readjusted: 0 });
    // Only the US listings are asked for, from 2026-02-23 (the first call, 2026-03-02, less 7 days).
    expect(massive.asked.map((a) => [a.ticker, a.from, a.to]).sort()).toEqual([
      ['AAPL', '2026-02-23', '2026-06-30'],
      ['SPY', '2026-02-23', '2026-06-30'],
      ['ZZZZ', '2026-02-23', '2026-06-30'],
    ]);
    const expected = weekdays('2026-02-23', '2026-06-30');
    const aapl = await stored('AAPL');
    // Days match in winter (EST) and summer (EDT).
    expect(aapl.map(([day]) => day)).toEqual(expected);
    expect(aapl[0]).toEqual(['2026-02-23', massive.closes.get('AAPL')!.get('2026-02-23')]);
    expect((await stored('SPY')).length).toBe(expected.length);
    expect(await stored('ZZZZ')).toEqual([]);
    expect(await status('ZZZZ')).toEqual({ status: 'no_data', message: 'the provider has no closes for it' });
    expect(await status('6758.T')).toMatchObject({ status: 'no_data', message: expect.stringMatching(/US listing/) });
    expect(await status('AAPL')).toEqual({ status: 'ok', message: null });
  });

  it('next day asks only from the last stored day, and nothing for a ticker already up to date', async () => {
    massive.asked.length = 0;
    const summary = await fetchDailyPrices(db, provider(), new Date('2026-07-01T23:30:00Z'));
    expect(summary).toMatchObject({ fetched: 2, readjusted: 0, stopped: null });
    const aaplAsk = massive.asked.find((a) => a.ticker === 'AAPL');
    expect(aaplAsk).toEqual({ ticker: 'AAPL', from: '2026-06-30', to: '2026-07-01' });
    expect((await stored('AAPL')).at(-1)![0]).toBe('2026-07-01');

    massive.asked.length = 0;
    const again = await fetchDailyPrices(db, provider(), new Date('2026-07-01T23:45:00Z'));
    expect(massive.asked.map((a) => a.ticker)).toEqual(['ZZZZ']);
    expect(again.upToDate).toBe(2);
  });

  it('fetches the whole history again when the source re-adjusted it (a 2-for-1 split)', async () => {
    const halved = new Map([...massive.closes.get('AAPL')!].map(([day, c]) => [day, c / 2]));
    massive.closes.set('AAPL', halved);
    const summary = await fetchDailyPrices(db, provider(), new Date('2026-07-02T23:30:00Z'));
    expect(summary.readjusted).toBe(1);
    const aapl = await stored('AAPL');
    expect(aapl.map(([day]) => day)).toEqual(weekdays('2026-02-23', '2026-07-02'));
    for (const [day, close] of aapl) expect(close, day).toBe(halved.get(day));
  });

  it('stops at a refused key or the rate limit, storing nothing', async () => {
    const before = await db.query('select count(*)::int as n from daily_prices');
    const refused = await fetchDailyPrices(
      db,
      massiveProvider({ apiKey: 'wrong', baseUrl: massive.origin }),
      new Date('2026-07-03T23:30:00Z'),
    );
    expect(refused.stopped).toBe('Massive refused the API key: Unknown API Key');
    expect(refused.fetched).toBe(0);
    massive.rateLimited = true;
    const limited = await fetchDailyPrices(db, provider(), new Date('2026-07-03T23:30:00Z'));
    massive.rateLimited = false;
    expect(limited.stopped).toMatch(/^Massive rate limit: You've exceeded the maximum requests per minute/);
    expect(await db.query('select count(*)::int as n from daily_prices')).toEqual(before);
  });

  it('under a rate limit, each run starts with the benchmark and then the tickers checked longest ago', async () => {
    // Two more tickers with calls, never fetched; the quota allows two requests a run.
    const [post] = await db.query<{ id: string }>('select id from posts limit 1');
    for (const ticker of ['MSFT', 'NVDA']) {
      await db.query(
        `insert into stock_picks (call_id, post_id, author, ticker, instrument_type, action, direction,
                                  author_conviction, conviction_label, evidence_quote, pick_day)
         values ($1, $2, 'A', $1, 'EQUITY', 'NEW_POSITION', 'LONG', 3, 'Medium', 'We buy.', '2026-03-02')`,
        [ticker, post!.id],
      );
      massive.closes.set(ticker, series(weekdays('2026-02-16', '2026-07-31'), 300, 1));
    }
    const run = async (now: string) => {
      massive.asked.length = 0;
      massive.rateLimited = false;
      massive.allowance = 2;
      const summary = await fetchDailyPrices(db, provider(), new Date(now));
      massive.allowance = null;
      massive.rateLimited = false;
      return { summary, asked: massive.asked.map((a) => a.ticker) };
    };
    // Never checked come first (after the benchmark): MSFT on the first run, NVDA on the second…
    const first = await run('2026-07-06T23:30:00Z');
    expect(first.summary.stopped).toMatch(/rate limit/);
    expect(first.asked.slice(0, 2)).toEqual(['SPY', 'MSFT']);
    const second = await run('2026-07-07T23:30:00Z');
    expect(second.asked.slice(0, 2)).toEqual(['SPY', 'NVDA']);
    // … and the next run reaches the one checked longest ago (AAPL, before this test), instead of asking for the same
    // ones every day.
    const third = await run('2026-07-08T23:30:00Z');
    expect(third.asked.slice(0, 2)).toEqual(['SPY', 'AAPL']);
    expect((await stored('NVDA')).length).toBeGreaterThan(0);
  });

  it('the scheduled job fetches nothing without a configured provider, and says so', async () => {
    expect(process.env.MASSIVE_API_KEY ?? '').toBe('');
    const ran: string[] = [];
    const result = await fetchDailyPricesJob.handler({
      event: { name: 'inngest/scheduled.timer', data: {} },
      step: {
        run: async (id, fn) => {
          ran.push(id);
          return fn();
        },
        sendEvent: async () => {},
      },
    });
    expect(result).toEqual({ skipped: NO_PROVIDER_REASON });
    expect(ran).toEqual([]);
  });
});
