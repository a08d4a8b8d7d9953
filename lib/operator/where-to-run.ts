import { hostname } from 'node:os';
import { describeOwner, ownerIsLive, readOwner } from '@/lib/db/owner/owner-lock';
import { CommandError } from './command';
import { readServiceFileAsWritten, type ServiceFile, serviceState } from './service-file';

export type Where = { kind: 'remote'; service: ServiceFile } | { kind: 'local' };

export interface WhereOptions {
  /** How long to wait for a starting service to listen, or an admin command to finish. */
  waitMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * Where an admin command runs without DATABASE_URL. A service that runs on this machine and wrote operator.json in
 * DATA_DIR → its operator endpoint, whatever database it uses: one on PostgreSQL holds no owner lock, and a CLI
 * that opened an embedded database beside it created users and keys the service never sees (issue 46).
 *
 * Then the embedded default. A service takes DATA_DIR/owner.lock before it opens the database but writes
 * operator.json only once it listens: a CLI that opened the directory in between was a second process on it
 * (issue 35). So: a live owner without operator.json (a service starting, or another admin command) → wait,
 * bounded; no live owner → open it here. An operator.json of an earlier version (a pid and no more) counts only
 * while the lock names the same live process (a pid reused after a crash does not).
 */
export async function whereToRun(dataDir: string, options: WhereOptions = {}): Promise<Where> {
  const waitMs = options.waitMs ?? 60_000;
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    const found = readOwner(dataDir);
    const owner = found && ownerIsLive(found) ? found : null;
    const service = readServiceFileAsWritten(dataDir);
    const state = service ? serviceState(service) : 'gone';
    if (service && (state === 'runs' || (state === 'unproven' && owner?.pid === service.pid))) {
      return { kind: 'remote', service };
    }
    if (service && state === 'elsewhere' && service.database === 'postgres') {
      throw new CommandError(
        `${dataDir}/operator.json names a service on PostgreSQL on host ${service.hostname} (pid ${service.pid}), whose operator endpoint cannot be reached from here: run the command on that host, or here with the DATABASE_URL that service uses (if that host no longer runs it, delete operator.json)`,
      );
    }
    if (!owner) return { kind: 'local' };
    if (owner.role === 'service' && owner.hostname !== hostname()) {
      throw new CommandError(
        `${describeOwner(owner)} holds ${dataDir}: its operator endpoint answers on that host only, so run the command there`,
      );
    }
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
