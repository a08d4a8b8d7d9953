/**
 * The vocabulary of investing. A post that uses three of these words is about markets, not products: its bare
 * tickers ("We added SCCO and FCX") and the trades it states on companies named by name are read as such
 * (lib/ai/text/tickers.ts, lib/ai/picks/post-process.ts).
 */
const FINANCE_TERMS =
  /\b(stocks|portfolio|valuations?|earnings|ebitda|dividends?|investors?|investing|investments?|equities|price target|bullish|bearish|hedge funds?|allocation|holdings|market cap|guidance|free cash flow|the print|per share|shareholders?|short sellers?|(?:long|short) positions?|basis points|the market|p\/e)\b/giu;

/** Does the text use at least three distinct words of investing? */
export function aboutMarkets(text: string): boolean {
  const seen = new Set<string>();
  for (const m of text.matchAll(FINANCE_TERMS)) {
    seen.add(m[1]!.toLowerCase().replace(/s$/u, ''));
    if (seen.size >= 3) return true;
  }
  return false;
}
