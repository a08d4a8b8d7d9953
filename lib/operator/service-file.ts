import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ProcessIdentity, processState } from '@/lib/db/owner/process-identity';
import { pidAlive } from '@/lib/db/owner/process-start';

/**
 * Where a running service tells the admin CLI how to reach it: DATA_DIR/operator.json, readable by its owner only.
 * It names the process that wrote it (lib/db/owner/process-identity.ts), so that a file left by a crashed service is
 * told apart from a live one even when its pid has been reused, and says which database the service runs on.
 */
export interface ServiceFile extends Partial<Omit<ProcessIdentity, 'pid'>> {
  url: string;
  token: string;
  pid: number;
  /** Absent, like the identity beyond the pid, from files written by earlier versions. */
  database?: 'pglite' | 'postgres';
}

const fileName = (dataDir: string) => path.join(path.resolve(dataDir), 'operator.json');

export function writeServiceFile(dataDir: string, contents: ServiceFile): void {
  writeFileSync(fileName(dataDir), JSON.stringify(contents, null, 2), { mode: 0o600 });
}

export function removeServiceFile(dataDir: string): void {
  rmSync(fileName(dataDir), { force: true });
}

/** operator.json as it was written, whether or not the service that wrote it still runs. */
export function readServiceFileAsWritten(dataDir: string): ServiceFile | null {
  try {
    return JSON.parse(readFileSync(fileName(dataDir), 'utf8')) as ServiceFile;
  } catch {
    return null;
  }
}

/**
 * Whether the service that wrote the file runs: 'runs' or 'gone' when this machine can tell; 'elsewhere' when it was
 * written on another host; 'unproven' for a file of an earlier version whose pid is live (it may be a reused pid).
 */
export function serviceState(file: ServiceFile): 'runs' | 'gone' | 'elsewhere' | 'unproven' {
  if (file.hostname === undefined || file.startTicks === undefined) return pidAlive(file.pid) ? 'unproven' : 'gone';
  return processState({ ...file, hostname: file.hostname, startTicks: file.startTicks }).state;
}

/** The running service's address, or null when none runs here (a file left by a crashed process is ignored). */
export function readServiceFile(dataDir: string): ServiceFile | null {
  const file = readServiceFileAsWritten(dataDir);
  if (!file) return null;
  const state = serviceState(file);
  return state === 'runs' || state === 'unproven' ? file : null;
}
