import type { Queryable } from '@/lib/db/types';

/**
 * Everything this process keeps between calls, in one place: the slots below, each owned by one module, which alone
 * reads and writes it. The state lives on globalThis under one key: Next bundles the route handlers apart from the
 * custom server (server.ts), each bundle with its own copy of every module, and all of them must find the same state.
 *
 * What belongs to a database is kept per database: each application context opens its own, so a second context (a
 * test, an admin command) neither sees nor stops another's postings, indexing run or outbox mover, and the context
 * that closes its database drops what was kept for it (forgetDatabase).
 */
interface ProcessSlots {
  /** lib/app/process-context.ts: this process's application context, once it is being built. */
  appContext: unknown;
}

interface DatabaseSlots {
  /** lib/search/postings/live-postings.ts: the postings in memory and how searches use them. */
  searchPostings: unknown;
  /** lib/search/index/runs.ts: the background indexing run in flight. */
  indexingRun: unknown;
  /** lib/search/index/status.ts: the count of posts waiting for indexing, shared by concurrent searches. */
  pendingCount: unknown;
  /** lib/payments/settlements/outbox.ts: the timer moving this host's filed outbox lines into the database. */
  filedMover: unknown;
}

interface DatabaseState {
  slots: Partial<Record<keyof DatabaseSlots, unknown>>;
  /** What stops the timers and runs kept for this database, when it is forgotten. */
  stops: Set<() => void>;
}

interface Holder {
  slots: Partial<Record<keyof ProcessSlots, unknown>>;
  databases: WeakMap<Queryable, DatabaseState>;
}

const global = globalThis as typeof globalThis & { __finpubProcess?: Holder };

function holder(): Holder {
  global.__finpubProcess ??= { slots: {}, databases: new WeakMap() };
  return global.__finpubProcess;
}

/** A process-wide slot, typed by its owner. */
export function processSlot<T>(name: keyof ProcessSlots) {
  const { slots } = holder();
  return {
    get: () => slots[name] as T | undefined,
    set: (value: T | undefined) => {
      slots[name] = value;
    },
  };
}

function databaseState(db: Queryable): DatabaseState {
  const { databases } = holder();
  let state = databases.get(db);
  if (!state) {
    state = { slots: {}, stops: new Set() };
    databases.set(db, state);
  }
  return state;
}

/** A slot of one database's state, typed by its owner. */
export function databaseSlot<T>(db: Queryable, name: keyof DatabaseSlots) {
  const state = databaseState(db);
  return {
    get: () => state.slots[name] as T | undefined,
    set: (value: T | undefined) => {
      state.slots[name] = value;
    },
    /** Runs `stop` when the database is forgotten; returns what cancels that (for a timer stopped earlier). */
    onForget: (stop: () => void) => {
      state.stops.add(stop);
      return () => state.stops.delete(stop);
    },
  };
}

/** Stops what was kept running for a database and drops its state: its context is closing it. */
export function forgetDatabase(db: Queryable): void {
  const state = holder().databases.get(db);
  if (!state) return;
  holder().databases.delete(db);
  for (const stop of state.stops) stop();
}
