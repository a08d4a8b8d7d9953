import type { Db } from '@/lib/db/types';
import type { JobDefinition } from '@/lib/jobs/definition';
import { type LocalJobs, startLocalJobs } from './runner';

// Route handlers and the custom server are bundled separately by Next, so the engine lives on globalThis.
const holder = globalThis as typeof globalThis & { __localJobs?: LocalJobs };

/** Starts this process's local engine (server.ts does, on the embedded default); one per process. */
export function startProcessJobs(db: Db, jobs: readonly JobDefinition[], log: (line: string) => void): LocalJobs {
  holder.__localJobs ??= startLocalJobs({ db, jobs, log });
  return holder.__localJobs;
}

/** Tells the engine that something was queued, so it does not wait for its next poll. */
export function wakeLocalJobs(): void {
  holder.__localJobs?.wake();
}

export async function stopProcessJobs(): Promise<void> {
  const engine = holder.__localJobs;
  holder.__localJobs = undefined;
  await engine?.stop();
}
