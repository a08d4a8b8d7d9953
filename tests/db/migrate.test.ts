import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCapabilities } from '@/lib/db/capabilities';
import { migrate, readMigrations } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

const onPostgres = Boolean(process.env.DATABASE_URL);

async function tables(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
  );
  return rows.map((r) => r.name);
}

describe(`migrations on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await database.open();
  });

  afterEach(async () => {
    await db.close();
    await database.drop();
  });

  it('applies every migration once, in order, and records it where the Supabase CLI looks', async () => {
    const all = readMigrations();
    expect(await migrate(db)).toEqual(all.map((m) => `${m.version}_${m.name}`));
    expect(await tables(db)).toEqual(
      expect.arrayContaining(['post_summaries', 'posts', 'publications', 'stock_picks']),
    );
    const history = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(history).toEqual(all.map((m) => ({ version: m.version, name: m.name })));
    expect(await migrate(db)).toEqual([]);
  });

  it('rolls a failing migration back completely and records nothing for it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    writeFileSync(path.join(dir, '20990101000000_create_widgets.sql'), 'create table widgets (id int primary key);');
    writeFileSync(
      path.join(dir, '20990101000100_break_things.sql'),
      'create table half_done (id int); insert into no_such_table values (1);',
    );
    await expect(migrate(db, readMigrations(dir))).rejects.toThrow(/no_such_table/);
    expect(await tables(db)).toContain('widgets');
    expect(await tables(db)).not.toContain('half_done');
    const versions = await db.query('select version from supabase_migrations.schema_migrations');
    expect(versions).toEqual([{ version: '20990101000000' }]);
  });

  it('refuses a migration file whose name does not follow <timestamp>_<name>.sql', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    writeFileSync(path.join(dir, 'init.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow(/init\.sql/);
  });

  it('applies the schema with or without pgvector and reports which', async () => {
    await migrate(db);
    const capabilities = await readCapabilities(db);
    const available = await db.query("select 1 from pg_available_extensions where name = 'vector'");
    expect(capabilities.vector).toBe(available.length > 0);
    if (!onPostgres) expect(capabilities.vector).toBe(true);
  });

  it.runIf(onPostgres)('lets concurrent starters apply each migration exactly once', async () => {
    const others = await Promise.all([database.open(), database.open(), database.open()]);
    try {
      const results = await Promise.all([db, ...others].map((each) => migrate(each)));
      const appliedCounts = results.map((r) => r.length);
      expect(appliedCounts.reduce((a, b) => a + b, 0)).toBe(readMigrations().length);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it('enforces the catalogue constraints', async () => {
    await migrate(db);
    await expect(
      db.query(
        "insert into publications (slug, site_url, source_kind) values ('www.bad.com', 'https://bad.com', 'rss')",
      ),
    ).rejects.toThrow();
    await expect(
      db.query("insert into publications (slug, site_url, source_kind) values ('ok.com', 'https://ok.com', 'fax')"),
    ).rejects.toThrow();
    const [publication] = await db.query<{ id: string }>(
      "insert into publications (slug, site_url, source_kind) values ('ok.com', 'https://ok.com', 'rss') returning id",
    );
    await expect(
      db.query(
        "insert into posts (publication_id, guid, slug, title, url, price_cents) values ($1, 'g', 'a-post', 'T', 'https://ok.com/a', 5)",
        [publication!.id],
      ),
    ).rejects.toThrow();
  });
});
