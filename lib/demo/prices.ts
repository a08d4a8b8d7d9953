import { US_BENCHMARK } from '@/lib/prices/benchmark';
import { closeInstant } from '@/lib/track-record/market-close';
import { company } from './companies';
import type { MarketModel } from './market';

/**
 * The demo corpus's daily closes: deterministic, from its own market model, and consistent with what its posts say.
 * SPY follows the model's S&P 500 level (a tenth of it), so a post quoting the index and the benchmark agree; a stock
 * moves with the market (beta 1, ETFs 0.5) plus its own daily noise, seeded by ticker and day alone (so the closes do
 * not depend on how many posts are drawn), around its anchor price. A post that reports a one-day move (an earnings
 * reaction, "shares fell 8.0%") gets exactly that close-to-close move on the last session before it was published.
 * Weekdays are trading days (holidays are not modelled); a day's close exists once 16:00 New York time has passed.
 */
export interface DemoMove {
  ticker: string;
  percent: number;
  at: Date;
}

export interface DemoCloses {
  ticker: string;
  days: string[];
  closes: number[];
}

const DAILY_NOISE = 0.015;

/** Weekdays from `from` whose close has happened by `now`. */
export function demoTradingDays(from: Date, now: Date): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (closeInstant(day) > now.getTime()) break;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days;
}

/** FNV-1a: a uniform number in [0, 1) from a string, the same on every machine. */
function uniform(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 0x1_0000_0000;
}

/** About normal, mean 0 and deviation 1: the sum of three uniforms, rescaled. */
function noise(ticker: string, day: string): number {
  return (uniform(`${ticker}|${day}|a`) + uniform(`${ticker}|${day}|b`) + uniform(`${ticker}|${day}|c`) - 1.5) * 2;
}

function anchorPrice(ticker: string): { price: number; beta: number } {
  try {
    const c = company(ticker);
    return { price: c.price, beta: c.type === 'ETF' ? 0.5 : 1 };
  } catch {
    return { price: 50, beta: 1 };
  }
}

export function demoCloses(input: {
  market: MarketModel;
  days: readonly string[];
  tickers: Iterable<string>;
  moves: readonly DemoMove[];
}): DemoCloses[] {
  const { days } = input;
  if (days.length === 0) return [];
  const spx = days.map((day) => input.market.snapshot(new Date(closeInstant(day))).spx);
  const closeTimes = days.map((day) => closeInstant(day));
  // Per ticker, the day whose close-to-close move a post reported: the last session that closed before the post.
  const jumps = new Map<string, Map<number, number>>();
  // Two posts reporting a move on the same ticker and session: the later one's stands (posts are drawn out of order).
  const moves = [...input.moves].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const move of moves) {
    let k = -1;
    for (let i = 0; i < closeTimes.length && closeTimes[i]! < move.at.getTime(); i += 1) k = i;
    if (k <= 0) continue;
    let byDay = jumps.get(move.ticker);
    if (!byDay) {
      byDay = new Map();
      jumps.set(move.ticker, byDay);
    }
    byDay.set(k, move.percent);
  }
  const out: DemoCloses[] = [{ ticker: US_BENCHMARK, days: [...days], closes: spx.map((level) => round(level / 10)) }];
  for (const ticker of new Set(input.tickers)) {
    if (ticker === US_BENCHMARK) continue;
    const { price, beta } = anchorPrice(ticker);
    const byDay = jumps.get(ticker);
    let logPrice = Math.log(price);
    const closes = [price];
    for (let k = 1; k < days.length; k += 1) {
      const jump = byDay?.get(k);
      logPrice +=
        jump !== undefined
          ? Math.log(1 + jump / 100)
          : beta * Math.log(spx[k]! / spx[k - 1]!) + DAILY_NOISE * noise(ticker, days[k]!);
      closes.push(Math.exp(logPrice));
    }
    out.push({ ticker, days: [...days], closes });
  }
  return out;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
