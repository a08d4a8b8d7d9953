import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type OwnerRecord, ownerLockPath } from '@/lib/db/owner/owner-lock';
import { thisProcess } from '@/lib/db/owner/process-identity';
import { processStartTicks } from '@/lib/db/owner/process-start';
import { writeServiceFile } from '@/lib/operator/service-file';
import { whereToRun } from '@/lib/operator/where-to-run';

// Issue 35: an admin command started while the service was starting (lock taken, operator.json not written yet) opened
// the directory itself, a second process on it. It must wait for the service and go through its operator endpoint.
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function ownedBy(role: OwnerRecord['role']): Promise<{ dir: string; pid: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'finpub-where-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  const pid = child.pid!;
  const owner: OwnerRecord = {
    pid,
    startedAt: new Date().toISOString(),
    startTicks: processStartTicks(pid),
    hostname: hostname(),
    role,
    nonce: 'n',
  };
  writeFileSync(ownerLockPath(dir), JSON.stringify(owner));
  return { dir, pid };
}

describe('where an admin command runs on the embedded default', () => {
  it('waits while the service starts, then goes through its operator endpoint', async () => {
    const { dir, pid } = await ownedBy('service');
    const lines: string[] = [];
    const deciding = whereToRun(dir, { waitMs: 10_000, pollMs: 50, log: (l) => lines.push(l) });
    await new Promise((resolve) => setTimeout(resolve, 400));
    writeServiceFile(dir, { url: 'http://127.0.0.1:1', token: 't', pid });
    await expect(deciding).resolves.toMatchObject({ kind: 'remote', service: { pid } });
    expect(lines.join('\n')).toMatch(new RegExp(`the service \\(pid ${pid}, .*waiting for it to listen`));
  });

  it('opens the directory itself when no live process owns it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'finpub-where-'));
    dirs.push(dir);
    await expect(whereToRun(dir)).resolves.toEqual({ kind: 'local' });
    // operator.json left by a crashed service whose pid now belongs to someone else: not the lock's owner, ignored.
    writeServiceFile(dir, { url: 'http://127.0.0.1:1', token: 't', pid: process.pid });
    await expect(whereToRun(dir)).resolves.toEqual({ kind: 'local' });
  });

  it('ignores operator.json of another pid than the lock owner, and gives up after its bounded wait', async () => {
    const { dir } = await ownedBy('service');
    writeServiceFile(dir, { url: 'http://127.0.0.1:1', token: 't', pid: process.pid });
    await expect(whereToRun(dir, { waitMs: 300, pollMs: 50 })).rejects.toThrow(/did not listen within 0 s/);
  });

  it('waits for another admin command to finish, then runs here', async () => {
    const { dir } = await ownedBy('admin');
    const deciding = whereToRun(dir, { waitMs: 10_000, pollMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(ownerLockPath(dir));
    await expect(deciding).resolves.toEqual({ kind: 'local' });
  });

  // Issue 46: a service on PostgreSQL owns no embedded database, hence no lock; the CLI opened one beside it.
  it('goes through a service that runs here without an owner lock (a service on PostgreSQL)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'finpub-where-'));
    dirs.push(dir);
    writeServiceFile(dir, { ...thisProcess(), url: 'http://127.0.0.1:1', token: 't', database: 'postgres' });
    await expect(whereToRun(dir)).resolves.toMatchObject({ kind: 'remote', service: { pid: process.pid } });
  });

  it('ignores an operator.json whose process is gone though its pid is live again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'finpub-where-'));
    dirs.push(dir);
    writeServiceFile(dir, { ...thisProcess(), startTicks: '1', url: 'http://127.0.0.1:1', token: 't' });
    await expect(whereToRun(dir)).resolves.toEqual({ kind: 'local' });
  });

  it('refuses beside a service on PostgreSQL on another host, rather than open an embedded database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'finpub-where-'));
    dirs.push(dir);
    const elsewhere = { ...thisProcess(), hostname: 'another-host' };
    writeServiceFile(dir, { ...elsewhere, url: 'http://127.0.0.1:1', token: 't', database: 'postgres' });
    await expect(whereToRun(dir)).rejects.toThrow(
      /operator.json names a service on PostgreSQL on host another-host .*with the DATABASE_URL that service uses/,
    );
  });
});
