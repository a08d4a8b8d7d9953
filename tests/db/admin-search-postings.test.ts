/**
 * An admin command that does not search opens no search index (issue 46): the postings in memory load where the
 * service or a search asks for them, not wherever the application context opens the database. A command loading them
 * read every post (or the snapshot) for nothing, and on PostgreSQL printed "[search] loading the postings failed ...
 * CONNECTION_ENDED" when it closed the database under the load.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostingsIndex } from '@/lib/search/postings/postings-index';
import { encodeSnapshot, POSTINGS_SNAPSHOT_KEY } from '@/lib/search/postings/snapshot';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-postings-'));
// On PostgreSQL (DATABASE_URL) a fresh database of its own; on the embedded default, the CLI opens DATA_DIR itself.
let database: TestDatabase | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await createTestDatabase();
  // Any start of the postings reads the snapshot first, and says on stderr that this one is not of this database.
  const state = new PostingsIndex().exportState();
  const snapshot = encodeSnapshot({ state, horizon: 1n, applied: [], takenAt: new Date(), database: 'elsewhere/x' });
  await new DirectoryRawStore(path.join(dataDir, 'raw')).put(
    POSTINGS_SNAPSHOT_KEY,
    snapshot,
    'application/octet-stream',
  );
});

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function admin(args: string[]) {
  const { DATABASE_URL: _serverUrl, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...env, DATA_DIR: dataDir, ...(database?.url ? { DATABASE_URL: database.url } : {}) },
    encoding: 'utf8',
    timeout: 200_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('an admin command that does not search', () => {
  // A fresh database is migrated by the command first: on the embedded default, a minute on a busy machine.
  it('starts no load of the postings: nothing of search on stderr', { timeout: 240_000 }, () => {
    const result = admin(['publications', 'list', '--json']);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, publications: [] });
    expect(result.stderr).not.toMatch(/\[search\]|postings/);
  });
});
