import path from 'node:path';
import type { Db } from '@/lib/db/types';
import { openPgliteRecovering } from './open-recovering';
import { type OwnerRole, takeOwnerLock } from './owner-lock';

export interface OwnedOpenOptions {
  /** 'service' for server.ts; 'admin' for the admin CLI, scripts and tests. */
  role?: OwnerRole;
  /** How long to wait while an admin command holds the directory (a second service is refused at once). */
  waitMs?: number;
  log?: (line: string) => void;
}

/**
 * Opens the embedded database of DATA_DIR as its one owner: the lock first, then PGlite (DATA_DIR/pglite); closing
 * the database releases the lock. Both kinds of opener wait for an admin command to finish; a live service is
 * never waited for here (the admin CLI goes through its operator endpoint instead, lib/operator/where-to-run.ts).
 */
export async function openOwnedPglite(dataDir: string, options: OwnedOpenOptions = {}): Promise<Db> {
  const log = options.log ?? ((line: string) => console.error(line));
  const lock = await takeOwnerLock(dataDir, options.role ?? 'admin', {
    waitFor: ['admin'],
    waitMs: options.waitMs,
    log,
  });
  try {
    const db = await openPgliteRecovering(path.join(path.resolve(dataDir), 'pglite'), log);
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
