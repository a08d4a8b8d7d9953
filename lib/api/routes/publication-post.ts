import { z } from 'zod';
import { readOptionalJsonBody } from '@/lib/api/body';
import { ErrorMessage, SummaryNotReadyResponse } from '@/lib/api/contracts/common';
import { PaidPublicationPost, PaymentHeaders, PostPathParams } from '@/lib/api/contracts/paid';
import { paymentInfo } from '@/lib/api/openapi/payment-offers';
import {
  invalidQuery,
  jsonBody,
  notFound,
  paidErrorResponses,
  paidSuccessHeaders,
  serverError,
} from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

// GET and POST sell the same thing through the same flow; only POST takes a body.
const paidPost = {
  path: '/api/v1/publications/{publicationSlug}/{postSlug}',
  rateLimit: 'paid' as const,
  tags: ['Paid'],
  description:
    "The post's AI-synthesized summary. Paid on every request (no permanent access): x402 v2 (PAYMENT-SIGNATURE), MPP (Authorization: Payment), or Authorization: Bearer with an API key (purchased credits) or a session token (weekly allowance first). 404 and 503 are decided before any challenge and are never charged. When the post's feed carries only a teaser and its article page could not be read, the 402 challenge's description says so before you pay (\"teaser only\"), and so does the summary's first line.",
  params: PostPathParams,
  headers: PaymentHeaders,
  responses: {
    '200': jsonBody('The summary, with paymentInfo.', PaidPublicationPost, paidSuccessHeaders),
    '400': invalidQuery,
    ...paidErrorResponses,
    '404': notFound('Publication or post not found'),
    '500': serverError('The request'),
    '503': {
      ...jsonBody(
        'Summary not ready yet; generation has been requested. No challenge, no charge.',
        SummaryNotReadyResponse,
      ),
      headers: {
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } },
      },
    },
  },
  ...paymentInfo("The post's stored priceCents when set, otherwise the default post price (at least 0.10 USD)."),
} as const;

export const getPublicationPostBySlug = defineRoute({
  ...paidPost,
  method: 'get',
  operationId: 'getPublicationPostBySlug',
  summary: "Buy a post's synthesized summary",
});

export const accessPublicationPost = defineRoute({
  ...paidPost,
  method: 'post',
  operationId: 'accessPublicationPost',
  summary: "Buy a post's synthesized summary (POST form)",
  responses: {
    ...paidPost.responses,
    '413': jsonBody('The body is larger than 64 KiB. Nothing is charged.', ErrorMessage),
  },
  body: {
    required: false,
    description: 'Empty, or any JSON object; it is bound to the payment and not otherwise used.',
    schema: z.object({}).loose(),
    read: readOptionalJsonBody,
  },
});
