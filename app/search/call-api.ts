import { headers } from 'next/headers';
import { requestOrigin } from '@/components/request-origin';
import { callRoute, type RouteHandler } from '@/lib/api/in-process';
import { UserInputError } from '@/lib/dashboard/action-result';
import { CLIENT_IP_HEADER } from '@/lib/rate-limits/client-ip';

/**
 * Calls one of our own /api/v1 route handlers for the person using the page (lib/api/in-process.ts), with the client
 * address server.ts stamped on the page request and, to buy, the browser's session token. A `json` body is POSTed.
 */
export async function callApi(
  handler: RouteHandler,
  pathAndQuery: string,
  options: { params?: Record<string, string>; bearer?: string; json?: unknown } = {},
): Promise<Response> {
  const incoming = await headers();
  const forwarded = new Headers();
  if (options.bearer) forwarded.set('authorization', `Bearer ${options.bearer}`);
  if (options.json !== undefined) forwarded.set('content-type', 'application/json');
  return callRoute(handler, `${await requestOrigin()}${pathAndQuery}`, {
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    params: options.params,
    clientIp: incoming.get(CLIENT_IP_HEADER) ?? 'unknown',
    requestId: incoming.get('x-request-id'),
    headers: forwarded,
  });
}

/** The API's error body, as a sentence for the page; the code decides what the person can do next. */
export async function apiErrorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
  const retry = response.headers.get('retry-after');
  switch (body?.code) {
    case 'insufficient_credits':
      return "Your weekly allowance and purchased credits don't cover this. Buy credits on the Credits page. You were not charged.";
    case 'summary_not_ready':
      return 'This summary is being written; it takes a few seconds. You were not charged.';
    case 'unauthorized':
      return 'Your session has ended. Sign in again.';
    case 'rate_limited':
      return `Too many requests. Try again in ${retry ?? 'a few'} seconds.`;
    case 'quote_changed':
      return 'The posts that answer this question changed since the price was shown, so the price may have too. You were not charged: check the new price below and buy again.';
    case 'not_found':
    case 'no_sources':
      return typeof body.error === 'string' ? body.error : 'Not found.';
    default:
      return 'Something went wrong. You were not charged. Please try again.';
  }
}

/** The API's refusal as an error for the page: its sentence, and the code and Retry-After a page may act on. */
export async function apiRefusal(response: Response): Promise<UserInputError> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  const retry = Number(response.headers.get('retry-after'));
  return new UserInputError(await apiErrorMessage(response), {
    code: typeof body?.code === 'string' ? body.code : undefined,
    retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : undefined,
  });
}
