import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './types';

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

const FILE_PATTERN = /^(\d{14})_([a-z0-9_]+)\.sql$/;

// Read at run time from the project folder; the comment keeps Turbopack from tracing the whole project for it.
export const DEFAULT_MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), 'supabase', 'migrations');

/** Reads supabase/migrations in version order. Files not named <timestamp>_<name>.sql are a mistake, not skipped. */
export function readMigrations(dir = DEFAULT_MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new Error(`Migration file name must be <14-digit timestamp>_<verb>_<noun>.sql: ${file}`);
      return { version: match[1]!, name: match[2]!, sql: readFileSync(path.join(dir, file), 'utf8') };
    });
}

// The Supabase CLI keeps its history in this table; sharing it means `supabase db push` and the app agree on what
// has been applied.
const HISTORY_DDL = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    statements text[],
    name text
  );`;

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Applies pending migrations, each once, in order, each in its own transaction. A transaction-scoped advisory lock
 * keeps two starting instances from applying the same file.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  // "create ... if not exists" still races between concurrent starters, so it runs under the lock too.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(HISTORY_DDL);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [
        migration.version,
      ]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [migration.sql]],
      );
      return true;
    });
    if (didApply) applied.push(`${migration.version}_${migration.name}`);
  }
  return applied;
}
