import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '@/lib/db/pglite';
import { openPostgres } from '@/lib/db/postgres';
import type { Db } from '@/lib/db/types';
import { type RunningService, startService } from '@/tests/helpers/service';
import { readyPostPath, serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// SIGTERM in the middle of a burst of credit-paid requests: every request the service had taken finishes (its
// debit, payment record and answer together); the rest are refused before any work. Checked in the database after
// the process has exited.
let database: TestDatabase;
let service: RunningService;

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startService({
    ...(database.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
    PAYMENT_SANDBOX: 'false',
    SEED_DEMO_DATA: 'true',
    DEMO_POSTS: '120',
    JOBS_LOCAL: 'false',
    // One key sends the whole burst: far more at once than the paid limit lets through.
    RATE_LIMIT_PAID: '0',
  });
}, 300_000);

afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

const api = (p: string, init: RequestInit = {}) => fetch(new URL(p, service.url), init);

describe('graceful shutdown', () => {
  it('a burst interrupted by SIGTERM leaves exactly one debit per 200 and no debit without its payment record', async () => {
    const postPath = await readyPostPath(service.url);
    const command = (name: string, args: Record<string, unknown>) => serviceCommand(service, name, args);
    await command('users create', { email: 'burst@example.com' });
    const { key } = (await command('keys create', { email: 'burst@example.com' })) as { key: string };
    await command('credits grant', { email: 'burst@example.com', cents: 10_000 });

    let answered = 0;
    const statuses = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        try {
          const response = await api(postPath, { headers: { authorization: `Bearer ${key}` } });
          // The 5th answer is the signal: by then much of the burst is inside the service when SIGTERM lands.
          if (response.status === 200 && ++answered === 5) service.process.kill('SIGTERM');
          const body = await response.text();
          if (response.status === 200) expect(JSON.parse(body).synthesizedSummary).toEqual(expect.any(String));
          return response.status;
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          return `failed ${cause?.code ?? cause?.message ?? i}`;
        }
      }),
    );
    await new Promise<void>((resolve) => {
      if (service.process.exitCode !== null) resolve();
      else service.process.once('exit', () => resolve());
    });
    expect(service.process.exitCode).toBe(0);
    expect(service.output()).toMatch(/SIGTERM: shutting down/);
    expect(service.output()).not.toMatch(/cut off/);

    const ok = statuses.filter((s) => s === 200).length;
    // Every request the service had a connection for is answered: finished (200), or refused before any work (503).
    // None is reset: the old shutdown cut the connections of requests in flight.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(ok).toBeGreaterThan(0);

    // One structured log line per request, with how it was paid, and never the credential itself.
    const lines = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{"msg":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const paid = lines.filter((line) => line.route === postPath && line.status === 200);
    expect(paid).toHaveLength(ok);
    expect(paid[0]).toMatchObject({
      method: 'GET',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      latencyMs: expect.any(Number),
      client: '127.0.0.1',
      paymentProtocol: 'credits',
      amountUsd: '0.10',
    });
    expect(new Set(lines.map((line) => line.requestId)).size).toBe(lines.length);
    expect(service.output()).not.toContain(key);

    const db: Db = database.url ? openPostgres(database.url) : await openPglite(path.join(service.dataDir, 'pglite'));
    try {
      const [counts] = await db.query<{ debits: number; refunds: number; payments: number; unpaid_debits: number }>(
        `select count(*) filter (where l.kind = 'debit')::int as debits,
                count(*) filter (where l.kind = 'refund')::int as refunds,
                (select count(*)::int from payments p join users u on u.id = p.user_id
                  where u.email = 'burst@example.com' and p.delivered) as payments,
                count(*) filter (where l.kind = 'debit'
                  and not exists (select 1 from payments p where p.unique_key = l.ledger_key))::int as unpaid_debits
           from credit_ledger l join users u on u.id = l.user_id
          where u.email = 'burst@example.com'`,
      );
      expect(counts).toEqual({ debits: ok, refunds: 0, payments: ok, unpaid_debits: 0 });
    } finally {
      await db.close();
    }
  }, 120_000);
});
