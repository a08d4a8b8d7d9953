import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openPglite } from '@/lib/db/pglite';
import { openPostgres } from '@/lib/db/postgres';
import type { Db } from '@/lib/db/types';

export interface TestDatabase {
  /** Connection string of a fresh, empty PostgreSQL database; undefined on PGlite. */
  url?: string;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one suite: in-memory PGlite by default, or a new database on the PostgreSQL server of
 * DATABASE_URL (created here, dropped afterwards) so runs never see each other's rows.
 */
export async function createTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) return { open: () => openPglite(null), drop: async () => {} };
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: async () => openPostgres(url.toString()),
    drop: async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}
