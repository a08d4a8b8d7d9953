import { PaymentHeaders, PublicStockPicksResponse, StockPicksQuery } from '@/lib/api/contracts/paid';
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
  summary: 'Stock picks of one UTC day',
  rateLimit: 'paid',
  tags: ['Paid'],
  description:
    "Ticker-level calls extracted from posts for exactly one UTC day (the source article's publication day). Without `date`, the latest day that has picks. `date` and `period` are mutually exclusive. 404 (never charged) when the day has no picks.",
  query: StockPicksQuery,
  headers: PaymentHeaders,
  responses: {
    '200': jsonBody("The day's picks, with payment headers.", PublicStockPicksResponse, stockPicksSuccessHeaders),
    '400': invalidQuery,
    ...paidErrorResponses,
    '404': notFound('No picks for the resolved day'),
    '500': serverError('Stock picks'),
  },
  ...paymentInfo('0.10 USD per distinct attributed source article among the returned picks, within 0.10-10.00 USD.'),
});
