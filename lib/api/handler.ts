import { randomUUID } from 'node:crypto';
import { isOverloadError, isUnavailableError } from '@/lib/db/postgres';
import { ApiError } from './errors';

const SERVICE_BUSY = new ApiError({
  code: 'service_busy',
  message: 'The service is overloaded: retry shortly.',
  headers: { 'Retry-After': '1' },
});

const DATABASE_AWAY = new ApiError({
  code: 'service_busy',
  message: 'The database is unavailable for a moment (restarting or failing over): retry shortly.',
  headers: { 'Retry-After': '2' },
});

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler so every failure answers in the spec's shape: ApiErrors with their code's status and body,
 * an overloaded or unreachable database as 503 `service_busy` with Retry-After (a restart is not a bug), anything
 * unexpected as 500 `internal_error` whose request id is the only link to the details in the server log.
 */
export function apiRoute<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, request);
      if (isOverloadError(error)) {
        console.warn(`[api] ${request.method} ${new URL(request.url).pathname}: ${(error as Error).message}`);
        return errorResponse(SERVICE_BUSY, request);
      }
      if (isUnavailableError(error)) {
        console.warn(
          `[api] ${request.method} ${new URL(request.url).pathname}: database unavailable: ${(error as Error).message}`,
        );
        return errorResponse(DATABASE_AWAY, request);
      }
      return internalErrorResponse(request, error);
    }
  };
}

/** An ApiError as its answer. A 5xx names the request id server.ts stamped, so a report can be matched to the log. */
export function errorResponse(error: ApiError, request?: Request): Response {
  const requestId = error.status >= 500 ? request?.headers.get('x-request-id') : null;
  return Response.json(requestId ? { ...error.body, requestId } : error.body, {
    status: error.status,
    headers: error.headers,
  });
}

/**
 * A 500 that names the failure only by its request id (the one server.ts stamped, which the request log carries
 * too; a fresh one outside server.ts), logged next to the error itself.
 */
export function internalErrorResponse(request: Request, error: unknown): Response {
  const requestId = request.headers.get('x-request-id') ?? randomUUID();
  console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed (request ${requestId}):`, error);
  return Response.json(
    { error: 'Internal server error', code: 'internal_error', requestId },
    { status: 500, headers: { 'X-Request-Id': requestId } },
  );
}

/** Serializes data through its response contract: unknown fields are dropped, a contract breach is a 500. */
export function jsonResponse<T>(schema: { parse(data: unknown): T }, data: unknown, init?: ResponseInit): Response {
  return Response.json(schema.parse(data), init);
}
