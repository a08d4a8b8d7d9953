/**
 * Deterministic time-phrase parser for topic search (notes/search.md "Time phrases": chrono-node gives start-only
 * or rolling answers and misses "latest"/"recent", so we use a small rules layer with table tests at a fixed now).
 *
 * All UTC; SOD = 00:00:00.000Z of now's UTC date.     window [start, end]                 days
 *   today          today, so far today, this morning     [SOD, now]                          1
 *   yesterday      yesterday                             [SOD-1d, SOD]                       1
 *   this_week      this week, week to date, WTD          [Monday 00:00Z, now]                1..7, elapsed incl. today
 *   last_week      last/past/previous/prior week         [SOD-7d, SOD] rolling, as the reference service; 7
 *   last_n_days    last 3 days, past ten days, last 48 hours (ceil h/24), last day, last 3 months (round 30.4375n),
 *                  past year (365), YTD/this year (n = day of year)   [SOD-(n-1)d, now]      n, 1..365
 *   last_n_weeks   last 2 weeks, past few weeks          [SOD-(7n-1)d, now]                  7n, n 1..52
 *   this_month     this month, month to date, MTD        [1st 00:00Z, now]                   day of month
 *   past_month     past month, in/over the last month    [SOD-29d, now]                      30
 *   last_month     last/previous/prior month             [1st of prev month, 1st of month]   that month's length
 *   latest_recent  latest, recent(ly), newest, lately    [SOD-6d, now]                       7
 * Number words one..twelve, "a couple of" (2) and "a few" (3) are accepted where a number is.
 *
 * Several phrases: every matched phrase is removed from `rest`; explicit phrases beat latest_recent; among explicit
 * ones the narrowest window (fewest days) wins, ties going to the earliest in the text. Matching is case-insensitive
 * on letter/digit boundaries, so "weekly", "weekend", "Week 12" and "news" never match.
 */
import type { z } from 'zod';
import type { TimeWindow as TimeWindowSchema } from '@/lib/api/contracts/search';

export type TimeWindow = z.infer<typeof TimeWindowSchema>;
export type TimeWindowLabel = TimeWindow['label'];

/** One line per label, quoted by the OpenAPI description and the README. */
export const TIME_WINDOW_SEMANTICS: Readonly<Record<TimeWindowLabel, string>> = {
  today: '"today": from 00:00 UTC today to now; days 1.',
  yesterday: '"yesterday": the previous UTC calendar day, 00:00 to 00:00; days 1.',
  this_week: '"this week", "week to date": from Monday 00:00 UTC to now; days = days elapsed including today (1-7).',
  last_week: '"last week", "past week": the 7 days before 00:00 UTC today (rolling, excludes today); days 7.',
  last_n_days:
    '"last N days", "past 48 hours", "last 3 months", "YTD": the last N UTC days including today, to now; days N (1-365).',
  last_n_weeks: '"last N weeks": the last 7N UTC days including today, to now; days 7N (N 1-52).',
  this_month: '"this month", "month to date", "MTD": from the 1st 00:00 UTC to now; days = day of month.',
  past_month: '"past month", "over the last month": the last 30 UTC days including today, to now; days 30.',
  last_month: '"last month": the previous calendar month, 1st 00:00 UTC to 1st 00:00 UTC; days = its length.',
  latest_recent: '"latest", "recent", "most recent", "newest", "lately": the last 7 UTC days including today; days 7.',
};

const DAY = 86_400_000;
const B = String.raw`(?<![\p{L}\p{N}_])`;
const E = String.raw`(?![\p{L}\p{N}_])`;
const PRE = String.raw`(?:(?:over|in|during|for|within|from)\s+)?(?:the\s+)?`;
const BACK = String.raw`(?:last|past|previous|prior|trailing)\s+`;
const POSS = "(?:['’]s)?";
const NUM = String.raw`(\d{1,9}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few)`;
const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

function toNumber(raw: string): number {
  const w = raw.toLowerCase();
  if (/^\d+$/.test(w)) return Number(w);
  if (w.includes('couple')) return 2;
  if (w.includes('few')) return 3;
  return WORDS[w] ?? 1;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, Math.floor(n) || lo));

/** What a rule resolves to: a label plus N where the label takes one (days for last_n_days, weeks for last_n_weeks). */
type Hit = { label: TimeWindowLabel; n?: number };
type Rule = { re: RegExp; hit: (m: RegExpMatchArray, now: Date) => Hit };
const rule = (src: string, hit: Rule['hit']): Rule => ({ re: new RegExp(`${B}(?:${src})${E}`, 'giu'), hit });

const fixed = (label: TimeWindowLabel, n?: number) => (): Hit => ({ label, n });
const yearToDate = (_m: RegExpMatchArray, now: Date): Hit => ({
  label: 'last_n_days',
  n: Math.floor((now.getTime() - Date.UTC(now.getUTCFullYear(), 0, 1)) / DAY) + 1, // day of year
});

const RULES: readonly Rule[] = [
  rule(String.raw`(?:so\s+far\s+)?today${POSS}|this\s+(?:morning|afternoon)`, fixed('today')),
  rule(`yesterday${POSS}`, fixed('yesterday')),
  rule(String.raw`(?:so\s+far\s+)?this\s+week${POSS}|week[\s-]+to[\s-]+date|wtd`, fixed('this_week')),
  rule(String.raw`${PRE}(?:${BACK}|this\s+past\s+)week${POSS}`, fixed('last_week')),
  rule(String.raw`${PRE}${BACK}${NUM}\s*(days?|d|hours?|hrs?|h)`, (m) => {
    const n = toNumber(m[1] ?? '1');
    return { label: 'last_n_days', n: /^h/i.test(m[2] ?? '') ? Math.ceil(n / 24) : n };
  }),
  rule(`${PRE}${BACK}(?:day|hour)`, fixed('last_n_days', 1)),
  rule(String.raw`${PRE}${BACK}${NUM}\s*weeks?`, (m) => ({ label: 'last_n_weeks', n: toNumber(m[1] ?? '1') })),
  rule(String.raw`${PRE}${BACK}${NUM}\s*months?`, (m) => {
    const n = toNumber(m[1] ?? '1');
    return n === 1 ? { label: 'past_month' } : { label: 'last_n_days', n: Math.round(n * 30.4375) };
  }),
  rule(String.raw`${PRE}(?:past|trailing)\s+year|(?:over|in|within)\s+the\s+last\s+year`, fixed('last_n_days', 365)),
  rule(String.raw`(?:so\s+far\s+)?this\s+year${POSS}|year[\s-]+to[\s-]+date|ytd`, yearToDate),
  rule(String.raw`(?:so\s+far\s+)?this\s+month${POSS}|month[\s-]+to[\s-]+date|mtd`, fixed('this_month')),
  rule(
    String.raw`${PRE}past\s+month${POSS}|(?:over|in|during|within)\s+the\s+last\s+month(?!['’]s)`,
    fixed('past_month'),
  ),
  rule(String.raw`(?:last|previous|prior)\s+month${POSS}`, fixed('last_month')),
  rule(String.raw`most\s+recent(?:ly)?|latest|recent(?:ly)?|newest|lately`, fixed('latest_recent')),
];

/** Resolves a label (and N) to concrete UTC bounds at `now`. */
export function resolveWindow(label: TimeWindowLabel, now: Date, n = 1): TimeWindow {
  const t = now.getTime();
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const sod = Date.UTC(y, mo, now.getUTCDate());
  const make = (start: number, end: number, days: number): TimeWindow => ({
    label,
    startIso: new Date(start).toISOString(),
    endIso: new Date(end).toISOString(),
    days,
  });
  switch (label) {
    case 'today':
      return make(sod, t, 1);
    case 'yesterday':
      return make(sod - DAY, sod, 1);
    case 'this_week': {
      const elapsed = (now.getUTCDay() + 6) % 7; // Monday = 0
      return make(sod - elapsed * DAY, t, elapsed + 1);
    }
    case 'last_week':
      return make(sod - 7 * DAY, sod, 7);
    case 'last_n_days': {
      const d = clamp(n, 1, 365);
      return make(sod - (d - 1) * DAY, t, d);
    }
    case 'last_n_weeks': {
      const w = clamp(n, 1, 52);
      return make(sod - (7 * w - 1) * DAY, t, 7 * w);
    }
    case 'this_month':
      return make(Date.UTC(y, mo, 1), t, now.getUTCDate());
    case 'past_month':
      return make(sod - 29 * DAY, t, 30);
    case 'last_month': {
      const start = Date.UTC(y, mo - 1, 1); // Date.UTC rolls month -1 into December of the previous year
      const end = Date.UTC(y, mo, 1);
      return make(start, end, Math.round((end - start) / DAY));
    }
    case 'latest_recent':
      return make(sod - 6 * DAY, t, 7);
  }
}

type Match = { start: number; end: number; window: TimeWindow };
// A loop, not /[,;: ]+$/: that regex is quadratic on long runs of separators in hostile input.
function trimSeparators(s: string): string {
  const sep = (c: string | undefined) => c !== undefined && ' ,;:'.includes(c);
  let a = 0;
  let b = s.length;
  while (a < b && sep(s[a])) a++;
  while (b > a && sep(s[b - 1])) b--;
  return s.slice(a, b);
}

/**
 * Finds time phrases in `text`. `rest` is the text with every matched phrase removed and whitespace collapsed.
 * Throws only if `now` is not a valid date (a programming error, not a user input problem).
 */
export function parseTimeWindow(text: string, now: Date): { window: TimeWindow | null; rest: string } {
  if (Number.isNaN(now.getTime())) throw new RangeError('parseTimeWindow: invalid now');
  const src = typeof text === 'string' ? text : '';
  const found: Match[] = [];
  for (const r of RULES) {
    for (const m of src.matchAll(r.re)) {
      const hit = r.hit(m, now);
      const start = m.index ?? 0;
      found.push({ start, end: start + m[0].length, window: resolveWindow(hit.label, now, hit.n) });
    }
  }
  // Overlaps (e.g. "in the last month" vs "last month"): earliest start wins, then the longer phrase.
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Match[] = [];
  const pieces: string[] = [];
  let cursor = 0;
  for (const f of found) {
    if (f.start < cursor) continue;
    kept.push(f);
    pieces.push(src.slice(cursor, f.start));
    cursor = f.end;
  }
  pieces.push(src.slice(cursor));
  // Rejoin around the holes without a space before punctuation ("happened, in the last 3 days?" -> "happened?") and
  // without commas left dangling at either end ("this month, especially X" -> "especially X"). Each step touches one
  // piece only, so hostile input with thousands of holes stays linear.
  const out: string[] = [];
  pieces.forEach((p, i) => {
    const next = pieces[i + 1];
    const tight = next !== undefined && /^\s*[?!.,;:)]/.test(next);
    out.push(tight ? p.trimEnd().replace(/[,;:]$/, '') : p, tight || next === undefined ? '' : ' ');
  });
  let rest = out.join('').replace(/\s+/g, ' ').trim();
  if (kept.length > 0) rest = trimSeparators(rest);

  // Explicit ranges beat intent words, then the narrowest window wins; strict < keeps the earliest on ties.
  const rank = (w: TimeWindow): number => (w.label === 'latest_recent' ? 1000 : 0) + w.days;
  let best: TimeWindow | null = null;
  for (const k of kept) if (best === null || rank(k.window) < rank(best)) best = k.window;
  return { window: best, rest };
}
