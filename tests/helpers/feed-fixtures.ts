import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A hand-written fixture from tests/fixtures/feeds, as text. */
export function feedFixture(name: string): string {
  return readFileSync(path.resolve(import.meta.dirname, '../fixtures/feeds', name), 'utf8');
}

/** The error of the given class that `run` throws; fails the test when it throws nothing or something else. */
export function thrown<E extends Error>(type: new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected ${type.name} to be thrown`);
}
