import { TopicSearchQuery, TopicSearchResponse } from '@/lib/api/contracts/search';
import { invalidQuery, jsonBody, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';
import { describeSearch } from '@/lib/search/describe';

export const searchByTopic = defineRoute({
  method: 'get',
  path: '/api/v1/search',
  operationId: 'searchByTopic',
  summary: 'Search posts by topic',
  rateLimit: 'free',
  tags: ['Search'],
  description: describeSearch(),
  query: TopicSearchQuery,
  responses: {
    '200': jsonBody('Ranked posts.', TopicSearchResponse),
    '400': invalidQuery,
    '500': serverError('Search'),
  },
});
