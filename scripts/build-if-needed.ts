import { spawnSync } from 'node:child_process';
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

/** Runs `next build` when there is no build or the sources changed since the last one. */
export function buildIfNeeded(): void {
  const current = sourceHash();
  const built = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8') : null;
  if (built === current && existsSync(path.join('.next', 'BUILD_ID'))) return;
  console.log('building the app (next build)...');
  const result = spawnSync(path.join('node_modules', '.bin', 'next'), ['build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('next build failed');
  writeFileSync(HASH_FILE, current);
}
