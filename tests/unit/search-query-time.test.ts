import { describe, expect, it } from 'vitest';
import { TimeWindow, TimeWindowLabel } from '@/lib/api/contracts/search';
import { parseTimeWindow, resolveWindow, TIME_WINDOW_SEMANTICS } from '@/lib/search/query/time-window';

// Fixed instants; the weekday is noted because this_week depends on it.
const MON = '2026-11-16T00:00:00.000Z'; // Monday, first instant
const SUN = '2026-11-22T23:59:59.000Z'; // Sunday, last second
const WED = '2026-11-18T14:05:00.000Z'; // Wednesday, mid-week
const JAN31 = '2026-01-31T12:00:00.000Z'; // Saturday
const APR30 = '2026-04-30T08:30:00.000Z'; // Thursday
const DEC31 = '2026-12-31T23:00:00.000Z'; // Thursday
const JAN1 = '2027-01-01T09:00:00.000Z'; // Friday; its week began in 2026
const LEAP = '2028-02-29T12:00:00.000Z'; // Tuesday
const MAR15 = '2028-03-15T12:00:00.000Z'; // Wednesday, month after a leap February
const MAR1 = '2028-03-01T00:00:00.000Z';

type Row = [text: string, now: string, label: string, start: string, end: string, days: number, rest: string];
const d = (day: string) => `${day}T00:00:00.000Z`;

const ROWS: Row[] = [
  // Monday 00:00:00Z: "today" and "this week" are empty-length but valid one-day windows.
  ['today', MON, 'today', d('2026-11-16'), MON, 1, ''],
  ['this week', MON, 'this_week', d('2026-11-16'), MON, 1, ''],
  ['last week', MON, 'last_week', d('2026-11-09'), d('2026-11-16'), 7, ''],
  ['yesterday', MON, 'yesterday', d('2026-11-15'), d('2026-11-16'), 1, ''],
  ['latest', MON, 'latest_recent', d('2026-11-10'), MON, 7, ''],
  // Sunday 23:59:59Z
  ['this week', SUN, 'this_week', d('2026-11-16'), SUN, 7, ''],
  ['what moved so far today', SUN, 'today', d('2026-11-22'), SUN, 1, 'what moved'],
  ['previous week', SUN, 'last_week', d('2026-11-15'), d('2026-11-22'), 7, ''],
  ['last 3 days', SUN, 'last_n_days', d('2026-11-20'), SUN, 3, ''],
  ['past 2 weeks', SUN, 'last_n_weeks', d('2026-11-09'), SUN, 14, ''],
  // Wednesday mid-week
  ['nvidia earnings this week', WED, 'this_week', d('2026-11-16'), WED, 3, 'nvidia earnings'],
  ['This Week in semis', WED, 'this_week', d('2026-11-16'), WED, 3, 'in semis'],
  ['Week-to-date flows', WED, 'this_week', d('2026-11-16'), WED, 3, 'flows'],
  ["last week's CPI print", WED, 'last_week', d('2026-11-11'), d('2026-11-18'), 7, 'CPI print'],
  ['oil over the past week', WED, 'last_week', d('2026-11-11'), d('2026-11-18'), 7, 'oil'],
  ['What happened in the last three days?', WED, 'last_n_days', d('2026-11-16'), WED, 3, 'What happened?'],
  ['previous 2 days', WED, 'last_n_days', d('2026-11-17'), WED, 2, ''],
  ['LAST 10 DAYS', WED, 'last_n_days', d('2026-11-09'), WED, 10, ''],
  ['Past 48 hours', WED, 'last_n_days', d('2026-11-17'), WED, 2, ''],
  ['last 24 hours', WED, 'last_n_days', d('2026-11-18'), WED, 1, ''],
  ['last day', WED, 'last_n_days', d('2026-11-18'), WED, 1, ''],
  ['last 0 days', WED, 'last_n_days', d('2026-11-18'), WED, 1, ''],
  ['last 400 days', WED, 'last_n_days', d('2025-11-19'), WED, 365, ''],
  ['last 3 months', WED, 'last_n_days', d('2026-08-20'), WED, 91, ''],
  ['YTD returns', WED, 'last_n_days', d('2026-01-01'), WED, 322, 'returns'],
  ['past three weeks', WED, 'last_n_weeks', d('2026-10-29'), WED, 21, ''],
  ['last 1 week', WED, 'last_n_weeks', d('2026-11-12'), WED, 7, ''],
  ['the past few weeks', WED, 'last_n_weeks', d('2026-10-29'), WED, 21, ''],
  ['this month', WED, 'this_month', d('2026-11-01'), WED, 18, ''],
  ['MTD performance', WED, 'this_month', d('2026-11-01'), WED, 18, 'performance'],
  ['over the past month', WED, 'past_month', d('2026-10-20'), WED, 30, ''],
  ['in the last month', WED, 'past_month', d('2026-10-20'), WED, 30, ''],
  ['last month', WED, 'last_month', d('2026-10-01'), d('2026-11-01'), 31, ''],
  ["previous month's jobs report", WED, 'last_month', d('2026-10-01'), d('2026-11-01'), 31, 'jobs report'],
  ['recently', WED, 'latest_recent', d('2026-11-12'), WED, 7, ''],
  ['most recent 10-Q', WED, 'latest_recent', d('2026-11-12'), WED, 7, '10-Q'],
  ['the newest take, lately', WED, 'latest_recent', d('2026-11-12'), WED, 7, 'the take'],
  // several phrases: all removed; explicit beats intent; narrowest explicit wins
  ['latest nvidia news this week', WED, 'this_week', d('2026-11-16'), WED, 3, 'nvidia news'],
  ['recent fed talk last month', WED, 'last_month', d('2026-10-01'), d('2026-11-01'), 31, 'fed talk'],
  ['this month, especially yesterday', WED, 'yesterday', d('2026-11-17'), d('2026-11-18'), 1, 'especially'],
  ['today and this week', WED, 'today', d('2026-11-18'), WED, 1, 'and'],
  // month ends
  ['this month', JAN31, 'this_month', d('2026-01-01'), JAN31, 31, ''],
  ['last month', JAN31, 'last_month', d('2025-12-01'), d('2026-01-01'), 31, ''],
  ['past month', JAN31, 'past_month', d('2026-01-02'), JAN31, 30, ''],
  ['this week', JAN31, 'this_week', d('2026-01-26'), JAN31, 6, ''],
  ['this month', APR30, 'this_month', d('2026-04-01'), APR30, 30, ''],
  ['last month', APR30, 'last_month', d('2026-03-01'), d('2026-04-01'), 31, ''],
  ['last week', APR30, 'last_week', d('2026-04-23'), d('2026-04-30'), 7, ''],
  // year end
  ['this week', DEC31, 'this_week', d('2026-12-28'), DEC31, 4, ''],
  ['last month', DEC31, 'last_month', d('2026-11-01'), d('2026-12-01'), 30, ''],
  ['this week', JAN1, 'this_week', d('2026-12-28'), JAN1, 5, ''],
  ['yesterday', JAN1, 'yesterday', d('2026-12-31'), d('2027-01-01'), 1, ''],
  ['last week', JAN1, 'last_week', d('2026-12-25'), d('2027-01-01'), 7, ''],
  ['last month', JAN1, 'last_month', d('2026-12-01'), d('2027-01-01'), 31, ''],
  ['last 3 days', JAN1, 'last_n_days', d('2026-12-30'), JAN1, 3, ''],
  ['year to date', JAN1, 'last_n_days', d('2027-01-01'), JAN1, 1, ''],
  // leap year
  ['this month', LEAP, 'this_month', d('2028-02-01'), LEAP, 29, ''],
  ['last month', LEAP, 'last_month', d('2028-01-01'), d('2028-02-01'), 31, ''],
  ['this week', LEAP, 'this_week', d('2028-02-28'), LEAP, 2, ''],
  ['last month', MAR15, 'last_month', d('2028-02-01'), d('2028-03-01'), 29, ''],
  ['past month', MAR15, 'past_month', d('2028-02-15'), MAR15, 30, ''],
  ['yesterday', MAR1, 'yesterday', d('2028-02-29'), d('2028-03-01'), 1, ''],
];

describe('parseTimeWindow', () => {
  it.each(ROWS)('%j at %s -> %s', (text, now, label, startIso, endIso, days, rest) => {
    const r = parseTimeWindow(text, new Date(now));
    expect(r.window).toEqual({ label, startIso, endIso, days });
    expect(r.rest).toBe(rest);
    expect(() => TimeWindow.parse(r.window)).not.toThrow();
  });

  it.each([
    'weekly outlook',
    'Week 12 picks',
    'weekend reading',
    'new position in AAPL',
    'nvidia news',
    'the last straw',
    'lastweek',
    'todays',
    'recentralization',
    'last weeks',
    'in the past',
    'last year guidance',
  ])('%j has no time window and is left intact', (text) => {
    expect(parseTimeWindow(text, new Date(WED))).toEqual({ window: null, rest: text });
  });

  it('collapses whitespace in rest even without a window', () => {
    expect(parseTimeWindow('  fed \n  rate\tcuts ', new Date(WED))).toEqual({ window: null, rest: 'fed rate cuts' });
  });

  it('rejects an invalid now (a programming error)', () => {
    expect(() => parseTimeWindow('today', new Date('nope'))).toThrow(RangeError);
  });
});

describe('TIME_WINDOW_SEMANTICS', () => {
  it('describes exactly the labels of the contract, in one line each', () => {
    expect(Object.keys(TIME_WINDOW_SEMANTICS).sort()).toEqual([...TimeWindowLabel.options].sort());
    for (const line of Object.values(TIME_WINDOW_SEMANTICS)) expect(line).not.toMatch(/\n/);
  });

  it('resolveWindow yields schema-valid windows for every label', () => {
    for (const label of TimeWindowLabel.options) {
      expect(() => TimeWindow.parse(resolveWindow(label, new Date(WED), 5))).not.toThrow();
    }
  });
});
