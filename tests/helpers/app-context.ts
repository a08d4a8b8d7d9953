import type { AppContext } from '@/lib/app/context';
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import type { Db } from '@/lib/db/types';

/**
 * Builds this test process's context (lib/app) on a test database, for code that reaches for the process's
 * database, payment setup, limits or operator token. The rest comes from the configuration, as in a route under
 * next dev: no jobs engine, no payment sandbox. Close it with closeTestAppContext; the database stays open.
 */
export function openTestAppContext(db: Db): Promise<AppContext> {
  return openAppContext({ db, log: () => {} });
}

export const closeTestAppContext = closeAppContext;
