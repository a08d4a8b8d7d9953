import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { openPgliteRecovering } from '@/lib/db/owner/open-recovering';
import { takeOwnerLock } from '@/lib/db/owner/owner-lock';
import { DataDirectoryUnopenable } from '@/lib/db/owner/unopenable';
import { CommandError } from './command';

export const DB_RECOVER_USAGE = 'db recover [--yes]';
export const DB_RECOVER_SUMMARY =
  'Embedded database that no longer opens: keep it aside (pglite.broken-<time>) so the next start creates a fresh one.';

/**
 * `npm run admin -- db recover [--yes]`, run by the CLI itself and never through the service: the service cannot
 * start on a directory that does not open. It owns DATA_DIR while it works (a running service refuses it), opens the
 * database as a start would (removing a stale postmaster.pid), and only with --yes renames a directory that still
 * fails. Nothing is deleted: the old directory stays beside the new one for whoever can read it.
 */
export async function recoverDataDir(
  dataDir: string,
  options: { yes: boolean; log: (line: string) => void },
): Promise<Record<string, unknown>> {
  const lock = await takeOwnerLock(dataDir, 'admin', { waitFor: ['admin'], log: options.log });
  try {
    const pgdata = path.join(path.resolve(dataDir), 'pglite');
    if (!existsSync(pgdata)) return { recovered: false, message: `no embedded database in ${pgdata}: nothing to do` };
    try {
      const db = await openPgliteRecovering(pgdata, options.log);
      await db.close();
      return { recovered: false, message: `the embedded database in ${pgdata} opens: nothing to recover` };
    } catch (error) {
      if (!(error instanceof DataDirectoryUnopenable)) throw error;
    }
    const keptAt = `${pgdata}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (!options.yes) {
      throw new CommandError(
        `the embedded database in ${pgdata} cannot be opened. With --yes it is moved to ${keptAt} and the next start creates a fresh database: the users, API keys, credits, payments and ingested posts in it are not carried over`,
      );
    }
    renameSync(pgdata, keptAt);
    return {
      recovered: true,
      keptAt,
      lost: 'users, API keys, credits, payments and ingested posts of the old database (still on disk in keptAt)',
      message: `moved the unopenable database to ${keptAt}; the next start creates a fresh one`,
    };
  } finally {
    lock.release();
  }
}
