import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoute } from '@/lib/api/handler';
import { isOverloadError, isUnavailableError, openPostgres } from '@/lib/db/postgres';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// The PostgreSQL pool's own limits (PGlite has one in-process connection and none of these).
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL pool limits', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('refuses statements beyond the connections and the wait queue at once, instead of queueing without bound', async () => {
    const db = openPostgres(database.url!, { max: 2, queueMax: 3, statementTimeoutMs: 0 });
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => db.query('select pg_sleep(0.3)')));
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
      expect(refused).toHaveLength(5);
      for (const o of refused) expect(isOverloadError((o as PromiseRejectedResult).reason)).toBe(true);
      // Room again once they finish.
      expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('cancels a statement that runs past the timeout, and the connection stays usable', async () => {
    const db = openPostgres(database.url!, { max: 1, statementTimeoutMs: 300 });
    try {
      const started = Date.now();
      const slow = await db.query('select pg_sleep(5)').catch((error: unknown) => error);
      expect(isOverloadError(slow)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
      // Inside a transaction (bulk work) nothing is cut.
      await db.transaction((tx) => tx.query('select pg_sleep(0.5)'));
    } finally {
      await db.close();
    }
  });

  it('answers 503 service_busy, not 500, while the server is away: a connection cut by the server, a refused connect', async () => {
    const db = openPostgres(database.url!, { max: 1, statementTimeoutMs: 0 });
    const away = openPostgres(database.url!.replace(/:(\d+)\//, ':1/'), { max: 1, statementTimeoutMs: 0 });
    try {
      const [{ pid }] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }];
      const admin = openPostgres(database.url!, { max: 1, statementTimeoutMs: 0 });
      const cut = db.query('select pg_sleep(5)').catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.close();
      const failures = [await cut, await away.query('select 1').catch((error: unknown) => error)];
      for (const failure of failures) {
        expect(isUnavailableError(failure), String(failure)).toBe(true);
        const route = apiRoute(async () => {
          throw failure;
        });
        const response = await route(new Request('http://localhost/api/v1/search?q=x'), {});
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('2');
        expect(await response.json()).toMatchObject({ code: 'service_busy' });
      }
    } finally {
      await db.close();
      await away.close();
    }
  });
});
