import type { Queryable } from '@/lib/db/types';
import { type IndexedPostRow, PostingsIndex } from './postings-index';

/**
 * The postings of each open database, loaded once per process and kept in step with the posts through the
 * search_changes log (migration 20261130100000): before a query, the changes after the last applied are read and
 * their posts read again. Until a process has loaded the postings, or while it catches up with a large batch of
 * changes, `livePostings` answers null and search takes the SQL path (lib/search/lexical), which needs nothing in
 * memory: the answer is the same, only slower.
 */

// A corpus up to this many indexed posts is loaded when first searched, before the search answers (well under a
// second); a larger one loads in the background while the SQL path answers.
const WAIT_BELOW = 20_000;
// More pending changes than this are applied in the background, the SQL path answering meanwhile.
const INLINE_CHANGES = 2_000;
// Posts read per statement while loading or catching up.
const PAGE = 2_000;
// A process that has not read the log for this long loads again: the indexer prunes the log after a day
// (PRUNE_CHANGES_SQL), and this leaves a wide margin.
const STALE_AFTER_MS = 60 * 60 * 1000;

export const PRUNE_CHANGES_SQL = `delete from search_changes where changed_at < now() - interval '1 day'`;

const POST_COLUMNS = `id, publication_id, (extract(epoch from published_at) * 1000000)::float8 as published_us,
                      search_vector::text as vector`;

interface Live {
  index: PostingsIndex;
  /** Changes by transactions from this id on may still be unread (the snapshot xmin of the last read). */
  horizon: bigint;
  /** Changes read since the horizon, by sequence number, with their transaction. */
  applied: Map<number, bigint>;
  lastReadMs: number;
  /** A load or a catch-up under way: the SQL path answers meanwhile. */
  busy: Promise<void> | null;
  /** The chain of change reads: each query's read starts after the one before it ended. */
  reading: Promise<unknown>;
}

// On globalThis, as the process's context is (lib/app/process-context.ts): server.ts starts the load, and the route
// handlers, bundled apart with their own copy of this module, must find it rather than load a second copy.
const holder = globalThis as typeof globalThis & {
  __searchPostings?: {
    states: WeakMap<Queryable, Promise<Live | null>>;
    disabled: WeakSet<Queryable>;
    /** The databases whose last search used the postings, for readiness (a promise cannot be inspected). */
    serving: WeakSet<Queryable>;
  };
};
holder.__searchPostings ??= { states: new WeakMap(), disabled: new WeakSet(), serving: new WeakSet() };
const { states, disabled, serving } = holder.__searchPostings;

/** Whether this database is searched through its postings in memory when loaded (the default) or through SQL alone. */
export function searchWithPostings(db: Queryable, enabled: boolean): void {
  if (enabled) disabled.delete(db);
  else disabled.add(db);
}

/** The database's postings, up to date with every change committed before this call; null when not (yet) loaded. */
export async function livePostings(db: Queryable): Promise<PostingsIndex | null> {
  const postings = await currentPostings(db);
  if (postings) serving.add(db);
  else serving.delete(db);
  return postings;
}

async function currentPostings(db: Queryable): Promise<PostingsIndex | null> {
  if (disabled.has(db)) return null;
  let state = states.get(db);
  if (!state) {
    // A load that fails (a lost connection) is forgotten, so that the next search loads again: kept, its rejection
    // would fail every search of the process.
    const starting: Promise<Live | null> = start(db).catch((error: unknown) => {
      console.warn(`[search] loading the postings failed, searching through SQL: ${(error as Error).message}`);
      if (states.get(db) === starting) states.delete(db);
      return null;
    });
    state = starting;
    states.set(db, state);
  }
  const live = await state;
  if (!live) return null;
  if (live.busy) return null;
  if (Date.now() - live.lastReadMs > STALE_AFTER_MS) {
    states.delete(db);
    return currentPostings(db);
  }
  const caughtUp = live.reading.then(() => readChanges(db, live));
  live.reading = caughtUp.catch(() => {});
  return (await caughtUp) ? live.index : null;
}

/**
 * Loads the database's postings (or waits for the load under way) and brings them up to date; false when they are
 * off. A service is warm once this resolves; a benchmark waits for it before measuring.
 */
export async function postingsLoaded(db: Queryable): Promise<boolean> {
  for (;;) {
    if (disabled.has(db)) return false;
    if (!states.has(db)) await livePostings(db);
    const live = await states.get(db);
    if (!live) return false;
    if (live.busy) await live.busy;
    else if (await livePostings(db)) return true;
  }
}

/** Bytes of the arrays holding a database's postings, when loaded. */
export async function postingsBytes(db: Queryable): Promise<number | null> {
  const live = await states.get(db);
  return live && !live.busy ? live.index.arrayBytes() : null;
}

/** Starts loading the postings: awaited for a small corpus, in the background for a large one. */
async function start(db: Queryable): Promise<Live | null> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from posts where search_vector is not null');
  const live: Live = {
    index: new PostingsIndex(),
    horizon: 0n,
    applied: new Map(),
    lastReadMs: Date.now(),
    busy: null,
    reading: Promise.resolve(),
  };
  const loading = load(db, live);
  if ((row?.n ?? 0) < WAIT_BELOW) {
    await loading;
    serving.add(db);
    return live;
  }
  live.busy = loading.then(
    () => {
      live.busy = null;
      serving.add(db);
    },
    (error: unknown) => {
      console.warn(`[search] loading the postings failed, searching through SQL: ${(error as Error).message}`);
      states.delete(db);
    },
  );
  return live;
}

async function load(db: Queryable, live: Live): Promise<void> {
  // The horizon first: a change committed after it is read again at the first query, whatever page it fell on.
  live.horizon = await snapshotHorizon(db);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db.query<IndexedPostRow & { [key: string]: unknown }>(
      `select ${POST_COLUMNS} from posts where search_vector is not null and id > $1::uuid order by id limit ${PAGE}`,
      [after],
    );
    if (rows.length === 0) break;
    live.index.addBulk(rows);
    after = rows[rows.length - 1]!.id;
    // Other work (requests on PGlite's one connection) goes between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  live.index.rebuild();
  live.lastReadMs = Date.now();
}

/** For /readyz: whether searches use the postings (`loaded`), still use SQL while they load, or never will. */
export function postingsStatus(db: Queryable): 'loaded' | 'loading' | 'off' {
  if (disabled.has(db)) return 'off';
  return serving.has(db) ? 'loaded' : 'loading';
}

async function snapshotHorizon(db: Queryable): Promise<bigint> {
  const [row] = await db.query<{ horizon: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as horizon');
  return BigInt(row!.horizon);
}

/**
 * Reads the changes not applied yet and applies them; false when there are too many to apply before answering (they
 * are then applied in the background).
 */
async function readChanges(db: Queryable, live: Live): Promise<boolean> {
  // A read queued behind the one that started a catch-up: reading the same changes again would start a second
  // catch-up beside the first, whose end would then say the postings are current while the second still applies.
  if (live.busy) return false;
  const [row] = await db.query<{
    horizon: string;
    seqs: number[] | null;
    posts: string[] | null;
    xids: string[] | null;
  }>(
    `select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
            array_agg(seq order by seq) as seqs, array_agg(post_id order by seq) as posts,
            array_agg(xid::text order by seq) as xids
       from search_changes where xid >= $1::text::xid8`,
    [live.horizon.toString()],
  );
  live.lastReadMs = Date.now();
  const horizon = BigInt(row!.horizon);
  const pending = new Set<string>();
  const seen: Array<[number, bigint]> = [];
  for (const [i, seq] of (row!.seqs ?? []).entries()) {
    seen.push([seq, BigInt(row!.xids![i]!)]);
    if (!live.applied.has(seq)) pending.add(row!.posts![i]!);
  }
  const finish = () => {
    for (const [seq, xid] of seen) live.applied.set(seq, xid);
    // A change from before the new horizon is never read again.
    for (const [seq, xid] of live.applied) if (xid < horizon) live.applied.delete(seq);
    live.horizon = horizon;
  };
  if (pending.size <= INLINE_CHANGES) {
    await applyChanges(db, live.index, [...pending]);
    finish();
    return true;
  }
  live.busy = applyChanges(db, live.index, [...pending]).then(
    () => {
      finish();
      live.busy = null;
    },
    (error: unknown) => {
      console.warn(`[search] applying search changes failed, loading the postings again: ${(error as Error).message}`);
      states.delete(db);
    },
  );
  return false;
}

/** Reads the changed posts as they are now: one with a vector replaces its postings, one without is removed. */
async function applyChanges(db: Queryable, index: PostingsIndex, postIds: string[]): Promise<void> {
  for (let i = 0; i < postIds.length; i += PAGE) {
    const ids = postIds.slice(i, i + PAGE);
    const rows = await db.query<IndexedPostRow & { [key: string]: unknown }>(
      `select ${POST_COLUMNS} from posts where id = any($1::uuid[]) and search_vector is not null`,
      [ids],
    );
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) index.remove(id);
    index.upsert(rows);
  }
}
