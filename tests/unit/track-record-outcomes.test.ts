/**
 * Outcomes of a dozen calls checked figure by figure against values worked out by hand (issue 48): long and short,
 * an exit and a trim closing earlier calls, a ticker whose adjusted closes span a 2-for-1 split, one without prices,
 * one posted after the close (in winter and summer time), one exactly at the close, one on a Saturday, one after the
 * last close, one undated, and an exit with nothing to close.
 *
 * The closes are straight lines so each return can be written down: trading day i (weekdays from Monday 2026-01-05;
 * i = 62 is Wednesday 2026-04-01, i = 119 is Friday 2026-06-19) closes AAA at 100 + i, BBB at 200 - i, SPY at
 * 400 + 2i, and SPLT at 50 + 0.5i: SPLT split 2-for-1 after day 10, so it traded at 100 + i before; adjusted closes halve
 * those, and a return across the split is the holder's, not a 50% fall.
 */
import { describe, expect, it } from 'vitest';
import { recordChart } from '@/lib/track-record/chart';
import { closeInstant } from '@/lib/track-record/market-close';
import { computeOutcomes } from '@/lib/track-record/outcomes';
import { summarizeRecord } from '@/lib/track-record/summarize';
import type { CallOutcome, HorizonKey, Series, TrackedCall } from '@/lib/track-record/types';

const DAYS: string[] = [];
for (let t = Date.parse('2026-01-05T00:00:00Z'); DAYS.length < 120; t += 86_400_000) {
  const d = new Date(t);
  if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) DAYS.push(d.toISOString().slice(0, 10));
}
const line = (f: (i: number) => number): Series => ({ days: DAYS, closes: DAYS.map((_, i) => f(i)) });
const aaa = (i: number) => 100 + i;
const bbb = (i: number) => 200 - i;
const spy = (i: number) => 400 + 2 * i;
const splt = (i: number) => 50 + 0.5 * i;
const PRICES = new Map<string, Series>([
  ['AAA', line(aaa)],
  ['BBB', line(bbb)],
  ['SPY', line(spy)],
  ['SPLT', line(splt)],
]);
const benchmarkOf = () => 'SPY';

const call = (
  callId: string,
  ticker: string,
  direction: 'LONG' | 'SHORT',
  action: TrackedCall['action'],
  publishedAt: string | null,
): TrackedCall => ({
  callId,
  ticker,
  direction,
  action,
  publishedAt: publishedAt === null ? null : new Date(publishedAt),
});

const CALLS: TrackedCall[] = [
  call('c1', 'AAA', 'LONG', 'NEW_POSITION', '2026-01-07T15:00:00Z'), // 10:00 EST: enters that day (i = 2)
  call('c2', 'BBB', 'SHORT', 'RECOMMENDATION', '2026-01-07T21:00:00Z'), // at the 16:00 EST close: the next day (i = 3)
  call('c3', 'AAA', 'LONG', 'ADD', '2026-01-07T22:30:00Z'), // after the close: the next day (i = 3)
  call('c4', 'AAA', 'LONG', 'EXIT', '2026-01-14T15:00:00Z'), // closes c1 and c3 at the close of i = 7
  call('c5', 'SPLT', 'LONG', 'RECOMMENDATION', '2026-01-09T14:00:00Z'), // i = 4
  call('c6', 'NOPR', 'LONG', 'NEW_POSITION', '2026-01-08T15:00:00Z'), // no prices
  call('c7', 'BBB', 'LONG', 'NEW_POSITION', '2026-01-10T12:00:00Z'), // a Saturday: Monday's close (i = 5)
  call('c8', 'AAA', 'SHORT', 'NEW_POSITION', '2026-04-01T20:30:00Z'), // 16:30 EDT, after the close: i = 63
  call('c9', 'AAA', 'LONG', 'NEW_POSITION', '2026-06-19T21:30:00Z'), // after the last close: pending
  call('c10', 'AAA', 'LONG', 'HOLD', null), // undated
  call('c11', 'BBB', 'SHORT', 'REDUCE', '2026-01-21T15:00:00Z'), // a trim: closes c2 (not the LONG c7) at i = 12
  call('c12', 'CCC', 'LONG', 'EXIT', '2026-01-15T15:00:00Z'), // an exit with no earlier call
];

/** One horizon's expected figures: the return from entry i to exit j, the benchmark's, the signed excess. */
function expected(f: (i: number) => number, entry: number, exit: number, sign: 1 | -1) {
  const r = f(exit) / f(entry) - 1;
  const rb = spy(exit) / spy(entry) - 1;
  return { exitDate: DAYS[exit], return: r, benchmarkReturn: rb, excessReturn: sign * (r - rb) };
}

function expectReturns(outcome: CallOutcome, want: Record<HorizonKey, ReturnType<typeof expected> | null>) {
  for (const [key, value] of Object.entries(want) as [HorizonKey, ReturnType<typeof expected> | null][]) {
    const got = outcome.returns[key];
    if (value === null) {
      expect(got, `${outcome.call.callId} ${key}`).toBeNull();
      continue;
    }
    expect(got, `${outcome.call.callId} ${key}`).not.toBeNull();
    expect(got!.exitDate, `${outcome.call.callId} ${key}`).toBe(value.exitDate);
    expect(got!.return).toBeCloseTo(value.return, 12);
    expect(got!.benchmarkReturn).toBeCloseTo(value.benchmarkReturn, 12);
    expect(got!.excessReturn).toBeCloseTo(value.excessReturn, 12);
  }
}

const outcomes = computeOutcomes(CALLS, PRICES, benchmarkOf);
const byId = (id: string) => outcomes.find((o) => o.call.callId === id)!;

describe('closeInstant', () => {
  it('is 16:00 New York: 21:00 UTC in winter, 20:00 UTC in summer', () => {
    expect(new Date(closeInstant('2026-01-07')).toISOString()).toBe('2026-01-07T21:00:00.000Z');
    expect(new Date(closeInstant('2026-04-01')).toISOString()).toBe('2026-04-01T20:00:00.000Z');
  });
});

describe('computeOutcomes, by hand', () => {
  it('the calendar of the fixture is as the comments say', () => {
    expect([DAYS[2], DAYS[3], DAYS[5], DAYS[7], DAYS[12], DAYS[62], DAYS[63], DAYS[119]]).toEqual([
      '2026-01-07',
      '2026-01-08',
      '2026-01-12',
      '2026-01-14',
      '2026-01-21',
      '2026-04-01',
      '2026-04-02',
      '2026-06-19',
    ]);
  });

  it('c1: long, entered the same day before the close, closed by the exit c4 at day 7', () => {
    const o = byId('c1');
    expect(o).toMatchObject({ status: 'scored', entryDate: '2026-01-07', entryClose: 102, benchmark: 'SPY' });
    expect(o.closedBy).toEqual({ callId: 'c4', date: '2026-01-14' });
    const atExit = expected(aaa, 2, 7, 1);
    expectReturns(o, { '1d': expected(aaa, 2, 3, 1), '5d': atExit, '30d': atExit, '90d': atExit, toDate: atExit });
  });

  it('c2: short, posted exactly at the close, enters the next close; the trim c11 closes it at day 12', () => {
    const o = byId('c2');
    expect(o).toMatchObject({ status: 'scored', entryDate: '2026-01-08', entryClose: 197 });
    expect(o.closedBy).toEqual({ callId: 'c11', date: '2026-01-21' });
    const atTrim = expected(bbb, 3, 12, -1);
    expectReturns(o, {
      '1d': expected(bbb, 3, 4, -1),
      '5d': expected(bbb, 3, 8, -1),
      '30d': atTrim,
      '90d': atTrim,
      toDate: atTrim,
    });
    // The stock fell and the market rose: the short gained on both counts.
    expect(o.returns['1d']!.return).toBeLessThan(0);
    expect(o.returns['1d']!.excessReturn).toBeGreaterThan(0);
  });

  it('c3: posted after the close, enters the next close; the exit caps its 5-day return at day 7', () => {
    const o = byId('c3');
    expect(o).toMatchObject({ status: 'scored', entryDate: '2026-01-08', entryClose: 103 });
    const atExit = expected(aaa, 3, 7, 1);
    expectReturns(o, { '1d': expected(aaa, 3, 4, 1), '5d': atExit, '30d': atExit, '90d': atExit, toDate: atExit });
  });

  it('c4 and c11 are exits that close the earlier calls in their direction; c12 closes nothing', () => {
    expect(byId('c4')).toMatchObject({ status: 'exit', closes: ['c1', 'c3'], entryDate: null });
    expect(byId('c11')).toMatchObject({ status: 'exit', closes: ['c2'] });
    expect(byId('c12')).toMatchObject({ status: 'exit', closes: [] });
    for (const id of ['c4', 'c11', 'c12'])
      expect(Object.values(byId(id).returns)).toEqual([null, null, null, null, null]);
  });

  it('c5: a return across the split is read from adjusted closes', () => {
    const o = byId('c5');
    expect(o).toMatchObject({ status: 'scored', entryDate: '2026-01-09', entryClose: 52, closedBy: null });
    expectReturns(o, {
      '1d': expected(splt, 4, 5, 1),
      '5d': expected(splt, 4, 9, 1),
      '30d': expected(splt, 4, 34, 1),
      '90d': expected(splt, 4, 94, 1),
      toDate: expected(splt, 4, 119, 1),
    });
    expect(o.returns['5d']!.return).toBeCloseTo(54.5 / 52 - 1, 12);
  });

  it('c6 has no prices: unpriced, kept; c9 is after the last close: pending; c10 undated', () => {
    expect(byId('c6')).toMatchObject({ status: 'unpriced', entryDate: null });
    expect(byId('c9')).toMatchObject({ status: 'pending', entryDate: null });
    expect(byId('c10')).toMatchObject({ status: 'undated', entryDate: null });
  });

  it('c7: posted on a Saturday, enters Monday; a SHORT trim on the ticker does not close this LONG', () => {
    const o = byId('c7');
    expect(o).toMatchObject({ status: 'scored', entryDate: '2026-01-12', entryClose: 195, closedBy: null });
    expectReturns(o, {
      '1d': expected(bbb, 5, 6, 1),
      '5d': expected(bbb, 5, 10, 1),
      '30d': expected(bbb, 5, 35, 1),
      '90d': expected(bbb, 5, 95, 1),
      toDate: expected(bbb, 5, 119, 1),
    });
  });

  it('c8: 16:30 in New York in summer time is after the close: enters the next day; 90 days not reached yet', () => {
    const o = byId('c8');
    expect(o).toMatchObject({ status: 'scored', entryDate: '2026-04-02', entryClose: 163 });
    expectReturns(o, {
      '1d': expected(aaa, 63, 64, -1),
      '5d': expected(aaa, 63, 68, -1),
      '30d': expected(aaa, 63, 93, -1),
      '90d': null,
      toDate: expected(aaa, 63, 119, -1),
    });
  });

  it('summarizes counts, hits, mean and median per horizon, and withholds a rate under 10 calls', () => {
    const summary = summarizeRecord(outcomes);
    expect(summary.counts).toEqual({ calls: 12, scored: 6, pending: 1, unpriced: 1, undated: 1, exits: 3 });
    expect(summary.firstCallAt).toEqual(new Date('2026-01-07T15:00:00Z'));
    expect(summary.lastCallAt).toEqual(new Date('2026-06-19T21:30:00Z'));
    const oneDay = [
      expected(aaa, 2, 3, 1), // c1 +
      expected(bbb, 3, 4, -1), // c2 +
      expected(aaa, 3, 4, 1), // c3 +
      expected(splt, 4, 5, 1), // c5 +
      expected(bbb, 5, 6, 1), // c7 -
      expected(aaa, 63, 64, -1), // c8 -
    ].map((e) => e.excessReturn);
    expect(oneDay.map((x) => x > 0)).toEqual([true, true, true, true, false, false]);
    const sorted = [...oneDay].sort((a, b) => a - b);
    const h1 = summary.horizons.find((h) => h.horizon === '1d')!;
    expect(h1).toMatchObject({ tradingDays: 1, scored: 6, hits: 4, hitRate: null });
    expect(h1.hitRateNote).toBe('6 scored calls: a hit rate needs at least 10');
    expect(h1.meanExcessReturn).toBeCloseTo(oneDay.reduce((a, b) => a + b, 0) / 6, 12);
    expect(h1.medianExcessReturn).toBeCloseTo((sorted[2]! + sorted[3]!) / 2, 12);
    // 90 days: c8 has not got there; c1, c2, c3 count at their exits.
    expect(summary.horizons.find((h) => h.horizon === '90d')).toMatchObject({ tradingDays: 90, scored: 5 });
    expect(summary.horizons.find((h) => h.horizon === 'toDate')).toMatchObject({ tradingDays: null, scored: 6 });
  });

  it('gives the hit rate from 10 scored calls on', () => {
    const ten = Array.from({ length: 10 }, (_, i) =>
      call(`t${i}`, i < 6 ? 'AAA' : 'BBB', 'LONG', 'NEW_POSITION', `${DAYS[10 + i]}T15:00:00Z`),
    );
    const h1 = summarizeRecord(computeOutcomes(ten, PRICES, benchmarkOf)).horizons[0]!;
    // AAA rises 1/(100+i) a day, faster than SPY's 1/(200+i); BBB falls.
    expect(h1).toMatchObject({ horizon: '1d', scored: 10, hits: 6, hitRate: 0.6, hitRateNote: null });
  });
});

describe('recordChart', () => {
  const scored = (id: string, entryDate: string, excess: number | null): CallOutcome => ({
    call: { callId: id, ticker: 'AAA', direction: 'LONG', action: 'NEW_POSITION', publishedAt: new Date(0) },
    status: 'scored',
    benchmark: 'SPY',
    entryDate,
    entryClose: 100,
    closedBy: null,
    closes: [],
    returns: {
      '1d': null,
      '5d': null,
      '30d': null,
      '90d': null,
      toDate: { exitDate: '2026-03-01', return: 0, benchmarkReturn: 0, excessReturn: excess },
    },
  });

  it('sums the excess to date by entry day, oldest first, and counts each call in its bucket', () => {
    const chart = recordChart([
      scored('a', '2026-01-06', 0.12),
      scored('b', '2026-01-05', -0.25),
      scored('c', '2026-01-06', -0.03),
      scored('d', '2026-01-07', 0),
      scored('e', '2026-01-08', null), // no benchmark: left out, as from the figures
    ]);
    expect(chart.cumulative).toEqual([
      { date: '2026-01-05', value: -0.25 },
      { date: '2026-01-06', value: -0.16 },
      { date: '2026-01-07', value: -0.16 },
    ]);
    expect(chart.distribution.map((b) => [b.from, b.to, b.count])).toEqual([
      [null, -0.2, 1],
      [-0.2, -0.1, 0],
      [-0.1, -0.05, 0],
      [-0.05, 0, 1],
      [0, 0.05, 1],
      [0.05, 0.1, 0],
      [0.1, 0.2, 1],
      [0.2, null, 0],
    ]);
  });
});
