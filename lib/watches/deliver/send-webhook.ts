import http from 'node:http';
import https from 'node:https';
import type { WebhookNetwork } from '@/lib/watches/webhook-destination';
import { WebhookUrlError, webhookDestination } from '@/lib/watches/webhook-destination';

export interface SendOutcome {
  ok: boolean;
  /** The HTTP status the endpoint answered; null when it did not answer (refused, unreachable, timed out). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

const TIMEOUT_MS = 10_000;
// The answer's body is read (so the connection ends cleanly) and dropped; no endpoint needs to say more than this.
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs one signed event. The URL is checked again as at creation (public address, or allow-listed) and the socket
 * goes to exactly the address checked, as feed fetching does, so a DNS answer that changed meanwhile never reaches
 * inside. Redirects are not followed: only a 2xx is a delivery.
 */
export async function sendWebhook(
  urlText: string,
  headers: Record<string, string>,
  body: string,
  network: WebhookNetwork,
): Promise<SendOutcome> {
  const started = Date.now();
  const done = (status: number | null, error: string | null): SendOutcome => ({
    ok: status !== null && status >= 200 && status < 300,
    status,
    error,
    durationMs: Date.now() - started,
  });
  let destination: Awaited<ReturnType<typeof webhookDestination>>;
  try {
    destination = await webhookDestination(urlText, network);
  } catch (error) {
    if (error instanceof WebhookUrlError) return done(null, `webhook URL ${error.message}`);
    throw error;
  }
  const { url, address } = destination;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(status, error));
    };
    const request = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: (_hostname, options, callback) => {
        if (options.all) callback(null, [address]);
        else callback(null, address.address, address.family);
      },
      agent: false,
    });
    const timer = setTimeout(() => finish(null, `no answer within ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS);
    request.on('error', (error) => finish(null, `network error: ${(error as { code?: string }).code ?? 'failed'}`));
    request.on('response', (response) => {
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) finish(response.statusCode ?? null, null);
      });
      response.on('end', () => finish(response.statusCode ?? null, null));
      response.on('error', () => finish(response.statusCode ?? null, null));
    });
    request.end(body);
  });
}
