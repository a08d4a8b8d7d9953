/** The one database interface the app codes against; PGlite and PostgreSQL both implement it. */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One parameterised statement ($1, $2 ...); returns its rows. */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
