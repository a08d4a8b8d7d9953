import { hostname } from 'node:os';
import { bootId, pidAlive, processStartTicks } from './process-start';

/**
 * What tells a process apart from every other, past or future, in a file it leaves for others (owner.lock,
 * operator.json): its pid alone is reused once it ends, and again after the machine restarts.
 */
export interface ProcessIdentity {
  pid: number;
  /** When it started (lib/db/owner/process-start.ts); null where the system could not say. */
  startTicks: string | null;
  /** The boot it runs in; absent from files written by earlier versions, null where the system has no boot id. */
  bootId?: string | null;
  hostname: string;
}

export function thisProcess(): ProcessIdentity {
  return { pid: process.pid, startTicks: processStartTicks('self'), bootId: bootId(), hostname: hostname() };
}

/** Whether the process a file names still runs, asked of this machine, which can tell only for its own processes. */
export type ProcessState = { state: 'runs' } | { state: 'gone'; why: string } | { state: 'elsewhere' };

export function processState(identity: ProcessIdentity): ProcessState {
  if (identity.hostname !== hostname()) return { state: 'elsewhere' };
  const boot = bootId();
  if (identity.bootId && boot && identity.bootId !== boot) {
    return { state: 'gone', why: 'it was written before this machine restarted' };
  }
  if (!pidAlive(identity.pid)) return { state: 'gone', why: `process ${identity.pid} is gone` };
  const started = processStartTicks(identity.pid);
  if (typeof identity.startTicks === 'string' && started !== null && started !== identity.startTicks) {
    return { state: 'gone', why: `pid ${identity.pid} now belongs to another process` };
  }
  return { state: 'runs' };
}
