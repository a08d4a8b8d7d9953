import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Everything that changes the built app. A hash of it, stored next to the build, says whether the build is current.
const INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'next.config.js',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];
const HASH_FILE = path.join('.next', 'source-hash');

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** How often a build in progress says it is still running. */
const PROGRESS_EVERY_MS = 15_000;

/**
 * Runs `next build` when there is no build or the sources changed since the last one. A build takes minutes on a
 * small machine and `next build` is silent for most of them, so it says so up front, prints the elapsed time every
 * 15 s while it runs (its own output passes through), and how long it took.
 */
export async function buildIfNeeded(): Promise<void> {
  const current = sourceHash();
  const built = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8') : null;
  if (built === current && existsSync(path.join('.next', 'BUILD_ID'))) return;
  console.log(
    existsSync(path.join('.next', 'BUILD_ID'))
      ? 'rebuilding the app for the changed sources (next build): a few minutes on a small machine...'
      : 'building the app (next build): the first build takes a few minutes on a small machine...',
  );
  const started = performance.now();
  await runWithProgress(path.join('node_modules', '.bin', 'next'), ['build'], started);
  writeFileSync(HASH_FILE, current);
  console.log(`built the app in ${elapsed(started)}`);
}

function runWithProgress(command: string, args: string[], started: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    // On a terminal Next redraws a spinner line; clear it first so the two do not run into each other.
    const lineStart = process.stdout.isTTY ? '\r\x1b[K' : '';
    const progress = setInterval(() => {
      console.log(`${lineStart}still building (next build): ${elapsed(started)} so far`);
    }, PROGRESS_EVERY_MS);
    child.on('error', (error) => {
      clearInterval(progress);
      reject(new Error(`next build could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearInterval(progress);
      if (code === 0) resolve();
      else reject(new Error(`next build failed after ${elapsed(started)} (${signal ?? `exit code ${code}`})`));
    });
  });
}

function elapsed(since: number): string {
  const seconds = Math.round((performance.now() - since) / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
