import { TopicSearchQuery, TopicSearchResponse } from '@/lib/api/contracts/search';
import { invalidQuery, jsonBody, serverError, serviceBusy } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';
import { describeSearch } from '@/lib/search/describe';

/** Sent with a search answer while posts wait for search indexing: how many (counted at most 2 s ago). */
export const SEARCH_INDEX_PENDING_HEADER = 'X-Search-Index-Pending';

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
    '200': jsonBody('Ranked posts.', TopicSearchResponse, {
      [SEARCH_INDEX_PENDING_HEADER]: {
        description:
          'Present only while posts wait for search indexing (after an import, or a large backlog indexed in the background after start-up): how many. They are missing from the results until indexed; absent, every post is searchable.',
        schema: { type: 'integer', minimum: 1 },
      },
    }),
    '400': invalidQuery,
    '500': serverError('Search'),
    '503': serviceBusy(
      '`service_busy`: the service is overloaded, or search is still loading its index after a start and this query matches too many posts to rank exactly meanwhile (a rare word still answers). Retry after Retry-After seconds. `query_too_broad`: this deployment ranks in SQL alone (no index in memory, so none will load) and the query matches too many posts to rank exactly; no Retry-After, since retrying answers the same: search with rarer, more specific words.',
      'With `service_busy` only: seconds to wait before retrying. Absent with `query_too_broad`.',
    ),
  },
});
