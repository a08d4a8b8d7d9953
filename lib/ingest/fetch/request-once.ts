import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createDecompressor } from './decompress';
import { FetchError } from './fetch-error';
import { type Resolve, type ResolvedAddress, resolveDestination } from './resolve-destination';
import { header, retryAfterSeconds } from './response-headers';

export type HopOptions = {
  headers: Record<string, string>;
  allowHosts: readonly string[];
  resolve: Resolve;
  maxBytes: number;
  connectTimeoutMs: number;
  /** Epoch milliseconds by which the whole fetch, every hop included, must be done. */
  deadline: number;
};

/** What one request answered: a redirect to follow, a 304, or a 200 with its decompressed body. */
export type HopResult =
  | { kind: 'redirect'; status: number; location: string | undefined }
  | { kind: 'not_modified'; response: IncomingMessage }
  | { kind: 'ok'; response: IncomingMessage; body: Buffer };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function pinnedLookup(destination: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [destination]);
    else callback(null, destination.address, destination.family);
  };
}

function startRequest(secure: boolean, url: URL, headers: Record<string, string>, destination: ResolvedAddress) {
  return (secure ? https : http).request({
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers,
    lookup: pinnedLookup(destination),
    // A fresh socket per request: a pooled one could have been opened to an address checked for another URL.
    agent: false,
  });
}

function networkError(error: unknown, url: URL): FetchError {
  if (error instanceof FetchError) return error;
  const code = (error as { code?: unknown }).code;
  const what = typeof code === 'string' ? code : 'connection failed';
  return new FetchError('network', `network error: ${what}`, { url, cause: error });
}

/**
 * One GET, no redirect following. The host is resolved and checked once, and the socket goes to that address. The
 * connect timer covers resolving, TCP and TLS; the deadline covers everything. The body is counted as it streams,
 * before and after decompression, and the request is torn down as soon as either passes maxBytes.
 */
export function requestOnce(url: URL, options: HopOptions): Promise<HopResult> {
  return new Promise<HopResult>((resolvePromise, reject) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    let response: IncomingMessage | undefined;
    const timers: NodeJS.Timeout[] = [];
    const finish = (result: HopResult | FetchError) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      if (result instanceof FetchError) {
        response?.destroy();
        request?.destroy();
        reject(result);
      } else {
        if (result.kind !== 'ok') request?.destroy();
        resolvePromise(result);
      }
    };
    const remaining = Math.max(0, options.deadline - Date.now());
    timers.push(setTimeout(() => finish(new FetchError('timeout', 'total timeout exceeded', { url })), remaining));
    const connectTimer = setTimeout(
      () => finish(new FetchError('timeout', `no connection within ${options.connectTimeoutMs} ms`, { url })),
      options.connectTimeoutMs,
    );
    timers.push(connectTimer);

    resolveDestination(url, options.allowHosts, options.resolve).then(
      (destination) => {
        if (settled) return;
        const secure = url.protocol === 'https:';
        try {
          request = startRequest(secure, url, options.headers, destination);
        } catch (error) {
          finish(networkError(error, url));
          return;
        }
        request.on('socket', (socket) => {
          socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
        });
        request.on('error', (error) => finish(networkError(error, url)));
        request.on('response', (res) => {
          response = res;
          const status = res.statusCode ?? 0;
          if (REDIRECTS.has(status))
            return finish({ kind: 'redirect', status, location: header(res.headers, 'location') });
          if (status === 304) return finish({ kind: 'not_modified', response: res });
          if (status !== 200) {
            const retryAfter = retryAfterSeconds(header(res.headers, 'retry-after'));
            return finish(
              new FetchError('http_status', `HTTP ${status}`, {
                url,
                status,
                ...(retryAfter !== undefined && { retryAfterSeconds: retryAfter }),
              }),
            );
          }
          readBody(res, url, options.maxBytes, finish);
        });
        request.end();
      },
      (error) => finish(networkError(error, url)),
    );
  });
}

function readBody(
  res: IncomingMessage,
  url: URL,
  maxBytes: number,
  done: (result: HopResult | FetchError) => void,
): void {
  let decompressor: ReturnType<typeof createDecompressor> = null;
  // Stop decompressing as soon as the answer is known: a bomb must not keep inflating into the void.
  const finish = (result: HopResult | FetchError) => {
    if (result instanceof FetchError) decompressor?.destroy();
    done(result);
  };
  const tooLarge = () => new FetchError('too_large', `body larger than ${maxBytes} bytes`, { url });
  const declared = Number(header(res.headers, 'content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    finish(tooLarge());
    return;
  }
  try {
    decompressor = createDecompressor(header(res.headers, 'content-encoding'), url.href);
  } catch (error) {
    finish(networkError(error, url));
    return;
  }
  let received = 0;
  res.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) finish(tooLarge());
  });
  res.on('aborted', () => finish(new FetchError('network', 'connection closed before the body ended', { url })));
  res.on('error', (error) => finish(networkError(error, url)));
  const chunks: Buffer[] = [];
  let size = 0;
  const body = decompressor ? res.pipe(decompressor) : res;
  body.on('data', (chunk: Buffer) => {
    // Checked before keeping the chunk, so no more than maxBytes is ever held, however well the body compresses.
    if (size + chunk.length > maxBytes) return finish(tooLarge());
    chunks.push(chunk);
    size += chunk.length;
  });
  decompressor?.on('error', () => finish(new FetchError('bad_encoding', 'corrupt compressed body', { url })));
  body.on('end', () => {
    if (!res.complete) return finish(new FetchError('network', 'connection closed before the body ended', { url }));
    finish({ kind: 'ok', response: res, body: Buffer.concat(chunks, size) });
  });
}
