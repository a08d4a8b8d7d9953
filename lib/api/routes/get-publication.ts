import { z } from 'zod';
import { ErrorMessage } from '@/lib/api/contracts/common';
import {
  PublicationDetail,
  PublicationDetailQuery,
  PublicationDetailWithRecord,
  PublicationSlugParam,
} from '@/lib/api/contracts/publications';
import { invalidQuery, jsonBody, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const getPublication = defineRoute({
  method: 'get',
  path: '/api/v1/publications/{publicationSlug}',
  operationId: 'getPublication',
  summary: 'A publication and its newest posts',
  rateLimit: 'free',
  tags: ['Publications'],
  description:
    'Free. The publication and its newest posts (PublicationDetail). With `include=publicationRecord`, also `publicationRecord`: the headline of its track record (calls scored, hit rate, mean excess over SPY at 30 trading days, as of the latest close; PublicationDetailWithRecord). Without it the body is exactly PublicationDetail.',
  params: PublicationSlugParam,
  query: PublicationDetailQuery,
  responses: {
    '200': jsonBody(
      'The publication with its posts, newest first; with include=publicationRecord, its track record headline too.',
      z.union([PublicationDetail, PublicationDetailWithRecord]),
    ),
    '400': invalidQuery,
    '404': jsonBody('The publication is not indexed.', ErrorMessage),
    '500': serverError('The request'),
  },
});
