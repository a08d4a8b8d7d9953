/**
 * The one error vocabulary of the API. Domain code throws ApiError with a code from this table; lib/api/handler.ts
 * turns it into `{error, code}` (plus `issues` for parameter errors) with the code's status. Anything else becomes
 * a 500 `internal_error` that carries a request id and no internals. The table is also what OpenAPI and llms.txt
 * document, so agents can branch on `code` instead of parsing messages.
 */
export const ERROR_CODES = {
  invalid_query: { status: 400, meaning: 'A query parameter is missing or invalid; `issues` is keyed by its name.' },
  invalid_path: { status: 400, meaning: 'A path parameter (or the path itself) is malformed; `issues` names it.' },
  invalid_body: { status: 400, meaning: 'The request body is not accepted (too large, or not empty or JSON).' },
  unauthorized: {
    status: 401,
    meaning:
      'The API key or session token is unknown, revoked or expired, or the Authorization header is not understood.',
  },
  insufficient_credits: {
    status: 403,
    meaning: "Purchased credits (and, for a session token, this week's allowance) do not cover the price: top up.",
  },
  spend_cap_reached: {
    status: 402,
    meaning:
      "API keys only: this request would take the key past its daily or monthly spend cap; `cap` names the period, the cap, what was spent and when it resets (`resetsAt`). Nothing was charged; no payment challenge follows, since the key's owner set the cap.",
  },
  product_not_allowed: {
    status: 403,
    meaning: 'API keys only: the key may not buy this product (its owner limited it to others). Nothing was charged.',
  },
  invalid_signature: {
    status: 400,
    meaning: 'Webhook routes only: the signature header is missing, does not match the body, or is too old.',
  },
  malformed_request: { status: 400, meaning: 'The HTTP request itself could not be parsed.' },
  uri_too_long: { status: 414, meaning: 'The URL (path and query) is longer than 8 KiB.' },
  headers_too_large: { status: 431, meaning: 'The request headers are larger than 16 KiB.' },
  payload_too_large: { status: 413, meaning: 'The request body is larger than this route accepts.' },
  unsupported_media_type: { status: 415, meaning: 'The request body has a Content-Type this route does not accept.' },
  not_found: {
    status: 404,
    meaning: 'The publication, post, ticker, stock picks asked for, or route does not exist. Do not pay.',
  },
  no_sources: {
    status: 404,
    meaning:
      'Research briefs: no post matches the question (within its window and publications), or the posts found do not answer it. Never challenged or charged; rephrase or widen the window.',
  },
  quote_changed: {
    status: 409,
    meaning:
      'Research briefs: the request named a `quote` that no longer holds (the posts that answer the question changed); the message gives the new price. Nothing was charged; ask again with the new quote or none.',
  },
  watch_limit_reached: {
    status: 409,
    meaning: 'Watches only: the account already keeps as many watches as it may; delete one first.',
  },
  method_not_allowed: {
    status: 405,
    meaning: 'The route does not take this HTTP method; `Allow` lists those it takes.',
  },
  rate_limited: {
    status: 429,
    meaning:
      'Too many requests from this client (IP address, API key or session token): retry after Retry-After seconds. The RateLimit and RateLimit-Policy headers show the quota. Never charged.',
  },
  payment_pending: {
    status: 503,
    meaning:
      'A wallet payment was taken but its settlement is not confirmed yet: retry the identical request (same payment credential) after Retry-After seconds. Never sign a new payment for it.',
  },
  service_busy: {
    status: 503,
    meaning: 'The service is overloaded or shutting down: retry after Retry-After seconds. Never charged.',
  },
  query_too_broad: {
    status: 503,
    meaning:
      "Search only, on a deployment that ranks in SQL alone (without its in-memory index): the query's words are in too many posts to rank exactly within its budget. Retrying will not help: use rarer, more specific words (a rare word is always answered). Never charged.",
  },
  invalid_command: { status: 400, meaning: 'Operator route only: the command or its arguments were refused.' },
  summary_not_ready: {
    status: 503,
    meaning: "The post's summary is being generated; retry after Retry-After seconds.",
  },
  internal_error: { status: 500, meaning: 'An unexpected failure; `requestId` identifies it in the server log.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Problems keyed by parameter name (or `body`, `path`); each value lists messages for that parameter. */
export type Issues = Record<string, string[]>;

export interface ApiErrorInit {
  code: ErrorCode;
  message: string;
  issues?: Issues;
  headers?: Record<string, string>;
  /** Fields a code adds to its body (spend_cap_reached's `cap`). */
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: Issues;
  readonly headers: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor({ code, message, issues, headers = {}, details }: ApiErrorInit) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.issues = issues;
    this.headers = headers;
    this.details = details;
  }

  /** The JSON body: `{error, code}`, plus `issues` for parameter errors and a code's own fields. */
  get body(): { error: string; code: ErrorCode; issues?: Issues } {
    return {
      ...this.details,
      error: this.message,
      code: this.code,
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

/** The 400 for a set of parameter problems, named for where they were found. */
export function invalidInput(where: 'query' | 'path' | 'body', issues: Issues): ApiError {
  const message = { query: 'Invalid query parameters', path: 'Invalid path parameters', body: 'Invalid request body' };
  return new ApiError({ code: `invalid_${where}`, message: message[where], issues });
}
