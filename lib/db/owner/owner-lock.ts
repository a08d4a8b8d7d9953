import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { pidAlive, processStartTicks } from './process-start';

/**
 * One process at a time owns an embedded data directory. PGlite does not check: two processes both open it, each
 * checkpoints over the other's WAL, committed rows vanish and the directory may abort every later open. The owner
 * writes DATA_DIR/owner.lock before it opens PGlite and removes it when it closes.
 */
export type OwnerRole = 'service' | 'admin';

export interface OwnerRecord {
  pid: number;
  /** When the owning process started (ISO), for people; startTicks is what tells a reused pid apart. */
  startedAt: string;
  startTicks: string | null;
  hostname: string;
  role: OwnerRole;
  /** Tells this lock apart from an earlier one of the same process (release removes only its own). */
  nonce: string;
}

export interface OwnerLock {
  readonly owner: OwnerRecord;
  release(): void;
}

/** Another live process owns the directory; the message names it and says what to do. */
export class OwnerLockHeld extends Error {
  constructor(
    readonly owner: OwnerRecord,
    message: string,
  ) {
    super(message);
    this.name = 'OwnerLockHeld';
  }
}

export const ownerLockPath = (dataDir: string) => path.join(path.resolve(dataDir), 'owner.lock');
/** Held for the few milliseconds of replacing a stale lock, so two starters cannot both replace it. */
const takeoverPath = (dataDir: string) => `${ownerLockPath(dataDir)}.takeover`;
/** A takeover file older than this was left by a process that died while replacing a stale lock. */
const TAKEOVER_STALE_MS = 10_000;

export function readOwner(dataDir: string): OwnerRecord | null {
  try {
    return JSON.parse(readFileSync(ownerLockPath(dataDir), 'utf8')) as OwnerRecord;
  } catch {
    return null;
  }
}

/**
 * Whether the process a lock names still runs: its pid exists and started when the lock says. A lock from another
 * host cannot be checked from here and counts as live (the message tells the operator how to clear it).
 */
export function ownerIsLive(owner: OwnerRecord): boolean {
  if (owner.hostname !== hostname()) return true;
  if (!pidAlive(owner.pid)) return false;
  const ticks = processStartTicks(owner.pid);
  return owner.startTicks === null || ticks === null || ticks === owner.startTicks;
}

/** "3 min 12 s": how long the owner has run. */
export function runningFor(owner: OwnerRecord, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(owner.startedAt)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

export function describeOwner(owner: OwnerRecord): string {
  const what = owner.role === 'service' ? 'the service' : 'an admin command';
  const host = owner.hostname === hostname() ? '' : ` on host ${owner.hostname}`;
  return `${what} (pid ${owner.pid}${host}, running for ${runningFor(owner)})`;
}

function record(role: OwnerRole): OwnerRecord {
  return {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    startTicks: processStartTicks('self'),
    hostname: hostname(),
    role,
    nonce: randomBytes(8).toString('hex'),
  };
}

/**
 * Creates `file` holding `contents` only if it does not exist: written beside it first, then hard-linked into place,
 * so nobody ever reads a half-written lock and exactly one of two racing processes gets it.
 */
function createExclusive(file: string, contents: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  // A DATA_DIR named for the first time does not exist yet: the lock is the first thing written in it.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(temporary, contents, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function removeIfUnchanged(dataDir: string, expected: OwnerRecord): void {
  const current = readOwner(dataDir);
  if (current && current.pid === expected.pid && current.nonce === expected.nonce) {
    // Also runs from an 'exit' handler: a lock someone deleted by hand meanwhile is no error.
    rmSync(ownerLockPath(dataDir), { force: true });
  }
}

/**
 * Removes a lock whose process is gone, under the takeover file: re-read there, it is removed only if it is still the
 * same dead owner's (another starter may have replaced it meanwhile). The caller then tries to take it again.
 */
function clearStaleLock(dataDir: string, stale: OwnerRecord): void {
  const takeover = takeoverPath(dataDir);
  if (!createExclusive(takeover, String(process.pid))) {
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(takeover);
    } catch {
      // Gone already: the other starter finished.
    }
    return;
  }
  try {
    const current = readOwner(dataDir);
    if (current && current.pid === stale.pid && current.nonce === stale.nonce && !ownerIsLive(current)) {
      unlinkSync(ownerLockPath(dataDir));
    }
  } finally {
    unlinkSync(takeover);
  }
}

/** One attempt: the lock, or the live owner that holds it. */
export function tryTakeOwnerLock(dataDir: string, role: OwnerRole): OwnerLock | { heldBy: OwnerRecord } {
  const mine = record(role);
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(ownerLockPath(dataDir), JSON.stringify(mine, null, 2))) {
      const onExit = () => removeIfUnchanged(dataDir, mine);
      // A process that exits without closing (an uncaught error, process.exit) still lets go; SIGKILL cannot, and
      // the next opener finds the lock stale.
      process.once('exit', onExit);
      return {
        owner: mine,
        release() {
          process.off('exit', onExit);
          removeIfUnchanged(dataDir, mine);
        },
      };
    }
    const holder = readOwner(dataDir);
    // Unreadable: it is being replaced right now, or was emptied by a crash while written (never by createExclusive).
    if (!holder) {
      if (Date.now() - safeMtime(ownerLockPath(dataDir)) > TAKEOVER_STALE_MS) clearUnreadable(dataDir);
      continue;
    }
    if (ownerIsLive(holder)) return { heldBy: holder };
    clearStaleLock(dataDir, holder);
  }
  throw new Error(`could not take ${ownerLockPath(dataDir)}: it keeps changing`);
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function clearUnreadable(dataDir: string): void {
  try {
    unlinkSync(ownerLockPath(dataDir));
  } catch {
    // Someone else cleared it.
  }
}

export interface TakeOptions {
  /** Owners this opener waits for (a service waits for an admin command to finish) rather than refusing at once. */
  waitFor?: readonly OwnerRole[];
  waitMs?: number;
  log?: (line: string) => void;
}

/** Takes the lock, waiting (bounded) while an owner of a role in waitFor holds it; else refuses with who holds it. */
export async function takeOwnerLock(dataDir: string, role: OwnerRole, options: TakeOptions = {}): Promise<OwnerLock> {
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  let announced = false;
  for (;;) {
    const taken = tryTakeOwnerLock(dataDir, role);
    if (!('heldBy' in taken)) return taken;
    const owner = taken.heldBy;
    const mayWait = (options.waitFor ?? []).includes(owner.role) && owner.pid !== process.pid;
    if (!mayWait || Date.now() >= deadline) throw new OwnerLockHeld(owner, refusal(dataDir, owner, role, mayWait));
    if (!announced) {
      options.log?.(`${path.resolve(dataDir)} is in use by ${describeOwner(owner)}: waiting for it to finish`);
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function refusal(dataDir: string, owner: OwnerRecord, role: OwnerRole, waited: boolean): string {
  const dir = path.resolve(dataDir);
  const head = `the data directory ${dir} is ${waited ? 'still ' : ''}in use by ${describeOwner(owner)}`;
  if (owner.pid === process.pid) return `${head}: this process opened it already and has not closed it`;
  const remote = owner.hostname !== hostname();
  const clear = remote
    ? `; if that host no longer runs it, delete ${ownerLockPath(dir)}`
    : `; stop it first (kill ${owner.pid}) or use another DATA_DIR`;
  if (role === 'service' && owner.role === 'service') return `${head}: a second service cannot open it${clear}`;
  return `${head}${clear}`;
}
