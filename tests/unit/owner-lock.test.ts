import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnerLockHeld, type OwnerRecord, ownerLockPath, readOwner, takeOwnerLock } from '@/lib/db/owner/owner-lock';
import { bootId, processStartTicks, psStartTime } from '@/lib/db/owner/process-start';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'finpub-lock-'));
  dirs.push(dir);
  return dir;
}

/** A live process other than this one, to name in a lock. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

function writeLock(dir: string, owner: Partial<OwnerRecord> & { pid: number }, refreshedAgoMs = 0): void {
  const record: OwnerRecord = {
    startedAt: new Date(Date.now() - 90_000).toISOString(),
    startTicks: processStartTicks(owner.pid),
    hostname: hostname(),
    role: 'service',
    nonce: 'theirs',
    ...owner,
  };
  writeFileSync(ownerLockPath(dir), JSON.stringify(record));
  const refreshed = new Date(Date.now() - refreshedAgoMs);
  utimesSync(ownerLockPath(dir), refreshed, refreshed);
}

/** Refreshes a lock as its owner would, every `everyMs`, until the test ends. */
function keepRefreshing(dir: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    const now = new Date();
    utimesSync(ownerLockPath(dir), now, now);
  }, everyMs);
  return () => clearInterval(timer);
}

describe('the owner lock of an embedded data directory', () => {
  it('is taken with the owner pid, start time, host and role, and released', async () => {
    const dir = dataDir();
    const lock = await takeOwnerLock(dir, 'service');
    expect(readOwner(dir)).toMatchObject({ pid: process.pid, hostname: hostname(), role: 'service' });
    expect(Date.parse(readOwner(dir)!.startedAt)).toBeLessThanOrEqual(Date.now());
    lock.release();
    expect(existsSync(ownerLockPath(dir))).toBe(false);
  });

  it('is taken in a DATA_DIR that does not exist yet, which it creates', async () => {
    const dir = path.join(dataDir(), 'new', 'data');
    const lock = await takeOwnerLock(dir, 'service');
    expect(readOwner(dir)).toMatchObject({ pid: process.pid, role: 'service' });
    lock.release();
  });

  it('recovers a stale lock left by a dead process', async () => {
    const dir = dataDir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeLock(dir, { pid: dead, startTicks: '12345' });
    const lock = await takeOwnerLock(dir, 'service');
    expect(readOwner(dir)).toMatchObject({ pid: process.pid, nonce: lock.owner.nonce });
    lock.release();
  });

  it('lets exactly one of several processes racing over a stale lock take it', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: spawnSync(process.execPath, ['-e', '0']).pid, startTicks: '12345' });
    const race = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/take-owner-lock.ts', dir], {
        cwd: path.resolve(import.meta.dirname, '..', '..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
      return new Promise<string>((resolve) => child.once('exit', () => resolve(out.trim())));
    });
    const answers = await Promise.all(race);
    expect(answers.filter((answer) => answer === 'took')).toHaveLength(1);
  }, 30_000);

  it.runIf(process.platform === 'linux')('treats a live pid with another start time as a reused pid', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    writeLock(dir, { pid, startTicks: '1' });
    const lock = await takeOwnerLock(dir, 'service');
    expect(readOwner(dir)!.pid).toBe(process.pid);
    lock.release();
  });

  it('refuses a second service while a live service holds it, naming the owner', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    writeLock(dir, { pid, role: 'service' });
    const error = await takeOwnerLock(dir, 'service').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OwnerLockHeld);
    expect((error as Error).message).toMatch(
      new RegExp(`in use by the service \\(pid ${pid}, running for 1 min \\d+ s\\): a second service cannot open it`),
    );
    expect(readOwner(dir)!.pid).toBe(pid);
  });

  it('makes a starting service wait for an admin command, then takes the lock', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    writeLock(dir, { pid, role: 'admin' });
    const lines: string[] = [];
    const taking = takeOwnerLock(dir, 'service', { waitFor: ['admin'], waitMs: 10_000, log: (l) => lines.push(l) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(ownerLockPath(dir)); // the admin command finished
    const lock = await taking;
    expect(lines.join('\n')).toMatch(/in use by an admin command .*waiting/);
    lock.release();
  });

  it('refuses after the bounded wait when the admin command does not finish', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: await liveProcess(), role: 'admin' });
    await expect(takeOwnerLock(dir, 'service', { waitFor: ['admin'], waitMs: 300 })).rejects.toThrow(/still in use/);
  });

  it('refuses a second opener in the same process, and a release never removes another owner', async () => {
    const dir = dataDir();
    const lock = await takeOwnerLock(dir, 'admin');
    await expect(takeOwnerLock(dir, 'admin', { waitFor: ['admin'] })).rejects.toThrow(/this process opened it/);
    lock.release();
    const pid = await liveProcess();
    writeLock(dir, { pid });
    lock.release();
    expect(JSON.parse(readFileSync(ownerLockPath(dir), 'utf8')).pid).toBe(pid);
  });

  // Issue 46: a container recreated after a SIGKILL has a new hostname; its predecessor's lock blocked it for good.
  it('takes over a lock from another host that its owner stopped refreshing, and says why', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: 1, hostname: 'a-container-gone', refreshEveryMs: 15_000 }, 10 * 60_000);
    const lines: string[] = [];
    const lock = await takeOwnerLock(dir, 'service', { log: (l) => lines.push(l) });
    expect(readOwner(dir)).toMatchObject({ pid: process.pid, hostname: hostname(), nonce: lock.owner.nonce });
    expect(lines.join('\n')).toMatch(
      /the service \(pid 1 on host a-container-gone\) was stale \(host a-container-gone has not refreshed it for 10 min 0 s \(its owner does every 15 s\)\): taking it over/,
    );
    lock.release();
  });

  it('waits, bounded, for a fresh lock from another host to go stale, then takes it', async () => {
    const dir = dataDir();
    // Refreshed every 100 ms by its owner, last 300 ms ago: stale 800 ms after that refresh, unless refreshed again.
    writeLock(dir, { pid: 1, hostname: 'a-container-gone', refreshEveryMs: 100 }, 300);
    const lines: string[] = [];
    const started = Date.now();
    const lock = await takeOwnerLock(dir, 'service', { log: (l) => lines.push(l) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(readOwner(dir)!.pid).toBe(process.pid);
    expect(lines[0]).toMatch(
      /in use by the service \(pid 1 on host a-container-gone, .*\), which cannot be asked from here: its lock was refreshed \d+ ms ago, and a lock its owner has stopped refreshing is stale after 800 ms: waiting up to that long/,
    );
    lock.release();
  });

  it('refuses a lock from another host while its owner keeps refreshing it', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: 1, hostname: 'a-live-container', refreshEveryMs: 100 });
    const stop = keepRefreshing(dir, 50);
    try {
      const error = await takeOwnerLock(dir, 'service').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OwnerLockHeld);
      expect((error as Error).message).toMatch(
        /still in use by the service \(pid 1 on host a-live-container, .*\): a second service cannot open it; its lock was refreshed \d+ ms ago, so it runs there: stop it on a-live-container first/,
      );
    } finally {
      stop();
    }
    expect(readOwner(dir)!.hostname).toBe('a-live-container');
  });

  it('keeps a lock written by an earlier version (never refreshed) on another host, saying how to clear it', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: 1, hostname: 'an-old-host' }, 24 * 3600_000);
    await expect(takeOwnerLock(dir, 'service')).rejects.toThrow(/cannot be told from here: if it does not, delete/);
  });

  it('refreshes its own lock while it holds it', async () => {
    const dir = dataDir();
    const lock = await takeOwnerLock(dir, 'service', { refreshEveryMs: 50 });
    expect(readOwner(dir)).toMatchObject({ refreshEveryMs: 50 });
    const longAgo = new Date(Date.now() - 3600_000);
    utimesSync(ownerLockPath(dir), longAgo, longAgo);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Date.now() - statSync(ownerLockPath(dir)).mtimeMs).toBeLessThan(5_000);
    lock.release();
  });

  // After a restart the same pid, even with the same start ticks, can be a new process: the boot id tells.
  it.runIf(bootId() !== null)('treats a lock written before a restart as stale, though its pid is live', async () => {
    for (const pid of [await liveProcess(), process.pid]) {
      const dir = dataDir();
      writeLock(dir, { pid, startTicks: processStartTicks(pid), bootId: 'a-boot-before-this-one' });
      const lines: string[] = [];
      const lock = await takeOwnerLock(dir, 'service', { log: (l) => lines.push(l) });
      expect(readOwner(dir)).toMatchObject({ pid: process.pid, bootId: bootId(), nonce: lock.owner.nonce });
      expect(lines.join('\n')).toMatch(/was stale \(it was written before this machine restarted\)/);
      lock.release();
    }
  });

  // Where there is no /proc (macOS) the start time comes from ps: without it a reused pid looked like the owner.
  it('reads a start time from ps for a live process, the same each time, and none for a gone one', async () => {
    const pid = await liveProcess();
    const started = psStartTime(pid);
    expect(started).toMatch(/^\w{3} \w{3} +\d+ \d\d:\d\d:\d\d \d{4}$/);
    expect(psStartTime(pid)).toBe(started);
    expect(psStartTime(spawnSync(process.execPath, ['-e', '0']).pid)).toBeNull();
  });
});
