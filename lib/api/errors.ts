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
