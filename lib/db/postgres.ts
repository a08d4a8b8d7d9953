import postgres from 'postgres';
import type { Db, Queryable, Row } from './types';

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql): Queryable {
  return {
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return rows as unknown as T[];
    },
    async exec(text: string) {
      // No parameters: postgres.js uses the simple protocol, which accepts several statements.
      await sql.unsafe(text);
    },
  };
}

/** Connects to any PostgreSQL server (Supabase included) by connection string. */
export function openPostgres(url: string, options: { max?: number } = {}): Db {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // PGlite returns int8 as a number; do the same here so both drivers give the app identical rows.
    types: { int8: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) } },
  });
  return {
    kind: 'postgres',
    ...wrap(sql),
    transaction: (fn) => sql.begin((tx) => fn(wrap(tx))) as ReturnType<typeof fn>,
    close: () => sql.end({ timeout: 5 }),
  };
}
