import { describeOwner, ownerIsLive, readOwner } from '@/lib/db/owner/owner-lock';
import { CommandError } from './command';
import { readServiceFile, type ServiceFile } from './service-file';

export type Where = { kind: 'remote'; service: ServiceFile } | { kind: 'local' };

export interface WhereOptions {
  /** How long to wait for a starting service to listen, or an admin command to finish. */
  waitMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * Where an admin command runs on the embedded default. A service takes DATA_DIR/owner.lock before it opens the
 * database but writes operator.json only once it listens: a CLI that opened the directory in between was a second
 * process on it (issue 35). So: a live service that listens → its operator endpoint; a live owner without
 * operator.json (a service starting, or another admin command) → wait, bounded; no live owner → open it here.
 * operator.json counts only while the lock names the same live process (a pid reused after a crash does not).
 */
export async function whereToRun(dataDir: string, options: WhereOptions = {}): Promise<Where> {
  const waitMs = options.waitMs ?? 60_000;
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    const owner = readOwner(dataDir);
    if (!owner || !ownerIsLive(owner)) return { kind: 'local' };
    const service = readServiceFile(dataDir);
    if (service && service.pid === owner.pid) return { kind: 'remote', service };
    const waitingFor = owner.role === 'service' ? 'to listen' : 'to finish';
    if (Date.now() >= deadline) {
      throw new CommandError(
        `${describeOwner(owner)} holds ${dataDir} and did not ${waitingFor.slice(3)} within ${Math.round(waitMs / 1000)} s: try again once it has${owner.role === 'service' ? ' (`next dev` has no operator endpoint: stop it to run admin commands)' : ''}`,
      );
    }
    if (!announced) {
      options.log?.(
        `${describeOwner(owner)} holds ${dataDir}: waiting for it ${waitingFor} (up to ${Math.round(waitMs / 1000)} s)`,
      );
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
}
