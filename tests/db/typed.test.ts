import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

describe(`typed() on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await database.open();
    await migrate(db);
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('inserts and selects through the Db, with the types the drivers return', async () => {
    const [inserted] = await typed(db)
      .insertInto('users')
      .values({ email: 'typed@example.com' })
      .returning(['id', 'created_at'])
      .execute();
    const row = await typed(db)
      .selectFrom('users')
      .select(['email', 'created_at', 'name'])
      .where('id', '=', inserted!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'typed@example.com', created_at: inserted!.created_at, name: null });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('runs inside db.transaction on its handle, and rolls back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await typed(tx).insertInto('users').values({ email: 'rolled-back@example.com' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const found = await typed(db).selectFrom('users').select('id').where('email', '=', 'rolled-back@example.com');
    expect(await found.execute()).toEqual([]);
    await expect(
      typed(db)
        .transaction()
        .execute(async () => {}),
    ).rejects.toThrow(/db\.transaction/);
  });

  it('refuses, at compile time, a column the table does not have', () => {
    // @ts-expect-error: posts has no column named colour.
    const query = typed(db).selectFrom('posts').select('colour');
    expect(query.compile().sql).toBe('select "colour" from "posts"');
  });
});
