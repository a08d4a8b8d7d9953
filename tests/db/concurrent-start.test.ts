import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '@/lib/db/prepare';
import { demoSeeder } from '@/lib/demo/seeder';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Two instances of the service started at once on one empty PostgreSQL database (PGlite admits one process).
const onPostgres = Boolean(process.env.DATABASE_URL);
let database: TestDatabase | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-start-'));

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('two instances starting on one empty database', () => {
  it('both start; one seeds the catalogue and the other uses it', async () => {
    database = await createTestDatabase();
    const lines: string[] = [];
    const start = () =>
      prepareDatabase({
        databaseUrl: database!.url,
        dataDir,
        seed: demoSeeder({ seed: 11, posts: 300 }),
        log: (line) => lines.push(line),
      });
    const [a, b] = await Promise.all([start(), start()]);
    const [{ n }] = (await a.query<{ n: number }>('select count(*)::int as n from posts')) as [{ n: number }];
    expect(n).toBe(300);
    expect(lines.filter((line) => line.startsWith('demo corpus loaded')).length).toBe(1);
    expect(lines).toContain('catalogue seeded by another instance starting at the same time');
    await a.close();
    await b.close();
  });
});
