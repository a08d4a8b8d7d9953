import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_IP_HEADER, resolveClientIp } from '@/lib/rate-limits/client-ip';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Stamps a request before Next sees it: a fresh request id (echoed as X-Request-Id, named in every 5xx body and in
 * the request log) and the client's address for the rate limits. Both overwrite whatever the client sent under
 * those names, so neither can be chosen by a client. Returns the request id and client address.
 */
export function stampRequest(
  req: IncomingMessage,
  res: ServerResponse,
  trustProxy: boolean,
): { requestId: string; clientIp: string } {
  const requestId = randomUUID();
  const clientIp = resolveClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy);
  req.headers[REQUEST_ID_HEADER] = requestId;
  req.headers[CLIENT_IP_HEADER] = clientIp;
  res.setHeader('X-Request-Id', requestId);
  return { requestId, clientIp };
}
