import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as operatorCommand } from '@/app/api/operator/commands/route';
import { migrate } from '@/lib/db/migrate';
import { thisProcess } from '@/lib/db/owner/process-identity';
import type { Db } from '@/lib/db/types';
import { removeServiceFile, writeServiceFile } from '@/lib/operator/service-file';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { postgresServer } from '@/tests/helpers/postgres-server';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Issue 46: with the service on PostgreSQL and an admin shell without DATABASE_URL, `users create` found no owner lock
// in DATA_DIR, opened a new embedded database there and created the user in it; the service never saw it. This
// process plays the service: the real operator route on a database of a real PostgreSQL server, served on loopback,
// announced in DATA_DIR/operator.json as server.ts does.
const server = await postgresServer();
if ('why' in server) console.warn(`admin CLI beside a service on PostgreSQL: skipped, ${server.why}`);

/** `npm run admin -- …` in a shell where DATABASE_URL is not set. */
function admin(dataDir: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _, ...environment } = process.env;
  // Spawned, not spawnSync: the operator endpoint it calls is served by this process's event loop.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: { ...environment, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, stdout, stderr })));
}

describe.skipIf(!server.url)('the admin CLI without DATABASE_URL beside a service on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  let endpoint: Server;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(server.url);
    db = await database.open();
    await migrate(db);
    const context = await openTestAppContext(db);
    endpoint = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const response = await operatorCommand(request, {});
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text());
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-beside-pg-'));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
    writeServiceFile(dataDir, { ...thisProcess(), url, token: context.operatorToken, database: 'postgres' });
  });

  afterAll(async () => {
    if (dataDir) removeServiceFile(dataDir);
    endpoint?.closeAllConnections();
    await new Promise((resolve) => endpoint?.close(resolve));
    await closeTestAppContext();
    await db?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the user in the service database, through its operator endpoint, and no embedded database', async () => {
    const result = await admin(dataDir, ['users', 'create', '--email', 'beside-pg@example.com', '--json']);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, email: 'beside-pg@example.com', created: true });
    const users = await db.query<{ email: string }>('select email from users where email = $1', [
      'beside-pg@example.com',
    ]);
    expect(users).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['operator.json']);
    expect(result.stderr).toMatch(/running in the service at http:\/\/127\.0\.0\.1:\d+/);
  });
});
