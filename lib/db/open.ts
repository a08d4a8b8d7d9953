import { openOwnedPglite } from './owner/open-owned';
import type { OwnerRole } from './owner/owner-lock';
import { openPostgres, type PoolLimits } from './postgres';
import type { Db } from './types';

export interface DbConfig {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files. */
  dataDir: string;
  /** Pool limits for PostgreSQL (defaults in lib/db/postgres.ts). */
  pool?: Partial<PoolLimits>;
  /** Who owns the embedded directory while it is open (lib/db/owner/owner-lock.ts); 'admin' unless the service. */
  ownerRole?: OwnerRole;
  log?: (line: string) => void;
}

export async function openDatabase(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.pool);
  return openOwnedPglite(config.dataDir, { role: config.ownerRole, log: config.log });
}
