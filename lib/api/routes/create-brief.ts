import { BriefRequest, ResearchBrief } from '@/lib/api/contracts/briefs';
import { ErrorMessage } from '@/lib/api/contracts/common';
import { PaymentHeaders } from '@/lib/api/contracts/paid';
import { readJsonBody } from '@/lib/api/json-body';
import { paymentInfo } from '@/lib/api/openapi/payment-offers';
import {
  invalidQuery,
  jsonBody,
  paidErrorResponses,
  paidSuccessHeaders,
  serverError,
  serviceBusy,
} from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

export const createBrief = defineRoute({
  method: 'post',
  path: '/api/v1/briefs',
  operationId: 'createResearchBrief',
  summary: 'Buy a research brief: a cited answer from newsletter posts',
  rateLimit: 'paid',
  tags: ['Paid'],
  description:
    'Answers a research question from the posts topic search picks for it (the same ranking, time phrases and publication filter as GET /api/v1/search). A post is a source only if it holds a claim on the question: a sentence (or its title) that names the question\'s subject, its names and its noun phrases, as the words they are. Every line of `answer` is such a claim ending with the sources that support it ("[1][3]"), and each source lists, per claim, a quote found verbatim in that post. Priced per source article cited (at most `maxSources`), decided before the challenge: the 402 names the sources and the price (and its quote id), and a paid retry within the challenge\'s validity gets exactly those sources, or a fresh 402 if search now picks others, never a different charge. A wallet payer told to retry after paying (`payment_pending`) gets the answer it paid for. The answer is written (by OpenAI where configured) only after the credential is verified. 404 `no_sources` (never challenged, never charged) when no post holds a claim on the question. Only POST: GET and HEAD answer 405 with `Allow: POST`.',
  headers: PaymentHeaders,
  body: {
    required: true,
    description: 'The question, and optionally a time window, publications and the number of sources.',
    schema: BriefRequest,
    read: (request: Request) => readJsonBody(request, BriefRequest),
  },
  responses: {
    '200': jsonBody('The brief, with paymentInfo.', ResearchBrief, paidSuccessHeaders),
    '400': invalidQuery,
    ...paidErrorResponses,
    '404': jsonBody(
      '`no_sources`: no post holds a claim on the question; `not_found`: a publication is not indexed. Never charged.',
      ErrorMessage,
    ),
    '409': jsonBody(
      '`quote_changed`: the `quote` sent no longer holds; the message gives the new price. Never charged.',
      ErrorMessage,
    ),
    '413': jsonBody('The body is larger than 64 KiB. Nothing is charged.', ErrorMessage),
    '503': serviceBusy(
      '`payment_pending`: a wallet payment was taken but its settlement is not confirmed yet: retry the identical request (same credential) after Retry-After seconds, never pay again. `service_busy`: overloaded, or search is still loading its index and the question matches too many posts meanwhile; retry after Retry-After seconds. `query_too_broad`: this deployment ranks in SQL alone and the question matches too many posts: ask with rarer, more specific words (no Retry-After). Never charged.',
      'With `payment_pending` and `service_busy`: seconds to wait before retrying. Absent with `query_too_broad`.',
    ),
    '500': serverError('The request'),
  },
  ...paymentInfo('0.10 USD per source article read (1 to maxSources, default 5), within 0.10-10.00 USD.'),
});
