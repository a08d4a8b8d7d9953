import { CLIENT_IP_HEADER } from '@/lib/rate-limits/client-ip';

/** A Next route handler as `handle()` builds them: the request and its (promised) path parameters. */
export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

/**
 * Calls one of our own /api/v1 route handlers in this process, for a caller that is not an HTTP client of it (a
 * dashboard page, an MCP tool): the same validation, rate limits, payment, delivery and records as over HTTP. The
 * caller's address (the one server.ts stamped on the outer request) goes along, so limits count that caller.
 */
export function callRoute(
  handler: RouteHandler,
  url: string,
  options: {
    params?: Record<string, string>;
    clientIp: string;
    requestId?: string | null;
    headers?: Headers;
    /** A JSON body, sent as a POST (a route such as POST /api/v1/briefs); without one, a GET. */
    body?: string;
    /** Another method than the body implies (DELETE /api/v1/watches/{id}). */
    method?: 'DELETE';
  },
): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set(CLIENT_IP_HEADER, options.clientIp);
  if (options.requestId) headers.set('x-request-id', options.requestId);
  const init =
    options.body === undefined
      ? { method: options.method ?? 'GET', headers }
      : { method: options.method ?? 'POST', headers, body: options.body };
  return handler(new Request(url, init), { params: Promise.resolve(options.params ?? {}) });
}
