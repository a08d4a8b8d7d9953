import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningService {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** Everything the service printed, for diagnosing a failed start. */
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The environment of a built service under test: on a free loopback port, in production mode, with its own data
 * directory. The briefs' lead-meaning index is off unless a suite asks for it: built in the background at start, it
 * would run the sentence model over every demo post beside the tests (and keep /readyz's `indexing` true meanwhile);
 * tests/db/lead-meaning.test.ts covers it.
 */
export function builtServiceEnv(dataDir: string, extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    BRIEFS_LEAD_INDEX: 'false',
    ...extraEnv,
  };
}

/**
 * Starts the built app (server.ts) on a free loopback port with its own DATA_DIR and waits until it listens.
 * Stopping it sends SIGTERM to its own PID and waits for it to exit.
 */
export async function startService(
  extraEnv: Record<string, string> = {},
  timeoutMs = 300_000,
  how: {
    /** Flags for node itself (a profiler's `--cpu-prof`, which NODE_OPTIONS does not take). */
    nodeArgs?: string[];
    /** The checkout whose built app is started (another commit's, to compare two); this one by default. */
    root?: string;
  } = {},
): Promise<RunningService> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-test-'));
  const child = spawn(process.execPath, [...(how.nodeArgs ?? []), '--import', 'tsx', 'server.ts'], {
    cwd: how.root ?? path.resolve(import.meta.dirname, '..', '..'),
    env: builtServiceEnv(dataDir, extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in time:\n${output}`)), timeoutMs);
    const onData = () => {
      const match = /ready: listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    process: child,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
