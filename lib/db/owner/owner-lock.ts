import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { type ProcessIdentity, processState, thisProcess } from './process-identity';
import { processStartTicks } from './process-start';

/**
 * One process at a time owns an embedded data directory. PGlite does not check: two processes both open it, each
 * checkpoints over the other's WAL, committed rows vanish and the directory may abort every later open. The owner
 * writes DATA_DIR/owner.lock before it opens PGlite and removes it when it closes.
 *
 * While it holds the lock, the owner refreshes the file's modification time every refreshEveryMs. A process on this
 * machine is asked directly (pid, start time, boot id); one on another host (a container recreated with a new
 * hostname over the same volume) cannot be, and its refreshes are the only sign of life it gives: a lock it has not
 * refreshed for MISSED_REFRESHES intervals is stale. (The hosts' clocks are compared: they are assumed to agree within
 * a fraction of that bound.)
 */
export type OwnerRole = 'service' | 'admin';

export interface OwnerRecord extends ProcessIdentity {
  /** When the owning process started (ISO), for people; startTicks and bootId are what tell a reused pid apart. */
  startedAt: string;
  role: OwnerRole;
  /** Tells this lock apart from an earlier one of the same process (release removes only its own). */
  nonce: string;
  /** How often the owner refreshes the lock; absent from locks of earlier versions, which never did. */
  refreshEveryMs?: number;
}

/** A lock as found on disk: its record, and when its owner last refreshed it (the file's modification time). */
export type FoundOwner = OwnerRecord & { refreshedAtMs: number };

const REFRESH_EVERY_MS = 15_000;
/**
 * Refreshes another host's owner may miss before its lock counts as stale: two minutes at the default, since a long
 * statement in PGlite's WebAssembly holds up the owner's timers, and two owners would ruin the directory.
 */
const MISSED_REFRESHES = 8;
const staleAfterMs = (owner: OwnerRecord) => (owner.refreshEveryMs ?? REFRESH_EVERY_MS) * MISSED_REFRESHES;

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

export function readOwner(dataDir: string): FoundOwner | null {
  let fd: number | undefined;
  try {
    fd = openSync(ownerLockPath(dataDir), 'r');
    const record = JSON.parse(readFileSync(fd, 'utf8')) as OwnerRecord;
    return { ...record, refreshedAtMs: fstatSync(fd).mtimeMs };
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Why a lock belongs to nobody any more, or null while its owner may still run: a process of this machine that is
 * gone, or whose pid now names another process (another start time, another boot); on another host, a lock not
 * refreshed within the bound. A lock of an earlier version from another host was never refreshed: it counts as live
 * (the refusal says how to clear it).
 */
export function whyStale(owner: FoundOwner, now = Date.now()): string | null {
  const found = processState(owner);
  if (found.state === 'gone') return found.why;
  if (found.state === 'runs' || owner.refreshEveryMs === undefined) return null;
  const age = now - owner.refreshedAtMs;
  if (age <= staleAfterMs(owner)) return null;
  return `host ${owner.hostname} has not refreshed it for ${duration(age)} (its owner does every ${duration(owner.refreshEveryMs)})`;
}

export const ownerIsLive = (owner: FoundOwner): boolean => whyStale(owner) === null;

/** "3 min 12 s". */
function duration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** "3 min 12 s": how long the owner has run. */
export function runningFor(owner: OwnerRecord, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(owner.startedAt)) / 1000));
  return seconds < 1 ? '0 s' : duration(seconds * 1000);
}

export function describeOwner(owner: OwnerRecord): string {
  const what = owner.role === 'service' ? 'the service' : 'an admin command';
  const host = owner.hostname === hostname() ? '' : ` on host ${owner.hostname}`;
  return `${what} (pid ${owner.pid}${host}, running for ${runningFor(owner)})`;
}

const isThisProcess = (owner: OwnerRecord) => owner.hostname === hostname() && owner.pid === process.pid;

function record(role: OwnerRole, refreshEveryMs: number): OwnerRecord {
  return {
    ...thisProcess(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    role,
    nonce: randomBytes(8).toString('hex'),
    refreshEveryMs,
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
function clearStaleLock(dataDir: string, stale: OwnerRecord, log?: (line: string) => void): void {
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
    const why = current && current.pid === stale.pid && current.nonce === stale.nonce ? whyStale(current) : null;
    if (why !== null) {
      unlinkSync(ownerLockPath(dataDir));
      log?.(`${ownerLockPath(dataDir)} of ${whose(stale)} was stale (${why}): taking it over`);
    }
  } finally {
    unlinkSync(takeover);
  }
}

/** "the service (pid 7 on host h)": who a lock names, without claiming it still runs. */
function whose(owner: OwnerRecord): string {
  return `${owner.role === 'service' ? 'the service' : 'an admin command'} (pid ${owner.pid} on host ${owner.hostname})`;
}

export interface AttemptOptions {
  /** How often this owner refreshes its lock (tests shorten it). */
  refreshEveryMs?: number;
  log?: (line: string) => void;
}

/** One attempt: the lock, or the live owner that holds it. */
export function tryTakeOwnerLock(
  dataDir: string,
  role: OwnerRole,
  options: AttemptOptions = {},
): OwnerLock | { heldBy: FoundOwner } {
  const mine = record(role, options.refreshEveryMs ?? REFRESH_EVERY_MS);
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(ownerLockPath(dataDir), JSON.stringify(mine, null, 2))) {
      return hold(dataDir, mine, options.log ?? ((line) => console.error(line)));
    }
    const holder = readOwner(dataDir);
    // Unreadable: it is being replaced right now, or was emptied by a crash while written (never by createExclusive).
    if (!holder) {
      if (Date.now() - safeMtime(ownerLockPath(dataDir)) > TAKEOVER_STALE_MS) clearUnreadable(dataDir);
      continue;
    }
    if (ownerIsLive(holder)) return { heldBy: holder };
    clearStaleLock(dataDir, holder, options.log);
  }
  throw new Error(`could not take ${ownerLockPath(dataDir)}: it keeps changing`);
}

/** The lock just taken: refreshed while held, removed on release or exit. */
function hold(dataDir: string, mine: OwnerRecord, log: (line: string) => void): OwnerLock {
  const onExit = () => removeIfUnchanged(dataDir, mine);
  // A process that exits without closing (an uncaught error, process.exit) still lets go; SIGKILL cannot, and
  // the next opener finds the lock stale.
  process.once('exit', onExit);
  const refresher = setInterval(() => {
    if (!refresh(dataDir, mine, log)) clearInterval(refresher);
  }, mine.refreshEveryMs);
  refresher.unref();
  return {
    owner: mine,
    release() {
      clearInterval(refresher);
      process.off('exit', onExit);
      removeIfUnchanged(dataDir, mine);
    },
  };
}

/** Marks the lock refreshed now while it is still this owner's; once it is not, says so and stops. */
function refresh(dataDir: string, mine: OwnerRecord, log: (line: string) => void): boolean {
  const current = readOwner(dataDir);
  if (current && current.pid === mine.pid && current.nonce === mine.nonce) {
    const now = new Date();
    try {
      utimesSync(ownerLockPath(dataDir), now, now);
    } catch {
      // Removed between the read and now: the next refresh says so.
    }
    return true;
  }
  log(
    `${ownerLockPath(dataDir)} no longer names this process (${current ? `${whose(current)} holds it now` : 'it was removed'}): another process may open the embedded database beside this one; stop this process`,
  );
  return false;
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

export interface TakeOptions extends AttemptOptions {
  /** Owners this opener waits for (a service waits for an admin command to finish) rather than refusing at once. */
  waitFor?: readonly OwnerRole[];
  waitMs?: number;
}

/**
 * Takes the lock, waiting (bounded) while an owner of a role in waitFor holds it, or while an owner on another host
 * may yet turn out to have stopped (its lock goes stale within the bound if it did); else refuses with who holds it.
 */
export async function takeOwnerLock(dataDir: string, role: OwnerRole, options: TakeOptions = {}): Promise<OwnerLock> {
  const started = Date.now();
  const deadline = started + (options.waitMs ?? 60_000);
  let announced = false;
  for (;;) {
    const taken = tryTakeOwnerLock(dataDir, role, options);
    if (!('heldBy' in taken)) return taken;
    const owner = taken.heldBy;
    const waitsForRole = (options.waitFor ?? []).includes(owner.role) && !isThisProcess(owner);
    const elsewhere = processState(owner).state === 'elsewhere' && owner.refreshEveryMs !== undefined;
    const until = Math.max(
      waitsForRole ? deadline : 0,
      // A refresh interval more, so that a lock refreshed just before this opener looked has gone stale by then.
      elsewhere ? started + staleAfterMs(owner) + owner.refreshEveryMs! : 0,
    );
    if (Date.now() >= until) throw new OwnerLockHeld(owner, refusal(dataDir, owner, role, announced));
    if (!announced) {
      options.log?.(waiting(dataDir, owner, elsewhere));
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function waiting(dataDir: string, owner: FoundOwner, elsewhere: boolean): string {
  const head = `${path.resolve(dataDir)} is in use by ${describeOwner(owner)}`;
  if (!elsewhere) return `${head}: waiting for it to finish`;
  return `${head}, which cannot be asked from here: its lock was refreshed ${duration(Date.now() - owner.refreshedAtMs)} ago, and a lock its owner has stopped refreshing is stale after ${duration(staleAfterMs(owner))}: waiting up to that long`;
}

function refusal(dataDir: string, owner: FoundOwner, role: OwnerRole, waited: boolean): string {
  const dir = path.resolve(dataDir);
  const head = `the data directory ${dir} is ${waited ? 'still ' : ''}in use by ${describeOwner(owner)}`;
  if (isThisProcess(owner)) return `${head}: this process opened it already and has not closed it`;
  const clear = whatToDo(dir, owner);
  if (role === 'service' && owner.role === 'service') return `${head}: a second service cannot open it${clear}`;
  return `${head}${clear}`;
}

function whatToDo(dir: string, owner: FoundOwner): string {
  if (owner.hostname !== hostname()) {
    if (owner.refreshEveryMs === undefined) {
      return `; its lock was written by an earlier version, which does not refresh it, so whether that host still runs it cannot be told from here: if it does not, delete ${ownerLockPath(dir)}`;
    }
    return `; its lock was refreshed ${duration(Date.now() - owner.refreshedAtMs)} ago, so it runs there: stop it on ${owner.hostname} first or use another DATA_DIR`;
  }
  // No start time to compare (where neither /proc nor ps answers): the pid may be another process's by now.
  if (owner.startTicks === null || processStartTicks(owner.pid) === null) {
    return `; pid ${owner.pid} runs, but whether it is still the process that took the lock cannot be told here: check \`ps -p ${owner.pid}\` before stopping it, or use another DATA_DIR`;
  }
  return `; stop it first (kill ${owner.pid}) or use another DATA_DIR`;
}
