import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '@/tests/helpers/service';
import { readyPostPath, serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// A production service with no wallet configured. On a real database (the PostgreSQL run) nothing else is set, which
// is exactly the deployment that used to start the test-money sandbox; on the embedded default, where the sandbox is
// the intended default, PAYMENT_SANDBOX=false stands in for it.
let database: TestDatabase;
let service: RunningService;

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startService({
    ...(database.url
      ? { DATABASE_URL: database.url, PAYMENT_SANDBOX: '' }
      : { DATABASE_URL: '', PAYMENT_SANDBOX: 'false' }),
    SEED_DEMO_DATA: 'true',
    DEMO_POSTS: '120',
    JOBS_LOCAL: 'false',
  });
}, 300_000);

afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

const api = (p: string, init: RequestInit = {}) => fetch(new URL(p, service.url), init);
const command = (name: string, args: Record<string, unknown> = {}) => serviceCommand(service, name, args);

describe('payment configuration without a wallet', () => {
  it('starts no sandbox and says at start-up which methods are live', () => {
    expect(service.output()).not.toMatch(/sandbox/i);
    expect(existsSync(path.join(service.dataDir, 'sandbox.json'))).toBe(false);
    expect(service.output()).toMatch(
      /payments live: credits \(API keys, session tokens\); no wallet method \(402s offer credits only\)/,
    );
  });

  it('answers a paid route with a 402 that offers credits only, and sells through an API key', async () => {
    const postPath = await readyPostPath(service.url);
    const challenge = await api(postPath);
    expect(challenge.status).toBe(402);
    expect(challenge.headers.get('payment-required')).toBeNull();
    expect(challenge.headers.get('www-authenticate')).toBeNull();
    const problem = (await challenge.json()) as { paymentMethods: string[]; detail: string };
    expect(problem.paymentMethods).toEqual(['credits']);
    expect(problem.detail).not.toMatch(/TEST MONEY/);

    await command('users create', { email: 'no-wallet@example.com' });
    const { key } = (await command('keys create', { email: 'no-wallet@example.com' })) as { key: string };
    await command('credits grant', { email: 'no-wallet@example.com', cents: 100 });
    const bought = await api(postPath, { headers: { authorization: `Bearer ${key}` } });
    expect(bought.status).toBe(200);
    expect(((await bought.json()) as { paymentInfo: unknown }).paymentInfo).toMatchObject({ protocol: 'credits' });
  });

  it('reports the live methods on /readyz', async () => {
    const readiness = (await (await api('/readyz')).json()) as { payments: unknown };
    expect(readiness.payments).toEqual({ methods: ['credits'], testMoney: false });
  });
});
