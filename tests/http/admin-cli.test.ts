import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { url } from '@/tests/helpers/paid';

// The admin CLI must work while the service holds the embedded database.
function admin(args: string[]) {
  const databaseUrl = inject('databaseUrl');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: inject('dataDir'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('admin CLI against the running service', () => {
  it('prints help', () => {
    const result = admin(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/seed \[--posts N\]/);
    expect(result.stdout).toMatch(/migrate/);
  });

  it('runs migrate and prints one JSON object', () => {
    const result = admin(['migrate', '--json']);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, command: 'migrate', applied: [], result: { applied: [] } });
    if (inject('databaseKind') === 'pglite') expect(result.stderr).toMatch(/running in the service/);
  });

  it('refuses to seed over existing data without --reset, as JSON, with a failing exit code', () => {
    const result = admin(['seed', '--json']);
    expect(result.status).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ ok: false, command: 'seed' });
    expect(output.error).toMatch(/--reset/);
  });

  it('will not replace the catalogue on --reset alone: --yes confirms, and nothing is deleted without it', async () => {
    const before = (await (await fetch(url('/api/v1/publications'))).json()) as { publications: unknown[] };
    const result = admin(['seed', '--reset', '--json']);
    expect(result.status).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.error).toMatch(/deletes the whole catalogue \(\d+ publications, \d+ posts.*Repeat with --yes/);
    const after = (await (await fetch(url('/api/v1/publications'))).json()) as { publications: unknown[] };
    expect(after.publications).toEqual(before.publications);
  });

  it('rejects an unknown command and bad arguments clearly', () => {
    const unknown = admin(['frobnicate', '--json']);
    expect(unknown.status).toBe(1);
    expect(JSON.parse(unknown.stdout).error).toMatch(/Unknown command "frobnicate"/);
    const bad = admin(['seed', '--posts', 'lots', '--json']);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).error).toMatch(/--posts/);
  });
});
