import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface RunningPgBouncer {
  /** `postgres://…` of `database` through the pooler. */
  url(database: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Debian's PgBouncer in transaction pool mode (what Supabase's port 6543 is) in front of the PostgreSQL server of
 * `serverUrl`, on a free loopback port with a configuration of its own. It refuses to run as root, so it runs as the
 * `postgres` user when started by root.
 */
export async function startPgBouncer(serverUrl: string): Promise<RunningPgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  chmodSync(dir, 0o777);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" "${password}"\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // auth_type any: pgbouncer connects as the user named here, whoever the client says it is.
      `* = host=${server.hostname} port=${server.port || 5432} user=${user}${password ? ` password=${password}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : PGBOUNCER;
  const args = asRoot
    ? ['-u', 'postgres', '--', PGBOUNCER, path.join(dir, 'pgbouncer.ini')]
    : [path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(command, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it accepts connections.
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100 || child.exitCode !== null) throw new Error(`pgbouncer did not start (see ${dir}/pgbouncer.log)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (database) => {
      const url = new URL(serverUrl);
      url.port = String(port);
      url.hostname = '127.0.0.1';
      url.pathname = `/${database}`;
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
