import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { builtServiceEnv } from '@/tests/helpers/service';

export interface ChaosService {
  url: string;
  pid: number;
  output: () => string;
  /** SIGKILL to the service's whole process group; resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop); resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the built app (server.ts) on a free loopback port on a DATA_DIR the caller keeps between starts (unlike
 * tests/helpers/service.ts, which makes and removes its own), in a process group of its own so that a kill takes
 * everything it spawned.
 */
export async function startChaosService(
  dataDir: string,
  extraEnv: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ChaosService> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: builtServiceEnv(dataDir, extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, name);
      } catch {
        child.kill(name);
      }
    }
    await exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      void signal('SIGKILL');
      reject(new Error(`service did not start in time:\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.stdout!.on('data', () => {
      const match = /ready: listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code, name) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code ?? name}:\n${output.slice(-4000)}`));
    });
  });
  return { url, pid: child.pid!, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
