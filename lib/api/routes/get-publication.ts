import { ErrorMessage } from '@/lib/api/contracts/common';
import { PublicationDetail, PublicationDetailQuery, PublicationSlugParam } from '@/lib/api/contracts/publications';
import { invalidQuery, jsonBody, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const getPublication = defineRoute({
  method: 'get',
  path: '/api/v1/publications/{publicationSlug}',
  operationId: 'getPublication',
  summary: 'A publication and its newest posts',
  rateLimit: 'free',
  tags: ['Publications'],
  params: PublicationSlugParam,
  query: PublicationDetailQuery,
  responses: {
    '200': jsonBody('The publication with its posts, newest first.', PublicationDetail),
    '400': invalidQuery,
    '404': jsonBody('The publication is not indexed.', ErrorMessage),
    '500': serverError('The request'),
  },
});
