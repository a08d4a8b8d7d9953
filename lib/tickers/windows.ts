/** The windows a ticker's activity is counted in: the last 7, 30 and 90 UTC days, today included. */
export const TICKER_WINDOWS = [7, 30, 90] as const;
export type TickerWindowDays = (typeof TICKER_WINDOWS)[number];

const DAY_MS = 86_400_000;

/**
 * The first UTC day (YYYY-MM-DD) of the `days` UTC days that end with today: what both the ticker's counts and
 * GET /api/v1/stock-picks?days= mean by "the last N days", so the two agree on any day.
 */
export function windowStartDay(days: number, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
