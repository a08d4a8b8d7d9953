import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where a running service tells the admin CLI how to reach it: DATA_DIR/operator.json, readable by its owner only. */
export interface ServiceFile {
  url: string;
  token: string;
  pid: number;
}

const fileName = (dataDir: string) => path.join(path.resolve(dataDir), 'operator.json');

export function writeServiceFile(dataDir: string, contents: ServiceFile): void {
  writeFileSync(fileName(dataDir), JSON.stringify(contents, null, 2), { mode: 0o600 });
}

export function removeServiceFile(dataDir: string): void {
  rmSync(fileName(dataDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running service's address, or null when none runs (a file left by a crashed process is ignored). */
export function readServiceFile(dataDir: string): ServiceFile | null {
  try {
    const parsed = JSON.parse(readFileSync(fileName(dataDir), 'utf8')) as ServiceFile;
    return isAlive(parsed.pid) ? parsed : null;
  } catch {
    return null;
  }
}
