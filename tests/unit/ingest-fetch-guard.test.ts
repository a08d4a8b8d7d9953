import { readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchResource } from '@/lib/ingest/fetch/fetch-resource';
import type { Resolve } from '@/lib/ingest/fetch/resolve-destination';
import { fetchFailure } from '@/tests/helpers/fetch-failure';
import { type LoopbackServer, startLoopbackServer } from '@/tests/helpers/loopback-server';

let origin: LoopbackServer;
let other: LoopbackServer;
let silent: net.Server;
let silentPort: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  origin = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
      return void res.end();
    }
    if (url.pathname === '/trickle') {
      // One byte every 50 ms, forever: each read is fast, the whole never ends.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('a'), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url.pathname === '/slow') {
      // Six chunks 100 ms apart: a body that takes longer than a short connect timeout but ends.
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const timer = setInterval(() => {
        res.write('chunk;');
        if (++sent === 6) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url.pathname === '/private') {
      res.writeHead(
        req.headers.authorization === `Basic ${Buffer.from('reader:pa55word').toString('base64')}` ? 200 : 401,
      );
      return void res.end('<rss/>');
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end('<rss/>');
  });
  other = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end('<rss/>');
  });
  // Accepts connections and never says a word.
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([origin.close(), other.close(), new Promise((resolve) => silent.close(resolve))]);
});

/** A resolver that answers from a table and counts its calls. */
function table(entries: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: Resolve = async (hostname) => {
    calls.push(hostname);
    return (entries[hostname] ?? []).map((address) => ({ address, family: net.isIP(address) === 6 ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('fetchResource: address guard', () => {
  it('refuses the loopback server unless it is allow-listed, before any request reaches it', async () => {
    const before = origin.requests.length;
    const error = await fetchFailure(fetchResource(`${origin.origin}/feed`));
    expect(error.code).toBe('blocked_address');
    // The refusal names the way out, and where it has to be set.
    expect(error.message).toMatch(/INGEST_ALLOW_HOSTS in the service's environment/);
    expect(origin.requests.length).toBe(before);
    expect((await fetchResource(`${origin.origin}/feed`, { allowHosts: ['127.0.0.1'] })).status).toBe(200);
    expect(origin.requests.length).toBe(before + 1);
  });

  it('refuses a name that resolves to 127.0.0.1, checking the address after DNS', async () => {
    const dns = table({ 'feeds.example.com': ['127.0.0.1'] });
    const url = `http://feeds.example.com:${origin.port}/feed`;
    expect((await fetchFailure(fetchResource(url, { resolve: dns.resolve }))).code).toBe('blocked_address');
    expect((await fetchFailure(fetchResource(`http://localhost:${origin.port}/feed`))).code).toBe('blocked_address');
  });

  it('refuses a name when any of its addresses is private', async () => {
    const dns = table({ 'mixed.example.com': ['93.184.215.14', '10.0.0.7'] });
    const error = await fetchFailure(fetchResource('http://mixed.example.com/feed', { resolve: dns.resolve }));
    expect(error.code).toBe('blocked_address');
  });

  it('connects to the address it checked: one resolution per hop, no second lookup to rebind', async () => {
    // The name exists only in this table, so the request can only reach the server through the checked address.
    const dns = table({ 'feeds.example.com': ['127.0.0.1'] });
    const result = await fetchResource(`http://feeds.example.com:${origin.port}/feed`, {
      resolve: dns.resolve,
      allowHosts: ['127.0.0.1'],
    });
    expect(result.status).toBe(200);
    expect(dns.calls).toEqual(['feeds.example.com']);
    expect(origin.requests.at(-1)!.headers.host).toBe(`feeds.example.com:${origin.port}`);
  });

  it('allows by host name as well as by address', async () => {
    const dns = table({ 'feeds.internal': ['127.0.0.1'] });
    const result = await fetchResource(`http://feeds.internal:${origin.port}/feed`, {
      resolve: dns.resolve,
      allowHosts: ['feeds.internal'],
    });
    expect(result.status).toBe(200);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/feed',
    'http://[::1]/feed',
    'http://[::ffff:127.0.0.1]/feed',
    'http://167772161/feed',
    'http://0xa9.0xfe.0xa9.0xfe/latest/meta-data/',
    'http://internal.example.com/feed',
  ])('refuses a redirect to %s even though the first host is allow-listed', async (target) => {
    const dns = table({ 'internal.example.com': ['192.168.1.20'] });
    const start = `${origin.origin}/redirect?to=${encodeURIComponent(target)}`;
    const error = await fetchFailure(fetchResource(start, { allowHosts: ['127.0.0.1'], resolve: dns.resolve }));
    expect(error.code).toBe('blocked_address');
  });

  it.each([
    'ftp://127.0.0.1/feed',
    'file:///etc/passwd',
    'gopher://127.0.0.1/',
    'data:text/plain,hi',
    'javascript:alert(1)',
  ])('refuses the scheme of %s', async (url) => {
    expect((await fetchFailure(fetchResource(url, { allowHosts: ['127.0.0.1'] }))).code).toBe('unsupported_scheme');
  });

  it.each(['', 'not a url', 'http://', 'http://exa mple.com/'])('refuses %j as invalid_url', async (url) => {
    expect((await fetchFailure(fetchResource(url))).code).toBe('invalid_url');
  });

  it('reports an unresolvable name as a network error', async () => {
    const dns = table({});
    expect((await fetchFailure(fetchResource('http://nowhere.example.com/', { resolve: dns.resolve }))).code).toBe(
      'network',
    );
  });
});

describe('fetchResource: timeouts', () => {
  it('gives up on a server that accepts and never answers, within the total timeout', async () => {
    const started = Date.now();
    const error = await fetchFailure(
      fetchResource(`http://127.0.0.1:${silentPort}/feed`, { allowHosts: ['127.0.0.1'], totalTimeoutMs: 400 }),
    );
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(1500);
  });

  it('gives up on a body that trickles past the total timeout', async () => {
    const started = Date.now();
    const error = await fetchFailure(
      fetchResource(`${origin.origin}/trickle`, { allowHosts: ['127.0.0.1'], totalTimeoutMs: 500 }),
    );
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('lets a connected download run past the connect timeout, up to the total', async () => {
    const result = await fetchResource(`${origin.origin}/slow`, {
      allowHosts: ['127.0.0.1'],
      connectTimeoutMs: 150,
      totalTimeoutMs: 5000,
    });
    expect(result.status === 200 && result.text).toBe('chunk;'.repeat(6));
  });

  it('counts resolving the name within the connect timeout', async () => {
    const hang: Resolve = () => new Promise(() => {});
    const started = Date.now();
    const error = await fetchFailure(
      fetchResource('http://slow-dns.example.com/', { resolve: hang, connectTimeoutMs: 300 }),
    );
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('refuses nonsense limits', async () => {
    await expect(fetchResource(`${origin.origin}/feed`, { totalTimeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(fetchResource(`${origin.origin}/feed`, { maxBytes: Number.NaN })).rejects.toThrow(RangeError);
  });
});

describe('fetchResource: credentials', () => {
  const basicAuth = { username: 'reader', password: 'pa55word' };
  const header = `Basic ${Buffer.from('reader:pa55word').toString('base64')}`;

  it('sends basic auth to the origin and on a same-origin redirect', async () => {
    const result = await fetchResource(`${origin.origin}/redirect?to=/private`, {
      allowHosts: ['127.0.0.1'],
      basicAuth,
    });
    expect(result.status).toBe(200);
    expect(origin.requests.at(-2)!.headers.authorization).toBe(header);
    expect(origin.requests.at(-1)!.headers.authorization).toBe(header);
  });

  it('takes credentials written in the URL as basic auth, off the request line', async () => {
    const result = await fetchResource(`http://reader:pa55word@127.0.0.1:${origin.port}/private`, {
      allowHosts: ['127.0.0.1'],
    });
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe(`${origin.origin}/private`);
  });

  it('keeps URL credentials in permanentUrl after a same-origin 301, and drops them across origins', async () => {
    const start = `http://reader:pa55word@127.0.0.1:${origin.port}/redirect?status=301&to=/private`;
    const result = await fetchResource(start, { allowHosts: ['127.0.0.1'] });
    expect(result).toMatchObject({
      status: 200,
      finalUrl: `${origin.origin}/private`,
      permanentUrl: `http://reader:pa55word@127.0.0.1:${origin.port}/private`,
    });
    const to = encodeURIComponent(`${other.origin}/feed`);
    const away = await fetchResource(`http://reader:pa55word@127.0.0.1:${origin.port}/redirect?status=308&to=${to}`, {
      allowHosts: ['127.0.0.1'],
    });
    expect(away.permanentUrl).toBe(`${other.origin}/feed`);
  });

  it('ignores credentials that a redirect writes into its Location', async () => {
    const to = encodeURIComponent(`http://intruder:pw@127.0.0.1:${other.port}/feed`);
    const result = await fetchResource(`${origin.origin}/redirect?to=${to}`, { allowHosts: ['127.0.0.1'] });
    expect(result.finalUrl).toBe(`${other.origin}/feed`);
    expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('does not send basic auth across a cross-origin redirect', async () => {
    const before = other.requests.length;
    const to = encodeURIComponent(`${other.origin}/feed`);
    const result = await fetchResource(`${origin.origin}/redirect?to=${to}`, { allowHosts: ['127.0.0.1'], basicAuth });
    expect(result.status).toBe(200);
    expect(origin.requests.at(-1)!.headers.authorization).toBe(header);
    expect(other.requests.length).toBe(before + 1);
    expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('keeps passwords and tokens out of every FetchError message', async () => {
    const secret = 'S3CRET-t0ken-value';
    const dns = table({ 'internal.example.com': ['10.1.1.1'] });
    const cases = [
      () => fetchResource(`http://user:${secret}@127.0.0.1:${origin.port}/feed?token=${secret}`),
      () => fetchResource(`ftp://user:${secret}@127.0.0.1/feed?token=${secret}`),
      () => fetchResource(`http://user:${secret}@exa mple.com/?token=${secret}`),
      () => fetchResource(`http://user:${secret}@internal.example.com/feed?auth=${secret}`, { resolve: dns.resolve }),
      () =>
        fetchResource(`http://user:${secret}@127.0.0.1:${silentPort}/feed?key=${secret}`, {
          allowHosts: ['127.0.0.1'],
          totalTimeoutMs: 200,
        }),
      () =>
        fetchResource(`${origin.origin}/redirect?to=${encodeURIComponent(`http://169.254.169.254/?sig=${secret}`)}`, {
          allowHosts: ['127.0.0.1'],
        }),
      () =>
        fetchResource(`http://127.0.0.1:1/feed?access_token=${secret}`, {
          allowHosts: ['127.0.0.1'],
          basicAuth: { username: 'u', password: secret },
        }),
    ];
    const codes: string[] = [];
    for (const attempt of cases) {
      const error = await fetchFailure(attempt());
      codes.push(error.code);
      expect(error.message).not.toContain(secret);
      expect(error.url ?? '').not.toContain(secret);
      expect(String(error.stack)).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
    expect(codes).toEqual([
      'blocked_address',
      'unsupported_scheme',
      'invalid_url',
      'blocked_address',
      'timeout',
      'blocked_address',
      'network',
    ]);
  });
});

describe('fetchResource: HTTPS', () => {
  it('verifies the certificate against the host name, over the pinned address', async () => {
    const fixtures = 'tests/fixtures/ingest-fetch';
    const serverNames: string[] = [];
    const server = https.createServer(
      {
        key: readFileSync(`${fixtures}/self-signed.key`),
        cert: readFileSync(`${fixtures}/self-signed.crt`),
        SNICallback: (name, callback) => {
          serverNames.push(name);
          callback(null);
        },
      },
      (_req, res) => res.end('<rss/>'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const dns = table({ 'feeds.example.com': ['127.0.0.1'] });
      const error = await fetchFailure(
        fetchResource(`https://feeds.example.com:${port}/feed`, { resolve: dns.resolve, allowHosts: ['127.0.0.1'] }),
      );
      // The handshake reached the server with the feed's host name, and the self-signed certificate was refused.
      expect(serverNames).toEqual(['feeds.example.com']);
      expect(error.code).toBe('network');
      expect(error.message).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
