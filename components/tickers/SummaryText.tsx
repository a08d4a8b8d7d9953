import { Fragment, type ReactNode } from 'react';
import { TickerLink } from './TickerLink';

// A ticker as summaries write it: upper case, with a class or listing suffix (BRK.B, 6758.T).
const TICKER = '[A-Z0-9][A-Z0-9&]{0,9}(?:[.-][A-Z0-9]{1,3})?';
// The summaries' "Tickers mentioned: NVDA, AMD" line, and the demo corpus's "Tickers discussed: NVDA, AMD and TSM."
const TICKER_LIST = new RegExp(`(Tickers (?:mentioned|discussed): )(${TICKER}(?:(?:, | and )${TICKER})*)`, 'gu');
const SEPARATOR = /(, | and )/u;

/**
 * A bought summary's text, its line breaks kept (the caller's whitespace-pre-line), with each ticker of its list of
 * tickers linking to that ticker's page.
 */
export function SummaryText({ text, className }: { text: string; className?: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TICKER_LIST)) {
    const start = match.index!;
    parts.push(text.slice(at, start), match[1]);
    for (const [i, piece] of match[2]!.split(SEPARATOR).entries()) {
      parts.push(i % 2 === 0 ? <TickerLink key={`${start}-${i}`} ticker={piece} /> : piece);
    }
    at = start + match[0].length;
  }
  parts.push(text.slice(at));
  return (
    <p className={className}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence for this text, position is identity
        <Fragment key={i}>{part}</Fragment>
      ))}
    </p>
  );
}
