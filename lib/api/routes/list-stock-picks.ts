import { z } from 'zod';
import {
  PaymentHeaders,
  PublicStockPicksResponse,
  PublicStockPicksResponseWithRecord,
  StockPicksQuery,
} from '@/lib/api/contracts/paid';
import { paymentInfo } from '@/lib/api/openapi/payment-offers';
import {
  invalidQuery,
  jsonBody,
  notFound,
  paidErrorResponses,
  serverError,
  stockPicksSuccessHeaders,
} from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const listStockPicks = defineRoute({
  method: 'get',
  path: '/api/v1/stock-picks',
  operationId: 'listStockPicks',
  summary: 'Stock picks of one UTC day or the last N days, optionally on one ticker',
  rateLimit: 'paid',
  tags: ['Paid'],
  description:
    "Ticker-level calls extracted from posts for one UTC day (the source article's publication day). Without `date`, the latest day that has picks. With `days` (1-90), the last N UTC days ending today instead: `startDate` and `endDate` bound the range and `dateUsed` is its last day. With `ticker`, only that ticker's picks (without `date` or `days`, its latest day). `date`, `period` and `days` are mutually exclusive. With `include=publicationRecord`, each pick also carries `publicationRecord`, the headline of its publication's track record (PublicStockPicksResponseWithRecord), at the same price; without it the body is exactly PublicStockPicksResponse. 404 (never charged) when nothing matches. GET /api/v1/tickers/{ticker} (free) shows how many calls a ticker had in the last 7, 30 and 90 days before you buy them.",
  query: StockPicksQuery,
  headers: PaymentHeaders,
  responses: {
    '200': jsonBody(
      "The day's picks, with payment headers; with include=publicationRecord, each with its publication's track record headline.",
      z.union([PublicStockPicksResponse, PublicStockPicksResponseWithRecord]),
      stockPicksSuccessHeaders,
    ),
    '400': invalidQuery,
    ...paidErrorResponses,
    '404': notFound('No picks for the resolved day, range or ticker'),
    '500': serverError('Stock picks'),
  },
  ...paymentInfo('0.10 USD per distinct attributed source article among the returned picks, within 0.10-10.00 USD.'),
});
