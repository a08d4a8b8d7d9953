import { gzipSync } from 'node:zlib';
import { type LoopbackServer, startLoopbackServer } from './loopback-server';

export interface Route {
  status?: number;
  body?: string | Buffer;
  contentType?: string;
  etag?: string;
  headers?: Record<string, string>;
  gzip?: boolean;
  /** Never answer: the request hangs until the server closes. */
  hang?: boolean;
}

export interface FeedHost extends LoopbackServer {
  /** Serve `route` at `path` (replacing what was there). */
  set(path: string, route: Route): void;
  /** Paths requested so far, with their headers. */
  hits(path: string): Array<Record<string, string | string[] | undefined>>;
}

/**
 * A loopback stand-in for the hosts feeds live on: a mutable table of routes with ETag/If-None-Match (304),
 * redirects (a route with a status 30x and a Location header), optional gzip, and routes that never answer.
 */
export async function startFeedHost(): Promise<FeedHost> {
  const routes = new Map<string, Route>();
  const server = await startLoopbackServer((req, res) => {
    const route = routes.get(req.url ?? '') ?? routes.get((req.url ?? '').split('?')[0]!);
    if (!route) return void res.writeHead(404).end('not found');
    if (route.hang) return;
    if (route.etag && req.headers['if-none-match'] === route.etag)
      return void res.writeHead(304, { etag: route.etag }).end();
    const headers: Record<string, string> = { ...route.headers };
    if (route.contentType) headers['content-type'] = route.contentType;
    if (route.etag) headers.etag = route.etag;
    let body = route.body ?? '';
    if (route.gzip) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(route.status ?? 200, headers).end(body);
  });
  return {
    ...server,
    set: (path, route) => routes.set(path, route),
    hits: (path) => server.requests.filter((r) => r.path.split('?')[0] === path.split('?')[0]).map((r) => r.headers),
  };
}
