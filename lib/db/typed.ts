import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type Selectable,
} from 'kysely';
import type { DB } from './schema';
import type { Queryable, Row } from './types';

/** A row of table as a select of its columns returns it; Pick the columns a query reads. */
export type TableRow<T extends keyof DB> = Selectable<DB[T]>;

/**
 * Kysely's connection over our Queryable. PGlite and postgres.js both implement Queryable, so one dialect serves
 * both, and a transaction handle from `db.transaction` is just another Queryable.
 */
class QueryableConnection implements DatabaseConnection {
  constructor(private readonly q: Queryable) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.q.query<Row>(compiled.sql, compiled.parameters)) as R[] };
  }

  // biome-ignore lint/correctness/useYield: streaming is refused outright, before any row.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('typed(): streaming is not supported; page with limit/offset');
  }
}

const NO_TRANSACTIONS = 'typed(): open transactions with db.transaction and pass its handle to typed()';

class QueryableDriver implements Driver {
  private readonly connection: QueryableConnection;
  constructor(q: Queryable) {
    this.connection = new QueryableConnection(q);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  // Transactions stay with the Db (one PGlite connection, a postgres.js pool with its own admission control).
  async beginTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async releaseConnection() {}
  async destroy() {}
}

const instances = new WeakMap<Queryable, Kysely<DB>>();

/**
 * A query builder over q (a Db or a transaction handle) that knows every table's columns from lib/db/schema.ts:
 * a query naming a column that does not exist does not compile.
 */
export function typed(q: Queryable): Kysely<DB> {
  let kysely = instances.get(q);
  if (!kysely) {
    kysely = new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new QueryableDriver(q),
        createQueryCompiler: () => new PostgresQueryCompiler(),
        createIntrospector: (db) => new PostgresIntrospector(db),
      },
    });
    instances.set(q, kysely);
  }
  return kysely;
}
