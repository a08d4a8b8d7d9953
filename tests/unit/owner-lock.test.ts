import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnerLockHeld, type OwnerRecord, ownerLockPath, readOwner, takeOwnerLock } from '@/lib/db/owner/owner-lock';
import { processStartTicks } from '@/lib/db/owner/process-start';

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

function writeLock(dir: string, owner: Partial<OwnerRecord> & { pid: number }): void {
  const record: OwnerRecord = {
    startedAt: new Date(Date.now() - 90_000).toISOString(),
    startTicks: processStartTicks(owner.pid),
    hostname: hostname(),
    role: 'service',
    nonce: 'theirs',
    ...owner,
  };
  writeFileSync(ownerLockPath(dir), JSON.stringify(record));
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
});
