import { ApiError } from './errors';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler so every failure answers in the spec's shape: ApiErrors with their own status and body,
 * anything unexpected as 500 {error} with the details only in the server log.
 */
export function apiRoute<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) {
        return Response.json(error.body, { status: error.status, headers: error.headers });
      }
      console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed:`, error);
      return Response.json({ error: 'Internal server error' }, { status: 500 });
    }
  };
}

/** Serializes data through its response contract: unknown fields are dropped, a contract breach is a 500. */
export function jsonResponse<T>(schema: { parse(data: unknown): T }, data: unknown, init?: ResponseInit): Response {
  return Response.json(schema.parse(data), init);
}
