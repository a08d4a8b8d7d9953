import { z } from 'zod';
import { ErrorMessage } from '@/lib/api/contracts/common';
import {
  CreatedWatch,
  DeletedWatch,
  WatchDetail,
  WatchFeedQuery,
  WatchIdParam,
  WatchList,
  WatchRequest,
} from '@/lib/api/contracts/watches';
import { readJsonBody } from '@/lib/api/json-body';
import { invalidQuery, jsonBody, notFound, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

const BearerHeader = z.object({
  authorization: z
    .string()
    .meta({ description: '`Bearer <API key or session token>`: the account that owns watches.' }),
});

const unauthorized = jsonBody(
  'No Authorization header, or an API key or session token that is unknown, revoked or expired. Never a 402: watches are free.',
  ErrorMessage,
);

const FREE =
  'Free, with `Authorization: Bearer <API key or session token>`; never a 402. See docs/watches.md for the event format and how to verify signatures.';

export const createWatchRoute = defineRoute({
  method: 'post',
  path: '/api/v1/watches',
  operationId: 'createWatch',
  summary: 'Watch a ticker, a topic or a publication: a signed webhook and a feed entry for each new match',
  rateLimit: 'free',
  tags: ['Watches'],
  description: `${FREE} A watch hears of each new post that matches it, once: \`ticker\` (a post naming it, \`mention\`; a call extracted on it, \`call\`, with its ticker, direction and action), \`query\` (a post matching the topic on its own, by topic search's ranking, at \`minConfidence\`) or \`publication\` (every new post). Each event is POSTed to \`webhookUrl\` (https, public address), signed as Standard Webhooks says (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\` with the \`secret\`), retried with backoff for a day and then shown failing; and every event is in the watch's JSON Feed and Atom feed (\`feedUrl\`, opened by \`feedToken\`). Events carry the post's metadata, why it matched and the paid URLs, never the summary or a call's evidence. \`secret\` and \`feedToken\` are shown once. At most 100 watches an account (409 \`watch_limit_reached\`).`,
  headers: BearerHeader,
  body: {
    required: true,
    description: 'What to watch, and optionally where to send its events.',
    schema: WatchRequest,
    read: async (request: Request) => (await readJsonBody(request, WatchRequest)).input,
  },
  responses: {
    '201': jsonBody('The watch, its signing secret and its feed URL (both shown only now).', CreatedWatch),
    '400': invalidQuery,
    '401': unauthorized,
    '404': notFound('`not_found`: the publication is not indexed'),
    '409': jsonBody('`watch_limit_reached`: the account keeps as many watches as it may.', ErrorMessage),
    '500': serverError('Creating the watch'),
  },
});

export const listWatchesRoute = defineRoute({
  method: 'get',
  path: '/api/v1/watches',
  operationId: 'listWatches',
  summary: "The account's watches",
  rateLimit: 'free',
  tags: ['Watches'],
  description: `${FREE} Every watch of the credential's account, newest first, with its event count and webhook status.`,
  headers: BearerHeader,
  responses: {
    '200': jsonBody("The account's watches.", WatchList),
    '401': unauthorized,
    '500': serverError('Listing the watches'),
  },
});

export const getWatchRoute = defineRoute({
  method: 'get',
  path: '/api/v1/watches/{id}',
  operationId: 'getWatch',
  summary: 'A watch and the delivery of its newest events',
  rateLimit: 'free',
  tags: ['Watches'],
  description: `${FREE} The watch and its 20 newest events, each with its delivery status, attempts, last response code and next attempt. Another account's watch is 404.`,
  headers: BearerHeader,
  params: WatchIdParam,
  responses: {
    '200': jsonBody('The watch.', WatchDetail),
    '400': invalidQuery,
    '401': unauthorized,
    '404': notFound('No such watch on this account'),
    '500': serverError('Reading the watch'),
  },
});

export const deleteWatchRoute = defineRoute({
  method: 'delete',
  path: '/api/v1/watches/{id}',
  operationId: 'deleteWatch',
  summary: 'Delete a watch',
  rateLimit: 'free',
  tags: ['Watches'],
  description: `${FREE} Deletes the watch with its events: no further webhook is sent and its feeds answer 404.`,
  headers: BearerHeader,
  params: WatchIdParam,
  responses: {
    '200': jsonBody('Deleted.', DeletedWatch),
    '400': invalidQuery,
    '401': unauthorized,
    '404': notFound('No such watch on this account'),
    '500': serverError('Deleting the watch'),
  },
});

export const getWatchFeedRoute = defineRoute({
  method: 'get',
  path: '/api/v1/watches/{id}/feed',
  operationId: 'getWatchFeed',
  summary: "A watch's events as a JSON Feed or Atom feed",
  rateLimit: 'free',
  tags: ['Watches'],
  description:
    "Free. The watch's 50 newest events, newest first, for feed readers and agents that cannot receive webhooks: opened by the feed token given at creation (`token=` or `Authorization: Bearer wft_…`), not by an API key. Each JSON Feed item carries the event itself as `_watch_event` (the webhook's body). A wrong token is 404, as an unknown watch.",
  params: WatchIdParam,
  query: WatchFeedQuery,
  responses: {
    '200': {
      description: 'The feed.',
      content: {
        'application/feed+json': {
          schema: z.object({}).meta({
            description: 'JSON Feed 1.1 (jsonfeed.org): each item with `content_text` and the event as `_watch_event`.',
          }),
        },
        'application/atom+xml': { schema: z.string().meta({ description: 'Atom (RFC 4287).' }) },
      },
    },
    '400': invalidQuery,
    '401': jsonBody('No feed token sent.', ErrorMessage),
    '404': notFound('No such watch, or the token does not open it'),
    '500': serverError('Reading the feed'),
  },
});
