/**
 * The posts that mention a ticker, as SQL over one parameter (the ticker): those whose text names it (post_tickers,
 * lib/tickers/record-mentions.ts) and those with a call on it, since an extractor may read a call the mention finder
 * does not (a model naming the company's ticker from a nickname).
 */
export function mentionedPostsSql(param: string): string {
  return `select post_id from post_tickers where ticker = ${param}
          union select post_id from stock_picks where ticker = ${param}`;
}
