import type { IncomingMessage, ServerResponse } from 'node:http';

/** What one finished request leaves in the log: no header values, no query string, so no key, token or signature. */
export interface RequestLogLine {
  requestId: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  client: string;
  /** On paid answers: how it was paid and how much (from the X-Payment-* headers deliver() sets). */
  paymentProtocol?: string;
  amountUsd?: string;
  /** True when the client went away before the answer was complete. */
  aborted?: boolean;
}

/**
 * Writes one JSON line per request once its answer is finished (or the client has gone). Next's static assets are
 * left out: they say nothing about the API and would drown it.
 */
export function logRequestWhenDone(
  req: IncomingMessage,
  res: ServerResponse,
  context: { requestId: string; clientIp: string },
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): void {
  const path = (req.url ?? '/').split('?')[0]!;
  if (path.startsWith('/_next/static/')) return;
  const started = performance.now();
  res.once('close', () => {
    const protocol = headerText(res, 'x-payment-protocol');
    const amount = headerText(res, 'x-payment-amount-usd');
    const line: RequestLogLine = {
      requestId: context.requestId,
      method: req.method ?? 'GET',
      route: path.slice(0, 300),
      status: res.statusCode,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      client: context.clientIp,
      ...(protocol ? { paymentProtocol: protocol } : {}),
      ...(amount ? { amountUsd: amount } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    write(JSON.stringify({ msg: 'request', ...line }));
  });
}

/** A response header as text: Next appends headers, so a value set once can still be a one-element array. */
function headerText(res: ServerResponse, name: string): string | undefined {
  const value = res.getHeader(name);
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : String(first);
}
