import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * path.join for run-time data paths. The comment tells Next's bundler (Turbopack) not to treat these cwd-derived
 * paths as build inputs; without it, every fs call on them makes it trace the whole project into the server output.
 */
export function dataPath(...parts: string[]): string {
  return path.join(/*turbopackIgnore: true*/ ...parts);
}

/** A JSON file's content, or null when it is missing or unreadable. */
export async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}
