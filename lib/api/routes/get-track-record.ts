import { PublicationSlugParam } from '@/lib/api/contracts/publications';
import { TrackRecord, TrackRecordQuery } from '@/lib/api/contracts/track-record';
import { invalidQuery, jsonBody, notFound, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const getTrackRecord = defineRoute({
  method: 'get',
  path: '/api/v1/publications/{publicationSlug}/track-record',
  operationId: 'getTrackRecord',
  summary: 'What a publication’s past calls returned against the market',
  rateLimit: 'free',
  tags: ['Publications'],
  description:
    'Free. The track record of the publication’s stock and ETF calls (stock picks): each call enters at the first close after its post was published (16:00 New York; never an earlier close), and its return after 1, 5, 30 and 90 trading days and to date is compared with the benchmark’s (SPY for US listings) over the same days; the excess is signed by the call’s direction, so a bearish call gains when the price falls. Exits and trims close the publication’s earlier calls on the ticker. Per horizon: calls scored, hit rate (share with a positive excess; null under 10 calls, with a note), mean and median excess. Calls on tickers without prices are counted as unpriced, never dropped. `pricesSource` says where the closes come from, and is null (with `pricesNote`) when the deployment has no price provider: then no figure is given. Figures are fractions (0.05 is 5%), as of `pricesAsOf`. Past results are not advice. 404 for a publication that is not indexed.',
  params: PublicationSlugParam,
  query: TrackRecordQuery,
  responses: {
    '200': jsonBody('The record per horizon and the calls, newest first.', TrackRecord),
    '400': invalidQuery,
    '404': notFound('The publication is not indexed'),
    '500': serverError('The request'),
  },
});
