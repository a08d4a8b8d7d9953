import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchOptions, fetchResource } from '@/lib/ingest/fetch/fetch-resource';
import { fetchFailure } from '@/tests/helpers/fetch-failure';
import { type LoopbackServer, startLoopbackServer } from '@/tests/helpers/loopback-server';

const RSS =
  '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Rates Weekly — €</title></channel></rss>';
const MiB = 1024 * 1024;
// 64 gzip members of 1 MiB of zeros each: about 66 KB on the wire, 64 MiB once inflated.
const zeroMiB = Buffer.alloc(MiB);
const gzipBomb = Buffer.concat(Array.from({ length: 64 }, () => zlib.gzipSync(zeroMiB, { level: 9 })));
const brotliBomb = zlib.brotliCompressSync(Buffer.alloc(64 * MiB));

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: Buffer | string) {
  res.writeHead(status, headers);
  res.end(body);
}

let server: LoopbackServer;
const allow: FetchOptions = { allowHosts: ['127.0.0.1'] };

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const rss = { 'content-type': 'application/rss+xml; charset=utf-8' };
    switch (url.pathname) {
      case '/feed':
        if (req.headers['if-none-match'] === '"v1"')
          return send(res, 304, { etag: '"v1"', 'cache-control': 'max-age=900' });
        return send(
          res,
          200,
          {
            ...rss,
            etag: '"v1"',
            'last-modified': 'Mon, 23 Nov 2026 08:00:00 GMT',
            'cache-control': 'public, max-age=300',
          },
          RSS,
        );
      case '/gzip':
        return send(res, 200, { ...rss, 'content-encoding': 'gzip' }, zlib.gzipSync(RSS));
      case '/br':
        return send(res, 200, { ...rss, 'content-encoding': 'br' }, zlib.brotliCompressSync(RSS));
      case '/deflate':
        return send(res, 200, { ...rss, 'content-encoding': 'deflate' }, zlib.deflateSync(RSS));
      case '/deflate-raw':
        return send(res, 200, { ...rss, 'content-encoding': 'deflate' }, zlib.deflateRawSync(RSS));
      case '/gzip-then-br':
        return send(res, 200, { ...rss, 'content-encoding': 'gzip, br' }, zlib.brotliCompressSync(zlib.gzipSync(RSS)));
      case '/compress':
        return send(res, 200, { ...rss, 'content-encoding': 'compress' }, RSS);
      case '/corrupt-gzip':
        return send(res, 200, { ...rss, 'content-encoding': 'gzip' }, Buffer.from('not gzip at all'));
      case '/gzip-bomb':
        return send(res, 200, { ...rss, 'content-encoding': 'gzip' }, gzipBomb);
      case '/br-bomb':
        return send(res, 200, { ...rss, 'content-encoding': 'br' }, brotliBomb);
      case '/bytes': {
        // n bytes of 'a'; with ?chunked the length is not announced, so only counting while streaming can stop it.
        const n = Number(url.searchParams.get('n'));
        const headers = url.searchParams.has('chunked') ? {} : { 'content-length': n };
        res.writeHead(200, { 'content-type': 'text/plain', ...headers });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < n) {
            const part = chunk.subarray(0, Math.min(chunk.length, n - sent));
            sent += part.length;
            if (!res.write(part)) return void res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      case '/truncated':
        // Promises 1000 bytes, sends 10 and hangs up: a cut feed must not pass for a whole one.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 1000 });
        res.write('0123456789');
        return void setTimeout(() => res.socket?.destroy(), 20);
      case '/truncated-gzip': {
        const gz = zlib.gzipSync(RSS);
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': gz.length });
        res.write(gz.subarray(0, gz.length - 8));
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      case '/announce-large':
        // Announces 2 MiB and then sends nothing: only a refusal on the header ends this before the timeout.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 * MiB });
        return void res.flushHeaders();
      case '/chain': {
        // /chain?codes=301,302 redirects with 301 to /chain?codes=302, then 302 to /chain?codes= (the end).
        const [code, ...rest] = (url.searchParams.get('codes') ?? '').split(',').filter(Boolean);
        if (!code) return send(res, 200, rss, RSS);
        return send(res, Number(code), { location: `/chain?codes=${rest.join(',')}` });
      }
      case '/loop-a':
        return send(res, 302, { location: '/loop-b' });
      case '/loop-b':
        return send(res, 301, { location: `${server.origin}/loop-a` });
      case '/many':
        return send(res, 302, { location: `/many?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
      case '/no-location':
        return send(res, 302, {});
      case '/to-ftp':
        return send(res, 301, { location: 'ftp://127.0.0.1/feed' });
      case '/gone':
        return send(res, 410, { 'content-type': 'text/plain' }, 'gone');
      case '/busy':
        return send(res, 503, { 'retry-after': '120' }, 'busy');
      case '/cp1252':
        return send(
          res,
          200,
          { 'content-type': 'application/rss+xml; charset=windows-1252' },
          Buffer.from([0x93, 0x41, 0x94]),
        );
      case '/latin1-prolog':
        return send(
          res,
          200,
          { 'content-type': 'text/xml' },
          Buffer.concat([
            Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><t>Caf'),
            Buffer.from([0xe9]),
            Buffer.from('</t>'),
          ]),
        );
      case '/utf16':
        return send(
          res,
          200,
          { 'content-type': 'application/xml' },
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(RSS, 'utf16le')]),
        );
      default:
        return send(res, 404, {}, 'not found');
    }
  });
});

afterAll(() => server.close());

describe('fetchResource: conditional GET', () => {
  it('returns 200 with validators, then 304 when they are sent back', async () => {
    const first = await fetchResource(`${server.origin}/feed`, allow);
    expect(first).toMatchObject({
      status: 200,
      finalUrl: `${server.origin}/feed`,
      contentType: 'application/rss+xml',
      charset: 'utf-8',
      etag: '"v1"',
      lastModified: 'Mon, 23 Nov 2026 08:00:00 GMT',
      cacheControlMaxAgeSeconds: 300,
      text: RSS,
    });
    expect(first.status === 200 && first.body.equals(Buffer.from(RSS))).toBe(true);
    expect(first).not.toHaveProperty('permanentUrl');

    const second = await fetchResource(`${server.origin}/feed`, {
      ...allow,
      etag: '"v1"',
      lastModified: 'Mon, 23 Nov 2026 08:00:00 GMT',
    });
    expect(second).toEqual({
      status: 304,
      finalUrl: `${server.origin}/feed`,
      etag: '"v1"',
      cacheControlMaxAgeSeconds: 900,
    });
    const sent = server.requests.at(-1)!.headers;
    expect(sent['if-none-match']).toBe('"v1"');
    expect(sent['if-modified-since']).toBe('Mon, 23 Nov 2026 08:00:00 GMT');
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
    expect(sent['user-agent']).toMatch(/^FinancialPublicationsResearchBot\/1\.0 \(\+https?:\/\//);
  });

  it('sends no conditional headers without stored validators, and the given User-Agent and Accept', async () => {
    await fetchResource(`${server.origin}/feed`, { ...allow, userAgent: 'TestBot/2', accept: 'application/rss+xml' });
    const sent = server.requests.at(-1)!.headers;
    expect(sent['if-none-match']).toBeUndefined();
    expect(sent['if-modified-since']).toBeUndefined();
    expect(sent['user-agent']).toBe('TestBot/2');
    expect(sent.accept).toBe('application/rss+xml');
  });

  it('drops a stored validator that cannot be sent, and refuses a configured header that cannot', async () => {
    const result = await fetchResource(`${server.origin}/feed`, { ...allow, etag: '"v1"\r\nX-Injected: 1' });
    expect(result.status).toBe(200);
    const sent = server.requests.at(-1)!.headers;
    expect(sent['if-none-match']).toBeUndefined();
    expect(sent['x-injected']).toBeUndefined();
    await expect(fetchResource(`${server.origin}/feed`, { ...allow, userAgent: 'Bot\nX-Injected: 1' })).rejects.toThrow(
      TypeError,
    );
  });
});

describe('fetchResource: compression', () => {
  it.each(['/gzip', '/br', '/deflate', '/deflate-raw', '/gzip-then-br'])('decodes %s', async (path) => {
    const result = await fetchResource(`${server.origin}${path}`, allow);
    expect(result.status === 200 && result.text).toBe(RSS);
  });

  it('refuses an unknown Content-Encoding and a corrupt body as bad_encoding', async () => {
    expect((await fetchFailure(fetchResource(`${server.origin}/compress`, allow))).code).toBe('bad_encoding');
    expect((await fetchFailure(fetchResource(`${server.origin}/corrupt-gzip`, allow))).code).toBe('bad_encoding');
  });
});

describe('fetchResource: size limit', () => {
  it('refuses a body whose Content-Length is over maxBytes without reading it', async () => {
    const error = await fetchFailure(
      fetchResource(`${server.origin}/announce-large`, { ...allow, maxBytes: MiB, totalTimeoutMs: 3000 }),
    );
    expect(error.code).toBe('too_large');
    const streamed = await fetchFailure(
      fetchResource(`${server.origin}/bytes?n=${2 * MiB}`, { ...allow, maxBytes: MiB }),
    );
    expect(streamed.code).toBe('too_large');
  });

  it('refuses an unannounced body as it streams past maxBytes', async () => {
    const error = await fetchFailure(
      fetchResource(`${server.origin}/bytes?n=${2 * MiB}&chunked`, { ...allow, maxBytes: MiB }),
    );
    expect(error.code).toBe('too_large');
  });

  it('accepts a body of exactly maxBytes', async () => {
    const result = await fetchResource(`${server.origin}/bytes?n=${MiB}&chunked`, { ...allow, maxBytes: MiB });
    expect(result.status === 200 && result.body.length).toBe(MiB);
  });

  it.each(['/gzip-bomb', '/br-bomb'])(
    'refuses %s (small on the wire, 64 MiB inflated) under a 1 MiB limit',
    async (path) => {
      const before = process.memoryUsage().arrayBuffers;
      const error = await fetchFailure(fetchResource(`${server.origin}${path}`, { ...allow, maxBytes: MiB }));
      expect(error.code).toBe('too_large');
      // Inflating all of it would hold 64 MiB; stopping at the limit holds about one.
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MiB);
    },
  );

  it('accepts a 20 MB body within a 25 MB limit', async () => {
    const result = await fetchResource(`${server.origin}/bytes?n=${20_000_000}`, { ...allow, maxBytes: 25 * MiB });
    expect(result.status === 200 && result.body.length).toBe(20_000_000);
  });
});

describe('fetchResource: redirects', () => {
  it.each([
    ['301', true],
    ['308', true],
    ['301,308,301', true],
    ['302', false],
    ['307', false],
    ['303', false],
    ['301,302', false],
    ['302,301', false],
    ['308,307,301', false],
  ])('follows %s; permanentUrl set: %s', async (codes, permanent) => {
    const result = await fetchResource(`${server.origin}/chain?codes=${codes}`, allow);
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe(`${server.origin}/chain?codes=`);
    if (permanent) expect(result.permanentUrl).toBe(`${server.origin}/chain?codes=`);
    else expect(result).not.toHaveProperty('permanentUrl');
  });

  it('detects a loop', async () => {
    expect((await fetchFailure(fetchResource(`${server.origin}/loop-a`, allow))).code).toBe('redirect_loop');
  });

  it('stops after maxRedirects', async () => {
    const error = await fetchFailure(fetchResource(`${server.origin}/many`, { ...allow, maxRedirects: 3 }));
    expect(error.code).toBe('too_many_redirects');
    expect(server.requests.at(-1)!.path).toBe('/many?n=3');
    const ok = await fetchResource(`${server.origin}/chain?codes=302,302,302`, { ...allow, maxRedirects: 3 });
    expect(ok.status).toBe(200);
    expect(
      (await fetchFailure(fetchResource(`${server.origin}/chain?codes=302`, { ...allow, maxRedirects: 0 }))).code,
    ).toBe('too_many_redirects');
  });

  it('refuses a redirect to a non-http scheme, and one without a Location', async () => {
    expect((await fetchFailure(fetchResource(`${server.origin}/to-ftp`, allow))).code).toBe('unsupported_scheme');
    expect((await fetchFailure(fetchResource(`${server.origin}/no-location`, allow))).code).toBe('network');
  });
});

describe('fetchResource: statuses and charsets', () => {
  it.each(['/truncated', '/truncated-gzip'])('refuses a body cut short (%s) as a network error', async (path) => {
    expect((await fetchFailure(fetchResource(`${server.origin}${path}`, allow))).code).toBe('network');
  });

  it('turns a non-200 status into http_status with the status and Retry-After', async () => {
    expect(await fetchFailure(fetchResource(`${server.origin}/gone`, allow))).toMatchObject({
      code: 'http_status',
      status: 410,
    });
    expect(await fetchFailure(fetchResource(`${server.origin}/busy`, allow))).toMatchObject({
      code: 'http_status',
      status: 503,
      retryAfterSeconds: 120,
    });
  });

  it('decodes windows-1252, an ISO-8859-1 prolog and UTF-16 with a BOM', async () => {
    expect(await fetchResource(`${server.origin}/cp1252`, allow)).toMatchObject({
      text: '\u201cA\u201d',
      charset: 'windows-1252',
    });
    expect(await fetchResource(`${server.origin}/latin1-prolog`, allow)).toMatchObject({
      text: '<?xml version="1.0" encoding="ISO-8859-1"?><t>Café</t>',
    });
    expect(await fetchResource(`${server.origin}/utf16`, allow)).toMatchObject({ text: RSS, charset: 'utf-16le' });
  });
});
