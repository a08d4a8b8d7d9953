/**
 * The header server.ts sets on every request to the client's address (its own value, never a client's: any header
 * of that name a client sends is overwritten). Route handlers only see the Fetch Request, not the socket.
 */
export const CLIENT_IP_HEADER = 'x-finpub-client-ip';

/**
 * The client's address: the socket's peer, or, behind a trusted proxy (TRUST_PROXY), the last X-Forwarded-For
 * entry, the one that proxy appended (entries to its left are whatever the client sent).
 */
export function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  const forwarded = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const last = trustProxy ? forwarded?.split(',').at(-1)?.trim() : undefined;
  const address = last || socketAddress || 'unknown';
  // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d; count it once, as a.b.c.d.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '').slice(0, 64);
}

/** The client address server.ts recorded for this request ('unknown' outside server.ts, as under `next dev`). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
}
