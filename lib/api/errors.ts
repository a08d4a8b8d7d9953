/**
 * The one error vocabulary of the API. Domain code throws these; lib/api/handler.ts turns them into the spec's
 * bodies and status codes. Anything else becomes a generic 500 without internals.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = { error: message },
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400 {error, issues}: issues keyed by parameter name. */
export class InvalidQueryError extends ApiError {
  constructor(readonly issues: Record<string, string[]>) {
    super(400, 'Invalid query parameters', { error: 'Invalid query parameters', issues });
  }
}

/** 404 {error}: the thing asked for does not exist (and nothing is charged). */
export class NotFoundError extends ApiError {
  constructor(message: string) {
    super(404, message);
  }
}

/** 401 {error}: an API key or session token that is unknown, revoked or expired. */
export class UnauthorizedError extends ApiError {
  constructor(message: string) {
    super(401, message);
  }
}

/** 403 {error}: a valid account whose credits (and allowance) do not cover the price. */
export class InsufficientCreditsError extends ApiError {
  constructor(message: string) {
    super(403, message);
  }
}

/** 503 {error, code: "summary_not_ready"}: the post exists, its summary is being generated; nothing was charged. */
export class SummaryNotReadyError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'The summary of this post is not ready yet. It has been requested; retry later. Nothing was charged.',
      {
        error: 'The summary of this post is not ready yet. It has been requested; retry later. Nothing was charged.',
        code: 'summary_not_ready',
      },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}
