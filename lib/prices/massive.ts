import { GetStocksAggregatesSortEnum, GetStocksAggregatesTimespanEnum, restClient } from '@massive.com/client-js';
import { type DailyBar, type PriceProvider, PriceProviderError, type SeriesAnswer } from './provider';

export const MASSIVE_DEFAULT_BASE_URL = 'https://api.massive.com';

// Massive's daily aggregates allow up to 50,000 bars per answer: two centuries of trading days, so one page suffices.
const MAX_BARS = 50_000;

const newYorkDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Massive's daily aggregates (GET /v2/aggs/ticker/{ticker}/range/1/day/{from}/{to}?adjusted=true) through its official
 * client. A bar's `t` is the start of its session window in Unix milliseconds, midnight in New York: the trading day
 * is read in that zone, the exchange's own.
 */
export function massiveProvider(options: { apiKey: string; baseUrl?: string }): PriceProvider {
  const rest = restClient(options.apiKey, options.baseUrl ?? MASSIVE_DEFAULT_BASE_URL);
  return {
    source: 'massive',
    async dailyBars(ticker: string, from: string, to: string): Promise<SeriesAnswer> {
      try {
        const answer = await rest.getStocksAggregates({
          stocksTicker: ticker,
          multiplier: 1,
          timespan: GetStocksAggregatesTimespanEnum.Day,
          from,
          to,
          adjusted: true,
          sort: GetStocksAggregatesSortEnum.Asc,
          limit: MAX_BARS,
        });
        const results = answer.results ?? [];
        // An unknown or delisted ticker is answered 200 with no results, not 404.
        if (results.length === 0) return { status: 'no_data' };
        const bars: DailyBar[] = results.map((bar) => ({
          day: newYorkDay.format(new Date(bar.t)),
          adjustedClose: bar.c,
          volume: Number.isFinite(bar.v) ? bar.v : null,
        }));
        return { status: 'ok', bars };
      } catch (error) {
        throw providerError(error, ticker);
      }
    },
  };
}

function providerError(error: unknown, ticker: string): PriceProviderError {
  // The client throws axios errors; an answer carries `response` (axios is the client's dependency, not ours).
  const response = (error as { response?: { status: number; data: unknown } }).response;
  if (!response) {
    return new PriceProviderError('failed', `Massive unreachable for ${ticker}: ${(error as Error).message}`);
  }
  const { status, data } = response;
  const said = typeof data === 'object' && data !== null && 'error' in data ? String(data.error) : `HTTP ${status}`;
  if (status === 401 || status === 403) return new PriceProviderError('auth', `Massive refused the API key: ${said}`);
  if (status === 429) return new PriceProviderError('rate_limited', `Massive rate limit: ${said}`);
  return new PriceProviderError('failed', `Massive answered ${status} for ${ticker}: ${said}`);
}
