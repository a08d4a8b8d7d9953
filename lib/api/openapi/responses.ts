import type { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import {
  ErrorMessage,
  InvalidQueryResponse,
  PaymentRequiredProblem,
  SpendCapReachedResponse,
} from '@/lib/api/contracts/common';

type Schema = z.ZodType;

export function jsonBody(description: string, schema: Schema, headers?: ZodOpenApiResponseObject['headers']) {
  return { description, content: { 'application/json': { schema } }, ...(headers ? { headers } : {}) };
}

export const invalidQuery = jsonBody(
  'Invalid parameters; issues are keyed by parameter name. Nothing is charged.',
  InvalidQueryResponse,
);
export const serverError = (what: string) => jsonBody(`${what} failed. The body carries no internals.`, ErrorMessage);
export const notFound = (what: string) => jsonBody(`${what}. Do not pay; nothing is charged.`, ErrorMessage);

const stringHeader = (description: string) => ({ description, schema: { type: 'string' as const } });

export const paymentRequired = {
  description:
    'Payment required. Pay with one of the challenges and retry the identical request. Not a final failure. With an API key whose spend cap this request would pass: `spend_cap_reached` (application/json, no challenge), nothing charged; retry after `cap.resetsAt`.',
  headers: {
    'WWW-Authenticate': stringHeader(
      'MPP challenge(s): `Payment id="...", realm="...", method="tempo"|"stripe", intent="charge"|"session", request="...", expires="..."`: tempo charge, then tempo session where its escrow is on chain, then stripe.',
    ),
    'PAYMENT-REQUIRED': stringHeader(
      'x402 v2 PaymentRequired, base64 JSON: x402Version 2, resource, accepts (exact scheme, USDC; then batch-settlement where its escrow is on chain).',
    ),
    'Cache-Control': stringHeader('no-store'),
  },
  content: {
    'application/problem+json': { schema: PaymentRequiredProblem },
    'application/json': { schema: SpendCapReachedResponse },
  },
};

export const paidSuccessHeaders = {
  'PAYMENT-RESPONSE': stringHeader(
    'x402 v2 settlement result, base64 JSON {success, transaction, network, payer}; on x402 payments.',
  ),
  'Payment-Receipt': stringHeader(
    'MPP receipt, base64url JSON {method, reference, status, timestamp}; on MPP payments.',
  ),
  'X-Payment-Amount-Usd': stringHeader('Amount charged in USD, decimal text such as "0.30".'),
  'X-Payment-Protocol': stringHeader('x402, mpp, credits or privileged.'),
};

/** The stock-picks body has no paymentInfo (its fields are fixed by the spec): the charge is in the headers alone. */
export const stockPicksSuccessHeaders = paidSuccessHeaders;

export const paidErrorResponses = {
  '401': jsonBody('Invalid or revoked API key.', ErrorMessage),
  '402': paymentRequired,
  '403': jsonBody(
    'Insufficient purchased credits (API key) or weekly allowance and credits exhausted (session): top up. Or (`product_not_allowed`) an API key limited to other products.',
    ErrorMessage,
  ),
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const } });

/**
 * A 503 `service_busy`: overloaded, or (search) its index still loading; retried after Retry-After. A route that also
 * answers a 503 without it (search's `query_too_broad`) says when the header comes.
 */
export const serviceBusy = (description: string, retryAfter = 'Seconds to wait before retrying.') => ({
  ...jsonBody(description, ErrorMessage),
  headers: { 'Retry-After': integerHeader(retryAfter) },
});

/** The 429 of every rate-limited route (lib/rate-limits); documented once, added to each operation by the builder. */
export const rateLimited = {
  ...jsonBody(
    'Too many requests from this client (IP address, API key or session token). Retry after Retry-After seconds; never charged.',
    ErrorMessage,
  ),
  headers: {
    'Retry-After': integerHeader('Seconds until the current window ends and requests are accepted again.'),
    RateLimit: stringHeader(
      'IETF RateLimit field (draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<remaining>;t=<seconds to reset>`. Sent on successful answers too.',
    ),
    'RateLimit-Policy': stringHeader(
      '`"<policy>";q=<quota>;w=<window seconds>`. Policies: free (per IP), challenge (unpaid requests to paid routes, per IP), paid (per API key or session token; wallet payments per IP), generation (requests for a not-ready summary, per IP).',
    ),
  },
};
