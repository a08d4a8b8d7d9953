import { PublicationListResponse } from '@/lib/api/contracts/publications';
import { jsonBody, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const listPublications = defineRoute({
  method: 'get',
  path: '/api/v1/publications',
  operationId: 'listPublications',
  summary: 'List all indexed publications',
  rateLimit: 'free',
  tags: ['Publications'],
  responses: {
    '200': jsonBody('All indexed publications.', PublicationListResponse),
    '500': serverError('Listing'),
  },
});
