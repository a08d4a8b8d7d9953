import { TickerDetail, TickerDetailQuery, TickerPathParam } from '@/lib/api/contracts/tickers';
import { invalidQuery, jsonBody, notFound, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const getTicker = defineRoute({
  method: 'get',
  path: '/api/v1/tickers/{ticker}',
  operationId: 'getTicker',
  summary: 'What newsletters say about a ticker',
  rateLimit: 'free',
  tags: ['Tickers'],
  description:
    'Free. The company (name, exchange) from the reference data; how many posts mentioned the ticker and how many calls (stock picks) they made on it, by direction and action, in the last 7, 30 and 90 UTC days; the publications that called it; its past stock and ETF calls with their outcomes (`pastCalls`: entry at the first close after the post, returns after 1, 5, 30 and 90 trading days and to date, the excess over the benchmark signed by the call’s direction, as in GET /api/v1/publications/{publicationSlug}/track-record; past results are not advice); and the newest posts that mention it, shaped as search results (candidates: buy a summary with GET /api/v1/publications/{publicationSlug}/{postSlug}, or the calls themselves with GET /api/v1/stock-picks?ticker=…&days=…). A post mentions a ticker when its text names it by cashtag, ticker, listing or company name, or when a call on it was extracted from it. 400 for a malformed ticker; 404 for one the reference data does not list and no post mentions.',
  params: TickerPathParam,
  query: TickerDetailQuery,
  responses: {
    '200': jsonBody('The ticker, its counts, its publications and its newest posts.', TickerDetail),
    '400': invalidQuery,
    '404': notFound('No company and no post is known for the ticker'),
    '500': serverError('The request'),
  },
});
