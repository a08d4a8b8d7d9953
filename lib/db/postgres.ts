import postgres from 'postgres';
import type { Db, Queryable, Row } from './types';

type Sql = postgres.Sql | postgres.TransactionSql;

/** Thrown instead of queueing when every connection is busy and the wait queue is full: the caller answers 503. */
export class DatabaseBusyError extends Error {
  /** Checked by code, not instanceof: Next bundles its own copy of this module next to server.ts's. */
  readonly code = DATABASE_BUSY;
  constructor() {
    super('database busy: every connection is in use and the wait queue is full');
  }
}

export const DATABASE_BUSY = 'database_busy';
/** PostgreSQL's SQLSTATE for a statement cancelled (by our statement timeout). */
const QUERY_CANCELED = '57014';

/** True for the failures that mean "overloaded, try again" rather than a bug: a full queue, a cancelled statement. */
export function isOverloadError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === DATABASE_BUSY || code === QUERY_CANCELED;
}

/**
 * Failures that mean "the database is away for a moment" (a server restart, a failover, a connection cut): SQLSTATE
 * class 08 (connection exception) and 57P01-57P03 (admin, crash shutdown; cannot connect now), postgres.js's own
 * connection codes, and the socket errors of a server that does not answer. Not a bug: the caller answers 503.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

export function isUnavailableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

export interface PoolLimits {
  /** Connections opened at most. */
  max: number;
  /** Statements allowed to wait for a connection beyond those running. */
  queueMax: number;
  /** Statements outside a transaction are cancelled after this long; 0 never. */
  statementTimeoutMs: number;
}

const DEFAULT_LIMITS: PoolLimits = { max: 10, queueMax: 200, statementTimeoutMs: 30_000 };

/**
 * Counts the statements and transactions outstanding on the pool, refusing new ones once `max + queueMax` are.
 * postgres.js would otherwise queue without bound, and a flood would turn into memory growth and timeouts for all.
 */
class Admission {
  private outstanding = 0;
  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.outstanding >= this.limit) throw new DatabaseBusyError();
    this.outstanding++;
    try {
      return await work();
    } finally {
      this.outstanding--;
    }
  }
}

function wrap(sql: Sql, statementTimeoutMs: number): Queryable {
  return {
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const pending = sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      // A cancel request rather than a statement_timeout setting: a startup parameter is refused by transaction-mode
      // poolers (PgBouncer, Supabase's 6543), and a session SET would leak to other clients of the pooled connection.
      const timer = statementTimeoutMs > 0 ? setTimeout(() => void pending.cancel(), statementTimeoutMs) : undefined;
      try {
        return (await pending) as unknown as T[];
      } finally {
        clearTimeout(timer);
      }
    },
    async exec(text: string) {
      // No parameters: postgres.js uses the simple protocol, which accepts several statements.
      await sql.unsafe(text);
    },
  };
}

/** Connects to any PostgreSQL server (Supabase included) by connection string. */
export function openPostgres(url: string, limits: Partial<PoolLimits> = {}): Db {
  const { max, queueMax, statementTimeoutMs } = { ...DEFAULT_LIMITS, ...limits };
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    // PGlite returns int8 as a number; do the same here so both drivers give the app identical rows.
    types: { int8: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) } },
  });
  const admission = new Admission(max + queueMax);
  const outside = wrap(sql, statementTimeoutMs);
  return {
    kind: 'postgres',
    query: (text, params) => admission.run(() => outside.query(text, params)),
    exec: (text) => admission.run(() => outside.exec(text)),
    // Statements inside a transaction are not cut: bulk work (migrations, indexing) runs in transactions.
    transaction: (fn) => admission.run(() => sql.begin((tx) => fn(wrap(tx, 0))) as ReturnType<typeof fn>),
    close: () => sql.end({ timeout: 5 }),
  };
}
