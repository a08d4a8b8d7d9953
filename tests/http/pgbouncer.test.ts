import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGBOUNCER, type RunningPgBouncer, startPgBouncer } from '@/tests/helpers/pgbouncer';
import { type RunningService, startService } from '@/tests/helpers/service';
import { readyPostPath, serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Supabase's pooled connection string (port 6543) is PgBouncer in transaction mode: no session state survives
// between transactions. The service must migrate, seed, search and sell through it. .ci/run installs pgbouncer.
describe.skipIf(!process.env.DATABASE_URL || !existsSync(PGBOUNCER))('through PgBouncer in transaction mode', () => {
  let database: TestDatabase;
  let pooler: RunningPgBouncer;
  let service: RunningService;

  beforeAll(async () => {
    database = await createTestDatabase();
    pooler = await startPgBouncer(process.env.DATABASE_URL!);
    service = await startService({
      DATABASE_URL: pooler.url(new URL(database.url!).pathname.slice(1)),
      SEED_DEMO_DATA: 'true',
      DEMO_POSTS: '200',
      JOBS_LOCAL: 'false',
      PAYMENT_SANDBOX: 'false',
      RATE_LIMIT_PAID: '0',
    });
  }, 300_000);

  afterAll(async () => {
    await service?.stop();
    await pooler?.stop();
    await database?.drop();
  });

  const api = (path: string, init?: RequestInit) => fetch(new URL(path, service.url), init);
  const command = (name: string, args: Record<string, unknown>) => serviceCommand(service, name, args);

  it('searches through the pooler', async () => {
    const response = await api('/api/v1/search?q=inflation');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { count: number }).count).toBeGreaterThan(0);
  });

  it('200 simultaneous credit-paid requests against a balance for 50: exactly 50 answers', async () => {
    const post = await readyPostPath(service.url);
    await command('users create', { email: 'pooled@example.com' });
    const { key } = (await command('keys create', { email: 'pooled@example.com' })) as { key: string };
    await command('credits grant', { email: 'pooled@example.com', cents: 50 * 10 });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await api(post, { headers: { authorization: `Bearer ${key}` } });
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 403)).toHaveLength(150);
    expect(
      ((await command('balance', { email: 'pooled@example.com' })) as { purchasedCents: number }).purchasedCents,
    ).toBe(0);
  });
});
