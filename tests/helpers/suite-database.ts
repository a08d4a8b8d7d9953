import { afterAll, beforeAll } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import type { Db, Queryable, Row } from '@/lib/db/types';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A fresh, migrated database for the suite (or the describe block) that calls this: created and migrated before its
 * own beforeAll hooks run, closed and dropped after its own afterAll hooks (vitest runs hooks as a stack). The Db it
 * returns forwards to that database, so it can be held in a const and used from the first hook on.
 */
export function suiteDatabase(): Db {
  let database: TestDatabase | undefined;
  let opened: Db | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await database.open();
    await migrate(opened);
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });
  const db = () => {
    if (!opened) throw new Error('The test database opens in beforeAll: use it from a hook or a test');
    return opened;
  };
  return {
    get kind() {
      return db().kind;
    },
    query: <T extends Row>(text: string, params?: readonly unknown[]) => db().query<T>(text, params),
    exec: (text) => db().exec(text),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db().transaction(fn),
    close: () => db().close(),
  };
}
