import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/open';
import { OwnerLockHeld, ownerLockPath, readOwner } from '@/lib/db/owner/owner-lock';
import { DataDirectoryUnopenable } from '@/lib/db/owner/unopenable';
import { recoverDataDir } from '@/lib/operator/db-recover';

// Issue 35: the embedded data directory has one owner; a crashed owner's directory opens again with its committed
// rows; one that cannot open says what to do instead of a bare `Aborted()`. Always on PGlite, whatever DATABASE_URL.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'finpub-owner-'));
  dirs.push(dir);
  return dir;
}
const quiet = () => {};

/** Starts tests/helpers/embedded-writer.ts; resolves once it has committed `rows` rows. */
function startWriter(dir: string, rows: number): Promise<{ child: ChildProcess; committed: () => number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/embedded-writer.ts', dir, 'service'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let committed = 0;
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const counts = [...output.matchAll(/committed (\d+)/g)];
      committed = counts.length ? Number(counts.at(-1)![1]) : 0;
      if (committed >= rows) resolve({ child, committed: () => committed });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`writer exited with ${code}:\n${output}`)));
  });
}

describe('an embedded data directory', () => {
  it('refuses a second service while one writes, and opens again with every committed row after a SIGKILL', async () => {
    const dir = dataDir();
    const writer = await startWriter(dir, 50);
    const second = await openDatabase({ dataDir: dir, ownerRole: 'service', log: quiet }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(OwnerLockHeld);
    expect((second as Error).message).toMatch(
      new RegExp(`in use by the service \\(pid ${writer.child.pid}, running for \\d+ s\\): a second service`),
    );

    await new Promise((resolve) => setTimeout(resolve, 300)); // kill it mid-writes, not at a quiet moment
    const exited = new Promise((resolve) => writer.child.once('exit', resolve));
    writer.child.kill('SIGKILL');
    await exited;
    const committedBeforeKill = writer.committed();
    expect(readOwner(dir)!.pid).toBe(writer.child.pid); // the dead owner's lock is still there

    const db = await openDatabase({ dataDir: dir, ownerRole: 'service', log: quiet });
    try {
      expect(readOwner(dir)!.pid).toBe(process.pid);
      const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from written')) as [{ n: number }];
      expect(n).toBeGreaterThanOrEqual(committedBeforeKill);
    } finally {
      await db.close();
    }
    expect(existsSync(ownerLockPath(dir))).toBe(false);
  });

  // Issue 46: a container killed (SIGKILL, out of memory) and recreated has a new hostname, and its predecessor's
  // pid cannot be checked from it: the lock, no longer refreshed, goes stale instead of blocking every start.
  it('opens again after its owner was killed in a container that came back under another hostname', async () => {
    const dir = dataDir();
    const writer = await startWriter(dir, 20);
    expect(readOwner(dir)).toMatchObject({ pid: writer.child.pid, refreshEveryMs: 15_000 });
    const exited = new Promise((resolve) => writer.child.once('exit', resolve));
    writer.child.kill('SIGKILL');
    await exited;
    const committedBeforeKill = writer.committed();
    const left = JSON.parse(readFileSync(ownerLockPath(dir), 'utf8'));
    writeFileSync(ownerLockPath(dir), JSON.stringify({ ...left, hostname: 'the-container-before' }));
    const lastRefreshed = new Date(Date.now() - 5 * 60_000);
    utimesSync(ownerLockPath(dir), lastRefreshed, lastRefreshed);

    const lines: string[] = [];
    const db = await openDatabase({ dataDir: dir, ownerRole: 'service', log: (l) => lines.push(l) });
    try {
      expect(lines.join('\n')).toMatch(/was stale \(host the-container-before has not refreshed it for 5 min 0 s/);
      expect(readOwner(dir)!.pid).toBe(process.pid);
      const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from written')) as [{ n: number }];
      expect(n).toBeGreaterThanOrEqual(committedBeforeKill);
    } finally {
      await db.close();
    }
  });

  it('that cannot open says what happened and how to recover; db recover keeps it aside', async () => {
    const dir = dataDir();
    const db = await openDatabase({ dataDir: dir, log: quiet });
    await db.exec('create table ledger (id int); insert into ledger values (1)');
    await db.close();
    // An emptied control file aborts every open with a bare `Aborted()`, as the overwritten checkpoint of issue 35 does.
    writeFileSync(path.join(dir, 'pglite', 'global', 'pg_control'), '');

    const lines: string[] = [];
    const error = await openDatabase({ dataDir: dir, log: (l) => lines.push(l) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirectoryUnopenable);
    expect((error as Error).message).toMatch(/pglite cannot be opened: PGlite stopped with "Aborted\(\)/);
    expect((error as Error).message).toContain('npm run admin -- db recover --yes');
    expect(lines.join('\n')).toMatch(/did not open .*trying once more/);
    expect(existsSync(ownerLockPath(dir))).toBe(false);
    expect(existsSync(path.join(dir, 'pglite'))).toBe(true); // nothing moved without the operator

    await expect(recoverDataDir(dir, { yes: false, log: quiet })).rejects.toThrow(/With --yes it is moved to/);
    const result = await recoverDataDir(dir, { yes: true, log: quiet });
    expect(result).toMatchObject({ recovered: true, keptAt: expect.stringContaining('pglite.broken-') });
    expect(readdirSync(dir).filter((name) => name.startsWith('pglite.broken-'))).toHaveLength(1);

    const fresh = await openDatabase({ dataDir: dir, log: quiet });
    await expect(fresh.query('select 1 as one')).resolves.toEqual([{ one: 1 }]);
    await fresh.close();
    await expect(recoverDataDir(dir, { yes: false, log: quiet })).resolves.toMatchObject({ recovered: false });
  });
});
