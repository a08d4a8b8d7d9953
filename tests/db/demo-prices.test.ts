/**
 * The demo corpus's daily closes (issue 48): written with the corpus for every ticker with a call and for SPY,
 * deterministic, never after "now", and consistent with what the posts say: a post reporting that the shares fell (or
 * rose) by a percentage after earnings sees exactly that close-to-close move on the last session before it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '@/lib/demo/generate';
import { seedDemoCorpus } from '@/lib/demo/load';
import { readSeries } from '@/lib/prices/store';
import { closeInstant } from '@/lib/track-record/market-close';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const OPTIONS = { seed: 7, posts: 400, now: NOW };
const db = suiteDatabase();
let closes = 0;

beforeAll(async () => {
  ({ closes } = await seedDemoCorpus(db, OPTIONS));
}, 120_000);

describe('demo daily closes', () => {
  it('cover SPY and every stock or ETF with a call, up to the last close before now', async () => {
    const tickers = await db.query<{ ticker: string }>(
      `select distinct ticker from stock_picks where instrument_type in ('EQUITY', 'ETF')`,
    );
    const wanted = new Set([...tickers.map((t) => t.ticker), 'SPY']);
    const series = await readSeries(db, [...wanted]);
    expect(series.size).toBe(wanted.size);
    const spy = series.get('SPY')!;
    expect(closes).toBe([...series.values()].reduce((n, s) => n + s.days.length, 0));
    // 2026-11-20 is a Friday and 15:00 UTC is before its close: the last close is Thursday's.
    expect(spy.days.at(-1)).toBe('2026-11-19');
    expect(closeInstant(spy.days.at(-1)!)).toBeLessThanOrEqual(NOW.getTime());
    for (const day of spy.days) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
    // SPY is a tenth of the market model's S&P 500 level, as the posts quote it.
    expect(spy.closes.every((c) => c > 500 && c < 800)).toBe(true);
    const [sources] = await db.query<{ sources: string[] }>(
      'select array_agg(distinct source) as sources from daily_prices',
    );
    expect(sources!.sources).toEqual(['demo']);
  });

  it('show each move an earnings post reports, on the last session before the post', async () => {
    let checked = 0;
    const reporting = [...generateCorpus(OPTIONS).posts].filter((p) => p.priceMove && p.publishedAt);
    for (const post of reporting) {
      if (!post.priceMove || !post.publishedAt) continue;
      const { ticker, percent } = post.priceMove;
      // The text states it, to one decimal.
      expect(`${post.title}\n${post.bodyText}`).toContain(`${Math.abs(percent).toFixed(1)}%`);
      const series = (await readSeries(db, [ticker])).get(ticker);
      if (!series) continue; // no call was made on it: its closes are not needed
      let k = -1;
      for (let i = 0; i < series.days.length && closeInstant(series.days[i]!) < post.publishedAt.getTime(); i += 1)
        k = i;
      if (k <= 0) continue;
      const move = (series.closes[k]! / series.closes[k - 1]! - 1) * 100;
      // Another post on the same ticker and session may report its own move: the later one is what the closes show.
      const later = reporting.filter(
        (p) => p.priceMove?.ticker === ticker && p !== post && p.publishedAt! > post.publishedAt!,
      );
      if (later.length > 0) continue;
      expect(move).toBeCloseTo(percent, 9);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('are the same every time the corpus is generated', async () => {
    const again = suiteRows(
      await db.query<{ ticker: string; day: string; adjusted_close: number }>(
        `select ticker, to_char(day, 'YYYY-MM-DD') as day, adjusted_close from daily_prices order by ticker, day`,
      ),
    );
    await db.query('delete from daily_prices');
    await db.query('delete from stock_picks');
    await db.query('delete from posts');
    await db.query('delete from publications');
    await seedDemoCorpus(db, OPTIONS);
    const fresh = suiteRows(
      await db.query<{ ticker: string; day: string; adjusted_close: number }>(
        `select ticker, to_char(day, 'YYYY-MM-DD') as day, adjusted_close from daily_prices order by ticker, day`,
      ),
    );
    expect(fresh).toEqual(again);
  });
});

function suiteRows(rows: { ticker: string; day: string; adjusted_close: number }[]) {
  return rows.map((r) => `${r.ticker} ${r.day} ${Number(r.adjusted_close)}`);
}
