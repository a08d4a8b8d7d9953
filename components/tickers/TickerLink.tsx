import Link from 'next/link';

/** A ticker as a link to its page (/tickers/NVDA): what newsletters say about it. */
export function tickerHref(ticker: string): string {
  return `/tickers/${encodeURIComponent(ticker)}`;
}

export function TickerLink({ ticker, className }: { ticker: string; className?: string }) {
  return (
    <Link
      href={tickerHref(ticker)}
      className={className ?? 'text-indigo-700 underline hover:text-indigo-900'}
      title={`What newsletters say about ${ticker}`}
    >
      {ticker}
    </Link>
  );
}
