import { z } from 'zod';
import type { oas31 } from 'zod-openapi';
import { createDocument } from 'zod-openapi';
import { ErrorMessage, SummaryNotReadyResponse } from '@/lib/api/contracts/common';
import {
  PaidPublicationPost,
  PaymentHeaders,
  PostPathParams,
  PublicStockPicksResponse,
  StockPicksQuery,
} from '@/lib/api/contracts/paid';
import {
  PublicationDetail,
  PublicationDetailQuery,
  PublicationListResponse,
  PublicationSearchQuery,
  PublicationSearchResponse,
  PublicationSlugParam,
} from '@/lib/api/contracts/publications';
import { TopicSearchQuery, TopicSearchResponse } from '@/lib/api/contracts/search';
import { describeSearch } from '@/lib/search/describe';
import { AGENT_GUIDANCE, DISCOVERY_ORDER } from './guidance';
import { PAYMENT_OFFERS, PRICE_RANGE_USD } from './payment-offers';
import {
  invalidQuery,
  jsonBody,
  notFound,
  paidErrorResponses,
  paidSuccessHeaders,
  serverError,
  stockPicksSuccessHeaders,
} from './responses';

const paymentInfo = (description: string) => ({
  'x-payment-info': { offers: PAYMENT_OFFERS, priceRangeUsd: PRICE_RANGE_USD, pricing: description },
});

const paidPostOperation = (operationId: string, summary: string) => ({
  operationId,
  summary,
  tags: ['Paid'],
  description:
    "The post's AI-synthesized summary. Paid on every request (no permanent access): x402 v2 (PAYMENT-SIGNATURE), MPP (Authorization: Payment), or Authorization: Bearer with an API key (purchased credits) or a session token (weekly allowance first). 404 and 503 are decided before any challenge and are never charged.",
  requestParams: { path: PostPathParams, header: PaymentHeaders },
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
});

/** The OpenAPI 3.1 document, built from the same zod contracts the routes validate and serialize with. */
export function buildOpenApiDocument(serverUrl?: string) {
  return createDocument({
    openapi: '3.1.0',
    // OpenAPI 3.1 allows info.summary; zod-openapi's InfoObject type predates it.
    info: {
      title: 'Financial Publications Research API',
      version: '0.1.0',
      summary:
        'Search premium financial newsletters and podcasts for free; buy AI-synthesized post summaries and daily stock picks per request.',
      description: [
        'Free: topic search, publication list, publication search and publication detail.',
        "Paid per request: a post's synthesized summary and the daily stock-picks list, via x402 v2, MPP, or Bearer credentials.",
        '',
        'Guidance for agents:',
        ...AGENT_GUIDANCE.map((line) => `- ${line}`),
      ].join('\n'),
    } as oas31.InfoObject,
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [
      { name: 'Search', description: 'Free topic search over posts.' },
      { name: 'Publications', description: 'Free catalogue of indexed publications.' },
      { name: 'Paid', description: 'Charged on every request.' },
    ],
    'x-guidance': { rules: AGENT_GUIDANCE, discoveryOrder: DISCOVERY_ORDER },
    'x-service-info': {
      name: 'Financial Publications Research API',
      protocols: ['x402', 'mpp', 'credits'],
      priceRangeUsd: PRICE_RANGE_USD,
      discovery: DISCOVERY_ORDER,
    },
    paths: {
      '/api/v1/search': {
        get: {
          operationId: 'searchByTopic',
          summary: 'Search posts by topic',
          tags: ['Search'],
          description: describeSearch(),
          requestParams: { query: TopicSearchQuery },
          responses: {
            '200': jsonBody('Ranked posts.', TopicSearchResponse),
            '400': invalidQuery,
            '500': serverError('Search'),
          },
        },
      },
      '/api/v1/publications': {
        get: {
          operationId: 'listPublications',
          summary: 'List all indexed publications',
          tags: ['Publications'],
          responses: {
            '200': jsonBody('All indexed publications.', PublicationListResponse),
            '500': serverError('Listing'),
          },
        },
      },
      '/api/v1/publications/search': {
        get: {
          operationId: 'searchPublications',
          summary: 'Find a publication by slug, title, author, podcast show or URL',
          tags: ['Publications'],
          requestParams: { query: PublicationSearchQuery },
          responses: {
            '200': jsonBody('At most three publications, best first.', PublicationSearchResponse),
            '400': invalidQuery,
            '500': serverError('Publication search'),
          },
        },
      },
      '/api/v1/publications/{publicationSlug}': {
        get: {
          operationId: 'getPublication',
          summary: 'A publication and its newest posts',
          tags: ['Publications'],
          requestParams: { path: PublicationSlugParam, query: PublicationDetailQuery },
          responses: {
            '200': jsonBody('The publication with its posts, newest first.', PublicationDetail),
            '400': invalidQuery,
            '404': jsonBody('The publication is not indexed.', ErrorMessage),
            '500': serverError('The request'),
          },
        },
      },
      '/api/v1/publications/{publicationSlug}/{postSlug}': {
        get: paidPostOperation('getPublicationPostBySlug', "Buy a post's synthesized summary"),
        post: {
          ...paidPostOperation('accessPublicationPost', "Buy a post's synthesized summary (POST form)"),
          requestBody: {
            required: false,
            description: 'Empty, or any JSON object; it is bound to the payment and not otherwise used.',
            content: { 'application/json': { schema: z.object({}).loose() } },
          },
        },
      },
      '/api/v1/stock-picks': {
        get: {
          operationId: 'listStockPicks',
          summary: 'Stock picks of one UTC day',
          tags: ['Paid'],
          description:
            "Ticker-level calls extracted from posts for exactly one UTC day (the source article's publication day). Without `date`, the latest day that has picks. `date` and `period` are mutually exclusive. 404 (never charged) when the day has no picks.",
          requestParams: { query: StockPicksQuery, header: PaymentHeaders },
          responses: {
            '200': jsonBody(
              "The day's picks, with payment headers.",
              PublicStockPicksResponse,
              stockPicksSuccessHeaders,
            ),
            '400': invalidQuery,
            ...paidErrorResponses,
            '404': notFound('No picks for the resolved day'),
            '500': serverError('Stock picks'),
          },
          ...paymentInfo(
            '0.10 USD per distinct attributed source article among the returned picks, within 0.10-10.00 USD.',
          ),
        },
      },
    },
  });
}
