/**
 * A real HTTP server on 127.0.0.1 (free port) that speaks the Supabase Storage API as @supabase/storage-js 2.99
 * calls it, for tests of code that uses the official client pointed at `url`:
 *   GET    /storage/v1/bucket/<id>              -> {id, name, public, ...} | 404-style error
 *   POST   /storage/v1/bucket                   {id, name, public} -> {name}
 *   POST   /storage/v1/object/<bucket>/<key>    raw body, content-type, x-upsert -> {Id, Key}
 *   GET    /storage/v1/object/<bucket>/<key>    (authenticated download) -> bytes with the stored content-type
 *   DELETE /storage/v1/object/<bucket>          {prefixes: [key]} -> [{name, ...}] (200 with [] when nothing matched)
 * Every request must carry `apikey: <key>` and `Authorization: Bearer <key>` (403 otherwise, as Storage answers).
 * "Not found" is answered as older Storage servers still do (HTTP 400 with statusCode "404") or, with
 * `notFoundStatus: 404`, as newer ones do. `failNext` makes the next requests fail with a status, echoing the
 * request's headers in the message so a test can prove the caller does not pass them on.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStorageRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeSupabaseStorage {
  url: string;
  serviceKey: string;
  requests: RecordedStorageRequest[];
  buckets: Map<string, { public: boolean }>;
  /** `<bucket>/<key>` -> stored object */
  objects: Map<string, { body: Buffer; contentType: string }>;
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeSupabaseStorage(
  options: { serviceKey?: string; notFoundStatus?: 400 | 404 } = {},
): Promise<FakeSupabaseStorage> {
  const serviceKey = options.serviceKey ?? `service-role-${randomUUID()}`;
  const notFoundStatus = options.notFoundStatus ?? 400;
  const requests: RecordedStorageRequest[] = [];
  const buckets = new Map<string, { public: boolean }>();
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  let failures: { status: number; left: number } | null = null;

  const notFound = (response: ServerResponse, what: string) =>
    json(response, notFoundStatus, { statusCode: '404', error: 'not_found', message: `${what} not found` });

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: request.method ?? '', path, headers: request.headers, body });

    if (request.headers.apikey !== serviceKey || request.headers.authorization !== `Bearer ${serviceKey}`) {
      return json(response, 403, { statusCode: '403', error: 'Unauthorized', message: 'invalid signature' });
    }
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return json(response, failures.status, {
        statusCode: String(failures.status),
        error: 'internal',
        message: `boom; request headers were ${JSON.stringify(request.headers)}`,
      });
    }

    const bucketMatch = path.match(/^\/storage\/v1\/bucket(?:\/([^/]+))?$/);
    if (bucketMatch) {
      const id = bucketMatch[1];
      if (request.method === 'GET' && id) {
        const bucket = buckets.get(id);
        if (!bucket) return notFound(response, 'Bucket');
        return json(response, 200, { id, name: id, public: bucket.public, owner: '', created_at: '', updated_at: '' });
      }
      if (request.method === 'POST' && !id) {
        const input = JSON.parse(body.toString('utf8')) as { id: string; public?: boolean };
        if (buckets.has(input.id)) {
          return json(response, 400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
        }
        buckets.set(input.id, { public: input.public === true });
        return json(response, 200, { name: input.id });
      }
    }

    const objectMatch = path.match(/^\/storage\/v1\/object\/([^/]+)(?:\/(.+))?$/);
    if (objectMatch) {
      const [, bucketId = '', key] = objectMatch;
      if (!buckets.has(bucketId)) return notFound(response, 'Bucket');
      if (request.method === 'POST' && key) {
        const id = `${bucketId}/${key}`;
        if (objects.has(id) && request.headers['x-upsert'] !== 'true') {
          return json(response, 400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
        }
        const contentType = request.headers['content-type'] ?? 'application/octet-stream';
        objects.set(id, { body, contentType });
        return json(response, 200, { Id: randomUUID(), Key: id });
      }
      if (request.method === 'GET' && key) {
        const object = objects.get(`${bucketId}/${key}`);
        if (!object) return notFound(response, 'Object');
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        return response.end(object.body);
      }
      if (request.method === 'DELETE' && !key) {
        const { prefixes } = JSON.parse(body.toString('utf8')) as { prefixes: string[] };
        const removed = prefixes.filter((prefix) => objects.delete(`${bucketId}/${prefix}`));
        return json(
          response,
          200,
          removed.map((name) => ({ name, bucket_id: bucketId })),
        );
      }
    }
    json(response, 400, {
      statusCode: '400',
      error: 'invalid_request',
      message: `unexpected ${request.method} ${path}`,
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serviceKey,
    requests,
    buckets,
    objects,
    failNext(status, times = Number.POSITIVE_INFINITY) {
      failures = { status, left: times };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
