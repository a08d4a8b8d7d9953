/**
 * Time windows of the time-scoped queries, resolved against the evaluation's fixed `now`. All boundaries are UTC and
 * half-open: a post counts when start <= publishedAt < end. Undated posts are outside every window. SOD = 00:00 UTC
 * of now's date.
 *
 *   today       [SOD, now)
 *   yesterday   [SOD - 1 day, SOD)
 *   this_week   [Monday 00:00 of the current ISO week, now)
 *   last_week   [SOD - 7 days, SOD)             the reference service's documented example (excludes today)
 *   last_n_days [SOD - (n - 1) days, now)       the last n calendar days, today included
 *   this_month  [1st of the month 00:00, now)
 *   past_month  [SOD - 29 days, now)            the last 30 calendar days, today included
 *   latest      [SOD - 6 days, now)             "latest" / "recent": the last 7 calendar days, today included
 *
 * These are the semantics the service publishes (TIME_WINDOW_SEMANTICS in lib/search/query/time-window.ts), written
 * out again here on purpose: judging with the parser under test could not catch its mistakes. The eval prints every
 * query whose resolved window differs from these, so a disagreement shows up as such, not as a silent ranking loss.
 */

export type WindowRule =
  | 'today'
  | 'yesterday'
  | 'this_week'
  | 'last_week'
  | 'this_month'
  | 'past_month'
  | 'latest'
  | { lastDays: number };

export interface ResolvedWindow {
  /** The TimeWindow label the contract uses for this rule. */
  label: string;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

function startOfUtcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS) * DAY_MS;
}

export function resolveWindow(rule: WindowRule, now: Date): ResolvedWindow {
  const t = now.getTime();
  const today = startOfUtcDay(now);
  const window = (label: string, start: number, end: number) => ({ label, start: new Date(start), end: new Date(end) });
  if (typeof rule === 'object') return window('last_n_days', today - (rule.lastDays - 1) * DAY_MS, t);
  switch (rule) {
    case 'today':
      return window('today', today, t);
    case 'yesterday':
      return window('yesterday', today - DAY_MS, today);
    case 'this_week': {
      // getUTCDay: 0 = Sunday; ISO weeks start on Monday.
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return window('this_week', today - sinceMonday * DAY_MS, t);
    }
    case 'last_week':
      return window('last_week', today - 7 * DAY_MS, today);
    case 'this_month':
      return window('this_month', Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1), t);
    case 'past_month':
      return window('past_month', today - 29 * DAY_MS, t);
    case 'latest':
      return window('latest_recent', today - 6 * DAY_MS, t);
  }
}

export function inWindow(publishedAt: Date | null, window: ResolvedWindow): boolean {
  if (!publishedAt) return false;
  const t = publishedAt.getTime();
  return t >= window.start.getTime() && t < window.end.getTime();
}

export function describeRule(rule: WindowRule): string {
  return typeof rule === 'object' ? `last ${rule.lastDays} days` : rule;
}
