/**
 * An end-of-day price source. One is configured per deployment (lib/prices/env.ts); with none, no price is fetched and
 * the track record says so instead of inventing figures (docs/track-record.md).
 */

/** Where stored closes came from (daily_prices.source). */
export type PriceSource = 'massive' | 'demo';

/** One trading day's close, split- and dividend-adjusted as the source gives it. */
export interface DailyBar {
  /** The exchange's trading day, YYYY-MM-DD (America/New_York for US listings). */
  day: string;
  adjustedClose: number;
  volume: number | null;
}

export type SeriesAnswer = { status: 'ok'; bars: DailyBar[] } | { status: 'no_data' };

export interface PriceProvider {
  source: PriceSource;
  /** Daily closes of `ticker` from `from` to `to` (both YYYY-MM-DD, inclusive), oldest first. */
  dailyBars(ticker: string, from: string, to: string): Promise<SeriesAnswer>;
}

/**
 * The provider refused or failed. `auth` (a wrong or missing key) and `rate_limited` stop a run: asking again for the
 * next ticker would get the same answer. `failed` concerns one ticker.
 */
export class PriceProviderError extends Error {
  constructor(
    readonly kind: 'auth' | 'rate_limited' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'PriceProviderError';
  }
}
