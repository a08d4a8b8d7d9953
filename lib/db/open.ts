import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres, type PoolLimits } from './postgres';
import type { Db } from './types';

export interface DbConfig {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files. */
  dataDir: string;
  /** Pool limits for PostgreSQL (defaults in lib/db/postgres.ts). */
  pool?: Partial<PoolLimits>;
}

export async function openDatabase(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.pool);
  return openPglite(path.join(path.resolve(config.dataDir), 'pglite'));
}
