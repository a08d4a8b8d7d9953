import { suffixedListing } from '@/lib/reference/exchanges';

/** The benchmark of US listings: the S&P 500 through its largest ETF. */
export const US_BENCHMARK = 'SPY';

/**
 * The benchmark a call on `ticker` is measured against: SPY for a US listing; null for a listing elsewhere (an exchange
 * suffix such as "6758.T"), whose main index is not priced yet: its excess return is then null and the call says so.
 */
export function benchmarkFor(ticker: string): string | null {
  return suffixedListing(ticker) === null ? US_BENCHMARK : null;
}
