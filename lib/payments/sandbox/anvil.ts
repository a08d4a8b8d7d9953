import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * One `anvil` child process on a loopback port chosen by anvil itself (`--port 0`), so two sandboxes never race
 * for a port. The children must never outlive us: `stop()` kills them by PID, a synchronous 'exit' hook kills any
 * left over, and on Linux `setpriv --pdeathsig KILL` makes the kernel kill them even if we are SIGKILLed.
 */
export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const LISTENING = /Listening on (127\.0\.0\.1:\d+)/;
const START_TIMEOUT_MS = 15_000;
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json');
  return path.join(path.dirname(pkg), 'bin', 'anvil');
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous; process.kill is.
  process.on('exit', () => {
    for (const child of live) if (child.exitCode === null && child.pid) child.kill('SIGKILL');
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startAnvil(name: string, args: string[]): Promise<AnvilProcess> {
  installExitHook();
  const anvilArgs = ['--host', '127.0.0.1', '--port', '0', ...args];
  const setpriv = '/usr/bin/setpriv';
  const [command, argv] = existsSync(setpriv)
    ? [setpriv, ['--pdeathsig', 'KILL', '--', anvilBinary(), ...anvilArgs]]
    : [anvilBinary(), anvilArgs];
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));

  const stop = async () => {
    if (child.pid === undefined) return; // never started (spawn error): nothing to kill, and 'exit' may never come
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await waitForExit(child);
    clearTimeout(killer);
  };

  let output = '';
  const address = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) settle(() => resolve(match[1]!));
    };
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number | null, signal: string | null) =>
      settle(() => reject(new Error(`exited (code ${code}, signal ${signal})`)));
    const timer = setTimeout(
      () => settle(() => reject(new Error(`timed out after ${START_TIMEOUT_MS} ms`))),
      START_TIMEOUT_MS,
    );
    function settle(done: () => void) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('error', onError);
      child.off('exit', onExit);
      done();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', onError);
    child.on('exit', onExit);
  }).catch(async (error: unknown) => {
    await stop();
    throw new Error(
      `${name}: anvil did not start: ${error instanceof Error ? error.message : String(error)}\n${output.slice(-2000)}`,
    );
  });

  // Keep draining anvil's (chatty) output so it never blocks on a full pipe, without holding our event loop open.
  for (const stream of [child.stdout, child.stderr]) {
    stream?.resume();
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
  child.on('error', () => undefined); // e.g. a late EPIPE; stop() and the exit hook still apply
  child.unref();

  return { rpcUrl: `http://${address}`, pid: child.pid ?? -1, stop };
}
