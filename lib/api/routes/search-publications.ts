import { PublicationSearchQuery, PublicationSearchResponse } from '@/lib/api/contracts/publications';
import { invalidQuery, jsonBody, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const searchPublications = defineRoute({
  method: 'get',
  path: '/api/v1/publications/search',
  operationId: 'searchPublications',
  summary: 'Find a publication by slug, title, author, podcast show or URL',
  rateLimit: 'free',
  tags: ['Publications'],
  query: PublicationSearchQuery,
  responses: {
    '200': jsonBody('At most three publications, best first.', PublicationSearchResponse),
    '400': invalidQuery,
    '500': serverError('Publication search'),
  },
});
