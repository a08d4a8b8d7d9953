import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import { type RunningService, startService } from '@/tests/helpers/service';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Services with small limits of their own. Clients are told apart by X-Forwarded-For (TRUST_PROXY, as behind a
// load balancer). On PostgreSQL two instances share one database, and so share the counters.
// An hour's window: at that pace nothing is given back during a test.
const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '3600',
  // The whole limit may be used at once: the counts below are then exact, whatever the pace of the test.
  RATE_LIMIT_BURST_SECONDS: '3600',
  RATE_LIMIT_FREE: '20',
  RATE_LIMIT_CHALLENGE: '5',
  RATE_LIMIT_PAID: '1000',
  RATE_LIMIT_GENERATION: '3',
  RATE_LIMIT_ACCOUNT: '4',
  // The dashboard's local sign-in, on PostgreSQL too, so its attempts can be counted.
  AUTH_LOCAL_SIGNIN: 'true',
};
let database: TestDatabase;
let services: RunningService[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const common = { ...LIMITS, TRUST_PROXY: 'true', SEED_DEMO_DATA: 'true', DEMO_POSTS: '120', JOBS_LOCAL: 'false' };
  services = database.url
    ? await Promise.all(
        [0, 1].map(() => startService({ ...common, DATABASE_URL: database.url!, PAYMENT_SANDBOX: 'false' })),
      )
    : [await startService({ ...common, DATABASE_URL: '', PAYMENT_SANDBOX: 'false' })];
}, 300_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await database?.drop();
});

/** The i-th request goes to the instances in turn. */
const api = (path: string, client: string, i = 0, headers: Record<string, string> = {}) =>
  fetch(new URL(path, services[i % services.length]!.url), { headers: { 'x-forwarded-for': client, ...headers } });

const command = (name: string, args: Record<string, unknown> = {}) =>
  runRemoteCommand(readServiceFile(services[0]!.dataDir)!, name, args);

let probes = 0;
/** A client address of its own for each probe, so finding posts uses up no test client's quota. */
const probeClient = () => `10.0.${Math.floor(++probes / 250)}.${probes % 250}`;

async function postsByStatus(): Promise<{ ready: string[]; notReady: string[] }> {
  const found = { ready: [] as string[], notReady: [] as string[] };
  const client = probeClient();
  const { publications } = (await (await api('/api/v1/publications', client)).json()) as {
    publications: Array<{ slug: string }>;
  };
  for (const { slug } of publications.slice(0, 4)) {
    const { posts } = (await (await api(`/api/v1/publications/${slug}?limit=100`, client)).json()) as {
      posts: Array<{ slug: string }>;
    };
    for (const post of posts) {
      const path = `/api/v1/publications/${slug}/${post.slug}`;
      // Probed with the operator's token: it is never charged, never counted as a challenge, and sees 503 as is.
      const probe = await api(path, probeClient(), 0, {
        authorization: `Bearer ${readServiceFile(services[0]!.dataDir)!.token}`,
      });
      await probe.body?.cancel();
      if (probe.status === 200) found.ready.push(path);
      if (probe.status === 503) found.notReady.push(path);
    }
  }
  return found;
}

describe('rate limits', () => {
  it('free routes: the quota per client IP, RateLimit headers on every answer, then 429 with Retry-After', async () => {
    const client = '203.0.113.1';
    const remaining: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await api('/api/v1/search?q=inflation', client, i);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"free";q=20;w=3600;burst=20');
      remaining.push(/r=(\d+)/.exec(response.headers.get('ratelimit')!)![1]!);
      await response.body?.cancel();
    }
    // Counted once across instances: 19 left after the first, none after the twentieth.
    expect(remaining[0]).toBe('19');
    expect(remaining[19]).toBe('0');

    for (let i = 0; i < services.length; i++) {
      const limited = await api('/api/v1/publications', client, i);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(limited.headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
      expect(await limited.json()).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/Too many/) });
    }
    // Another client is not affected.
    expect((await api('/api/v1/publications', '203.0.113.2')).status).toBe(200);
  });

  it('a buyer with an API key keeps buying while free traffic from another client is limited', async () => {
    const { ready } = await postsByStatus();
    await command('users create', { email: 'buyer@example.com' });
    const { key } = (await command('keys create', { email: 'buyer@example.com' })) as { key: string };
    await command('credits grant', { email: 'buyer@example.com', cents: 1000 });

    const flooder = '203.0.113.50';
    const flood = Array.from({ length: 60 }, (_, i) => api('/api/v1/search?q=rates', flooder, i));
    const purchases = Array.from({ length: 10 }, (_, i) =>
      api(ready[i % ready.length]!, '203.0.113.51', i, { authorization: `Bearer ${key}` }),
    );
    const floodStatuses = await Promise.all(flood.map(async (r) => (await r).status));
    const bought = await Promise.all(purchases.map(async (r) => (await r).status));
    expect(floodStatuses.filter((s) => s === 429).length).toBe(40);
    expect(bought).toEqual(Array(10).fill(200));
  });

  it('402 challenges are limited per IP, and a not-ready summary can be asked for only so often', async () => {
    const { ready, notReady } = await postsByStatus();
    const client = '203.0.113.70';
    const challenges: number[] = [];
    for (let i = 0; i < 6; i++) challenges.push((await api(ready[0]!, client, i)).status);
    expect(challenges).toEqual([402, 402, 402, 402, 402, 429]);

    const asker = '203.0.113.71';
    const key = readServiceFile(services[0]!.dataDir)!.token;
    const asks: number[] = [];
    for (let i = 0; i < 4; i++)
      asks.push((await api(notReady[i % notReady.length]!, asker, i, { authorization: `Bearer ${key}` })).status);
    expect(asks).toEqual([503, 503, 503, 429]);
  });

  it('sign-in attempts are limited per client IP before next-auth sees them', async () => {
    const attempt = async (client: string, i: number) => {
      const csrf = await api('/api/auth/csrf', client, i);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
      const response = await fetch(new URL('/api/auth/callback/local', services[i % services.length]!.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'x-forwarded-for': client, 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrfToken, email: `limited-${i}@example.com`, json: 'true' }),
      });
      const signedIn = (response.headers.getSetCookie?.() ?? []).some((c) => c.startsWith('next-auth.session-token='));
      return { status: response.status, body: await response.text(), signedIn };
    };
    const allowed = [];
    for (let i = 0; i < 4; i++) allowed.push(await attempt('10.0.5.1', i));
    expect(allowed.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(allowed.every((a) => a.signedIn)).toBe(true);
    const refused = await attempt('10.0.5.1', 4);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'rate_limited' });
    expect(refused.signedIn).toBe(false);
    expect(await attempt('10.0.5.2', 5)).toMatchObject({ status: 200, signedIn: true });
  });

  it('MCP messages that call no route (tools/list, initialize …) count under the free limit themselves', async () => {
    const list = (i: number) =>
      fetch(new URL('/mcp', services[i % services.length]!.url), {
        method: 'POST',
        headers: {
          'x-forwarded-for': '10.0.6.1',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await list(i);
      statuses.push(response.status);
      if (i === 20) expect(await response.json()).toMatchObject({ code: 'rate_limited' });
      else await response.body?.cancel();
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});
