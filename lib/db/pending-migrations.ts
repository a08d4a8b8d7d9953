import { type Migration, readMigrations } from './migrate';
import type { Queryable } from './types';

/** Migration files this database has not applied yet (`<version>_<name>`); empty when the schema is current. */
export async function pendingMigrations(db: Queryable, migrations: Migration[] = readMigrations()): Promise<string[]> {
  const rows = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  return migrations.filter((m) => !applied.has(m.version)).map((m) => `${m.version}_${m.name}`);
}
