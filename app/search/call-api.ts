import { headers } from 'next/headers';
import { requestOrigin } from '@/components/request-origin';
import { CLIENT_IP_HEADER } from '@/lib/rate-limits/client-ip';

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

/**
 * Calls one of our own /api/v1 route handlers in this process, for the person using the page: the same validation,
 * rate limits, payment, delivery and records as the HTTP API, so the dashboard has no second copy of any of it.
 * The client address server.ts stamped on the page request goes along, so limits count this person, not the server.
 */
export async function callApi(
  handler: RouteHandler,
  pathAndQuery: string,
  options: { params?: Record<string, string>; bearer?: string } = {},
): Promise<Response> {
  const incoming = await headers();
  const forwarded = new Headers({ [CLIENT_IP_HEADER]: incoming.get(CLIENT_IP_HEADER) ?? 'unknown' });
  const requestId = incoming.get('x-request-id');
  if (requestId) forwarded.set('x-request-id', requestId);
  if (options.bearer) forwarded.set('authorization', `Bearer ${options.bearer}`);
  const request = new Request(`${await requestOrigin()}${pathAndQuery}`, { headers: forwarded });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

/** The API's error body, as a sentence for the page; the code decides what the person can do next. */
export async function apiErrorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
  const retry = response.headers.get('retry-after');
  switch (body?.code) {
    case 'insufficient_credits':
      return "Your weekly allowance and purchased credits don't cover this. Buy credits on the Credits page. You were not charged.";
    case 'summary_not_ready':
      return `This summary is being written. Try again in ${retry ?? 'a few'} seconds. You were not charged.`;
    case 'unauthorized':
      return 'Your session has ended. Sign in again.';
    case 'rate_limited':
      return `Too many requests. Try again in ${retry ?? 'a few'} seconds.`;
    case 'not_found':
      return typeof body.error === 'string' ? body.error : 'Not found.';
    default:
      return 'Something went wrong. You were not charged. Please try again.';
  }
}
