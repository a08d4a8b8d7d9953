import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '@/lib/db/pglite';
import type { Db } from '@/lib/db/types';
import { DataDirectoryUnopenable } from './unopenable';

/**
 * Opens PGlite on a directory this process owns (lib/db/owner/owner-lock.ts), recovering what can be recovered.
 *
 * A SIGKILLed owner leaves postmaster.pid behind (PGlite writes a fake pid, -42, so PostgreSQL's own stale check
 * cannot tell); PGlite 0.5 opens over it and replays the WAL, so a crash alone loses no committed row. Should an open
 * still fail, the owner lock has proved no process runs on the directory: the file is removed and the open tried once
 * more. A directory that fails again is damaged beyond that (a torn or overwritten WAL, "could not locate a valid
 * checkpoint record"); one more open with PostgreSQL's log on shows the reason, and the error says what to do.
 */
export async function openPgliteRecovering(pgdata: string, log: (line: string) => void): Promise<Db> {
  try {
    return await openPglite(pgdata);
  } catch (first) {
    const pidFile = path.join(pgdata, 'postmaster.pid');
    const hadPidFile = existsSync(pidFile);
    if (hadPidFile) rmSync(pidFile, { force: true });
    log(
      `the embedded database in ${pgdata} did not open (${errorText(first)})${hadPidFile ? '; removed the postmaster.pid a stopped process left' : ''}; trying once more`,
    );
    try {
      return await openPglite(pgdata);
    } catch (second) {
      await showPostgresReason(pgdata, log);
      throw new DataDirectoryUnopenable(pgdata, second);
    }
  }
}

/** An open with PostgreSQL's log printed: the PANIC line behind the bare `Aborted()`. */
async function showPostgresReason(pgdata: string, log: (line: string) => void): Promise<void> {
  log("opening it once more with PostgreSQL's log, for the reason:");
  try {
    const db = await openPglite(pgdata, { debug: 1 });
    await db.close();
  } catch {
    // Expected: the lines it printed are what the operator needs.
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
