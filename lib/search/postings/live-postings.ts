import type { Queryable } from '@/lib/db/types';
import type { RawStore } from '@/lib/storage/raw-store';
import { type IndexedPostRow, PostingsIndex } from './postings-index';
import { readSnapshot, writeSnapshot } from './snapshot';

/**
 * The postings of each open database, loaded once per process and kept in step with the posts through the
 * search_changes log (migration 20261130100000): before a query, the changes after the last applied are read and
 * their posts read again. Until a process has loaded the postings `livePostings` answers null, and search scores
 * every match in SQL instead (lib/search/lexical/rank.ts), within a budget. A large batch of changes is applied in the
 * background while searches keep answering from the postings as they are (the posts still being applied are counted
 * as pending: `postingsCatchingUp`).
 */

// A corpus up to this many indexed posts is loaded when first searched, before the search answers (well under a
// second); a larger one loads in the background while the SQL path answers.
const WAIT_BELOW = 20_000;
// More pending changes than this are applied in the background, the postings answering as they are meanwhile.
const INLINE_CHANGES = 2_000;
// Posts read per statement while loading or catching up.
const PAGE = 2_000;
// The change log keeps a day (the indexer prunes it, PRUNE_CHANGES_SQL). A process that has not read it for longer
// than the log's span less a margin (for the clocks of the app and the database) may have missed pruned changes: it
// loads again. Any shorter gap the log still covers, and is read as usual.
const CHANGE_LOG_HOURS = 24;
const STALE_AFTER_MS = (CHANGE_LOG_HOURS - 4) * 60 * 60 * 1000;

export const PRUNE_CHANGES_SQL = `delete from search_changes where changed_at < now() - interval '${CHANGE_LOG_HOURS} hours'`;

const POST_COLUMNS = `id, publication_id, (extract(epoch from published_at) * 1000000)::float8 as published_us,
                      search_vector::text as vector`;

interface Live {
  index: PostingsIndex;
  /** Changes by transactions from this id on may still be unread (the snapshot xmin of the last read). */
  horizon: bigint;
  /** Changes read since the horizon, by sequence number, with their transaction. */
  applied: Map<number, bigint>;
  lastReadMs: number;
  /** The load under way: the SQL fallback answers meanwhile. */
  loading: Promise<void> | null;
  /** A large batch of changes applied in the background (how many posts are left: postingsCatchingUp). */
  catchingUp: Promise<void> | null;
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
    /** Posts left in each database's catch-up, read without awaiting its state. */
    catchingUp: WeakMap<Queryable, number>;
    /** Where each database's postings snapshot is kept (keepPostingsSnapshotsIn). */
    snapshots: WeakMap<Queryable, RawStore>;
  };
};
holder.__searchPostings ??= {
  states: new WeakMap(),
  disabled: new WeakSet(),
  serving: new WeakSet(),
  catchingUp: new WeakMap(),
  snapshots: new WeakMap(),
};
const { states, disabled, serving, catchingUp: catchingUpPosts, snapshots } = holder.__searchPostings;

/**
 * Keeps this database's postings snapshot in `store`: a process starts from it (then reads the change log from its
 * horizon) instead of reading every post, and writePostingsSnapshot writes it.
 */
export function keepPostingsSnapshotsIn(db: Queryable, store: RawStore): void {
  snapshots.set(db, store);
}

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
  if (!live || live.loading) return null;
  if (Date.now() - live.lastReadMs > STALE_AFTER_MS) {
    states.delete(db);
    return currentPostings(db);
  }
  // While a catch-up applies its batch, the postings answer as they are; the next read follows when it ends.
  if (live.catchingUp) return live.index;
  const read = live.reading.then(() => readChanges(db, live));
  live.reading = read.catch(() => {});
  await read;
  return states.get(db) === state ? live.index : null;
}

/**
 * Brings this process's postings up to date now, when they are loaded (a run of indexing has just ended): a large
 * batch of changes starts applying in the background, counted as pending, instead of waiting for the next search.
 */
export async function followChanges(db: Queryable): Promise<void> {
  if (states.has(db)) await livePostings(db);
}

/** Posts of a large batch of changes the postings are still applying (0 when none): counted as pending. */
export function postingsCatchingUp(db: Queryable): number {
  return catchingUpPosts.get(db) ?? 0;
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
    if (live.loading) await live.loading;
    else if (live.catchingUp) await live.catchingUp;
    else if ((await livePostings(db)) && !live.catchingUp) return true;
  }
}

/** Bytes of the arrays holding a database's postings, when loaded. */
export async function postingsBytes(db: Queryable): Promise<number | null> {
  const live = await states.get(db);
  return live && !live.loading ? live.index.arrayBytes() : null;
}

/**
 * Starts the postings: from the snapshot when there is a usable one, else by loading every post, awaited for a small
 * corpus and in the background for a large one.
 */
async function start(db: Queryable): Promise<Live | null> {
  const fromSnapshot = await startFromSnapshot(db);
  if (fromSnapshot) return fromSnapshot;
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from posts where search_vector is not null');
  const live: Live = {
    index: new PostingsIndex(),
    horizon: 0n,
    applied: new Map(),
    lastReadMs: Date.now(),
    loading: null,
    catchingUp: null,
    reading: Promise.resolve(),
  };
  const loading = load(db, live);
  if ((row?.n ?? 0) < WAIT_BELOW) {
    await loading;
    serving.add(db);
    return live;
  }
  live.loading = loading.then(
    () => {
      live.loading = null;
      serving.add(db);
    },
    (error: unknown) => {
      console.warn(`[search] loading the postings failed, searching through SQL: ${(error as Error).message}`);
      states.delete(db);
    },
  );
  return live;
}

/**
 * The postings as the snapshot holds them, with its horizon: the first search reads the changes since (in the
 * background when they are many, answering from the snapshot meanwhile). None when there is no snapshot, or it is
 * unusable: of another database or analysis, damaged, or older than the change log covers.
 */
async function startFromSnapshot(db: Queryable): Promise<Live | null> {
  const store = snapshots.get(db);
  if (!store) return null;
  try {
    const snapshot = await readSnapshot(store);
    if (!snapshot) return null;
    const why =
      snapshot.database !== (await databaseIdentity(db))
        ? 'it was taken from another database'
        : Date.now() - snapshot.takenAt.getTime() > STALE_AFTER_MS
          ? `it is older (${snapshot.takenAt.toISOString()}) than the change log covers`
          : null;
    if (why) {
      console.warn(`[search] postings snapshot not used: ${why}; loading the posts`);
      return null;
    }
    serving.add(db);
    return {
      index: PostingsIndex.fromState(snapshot.state),
      horizon: snapshot.horizon,
      applied: new Map(snapshot.applied),
      lastReadMs: Date.now(),
      loading: null,
      catchingUp: null,
      reading: Promise.resolve(),
    };
  } catch (error) {
    console.warn(`[search] postings snapshot not used: ${(error as Error).message}; loading the posts`);
    return null;
  }
}

/**
 * Writes this process's postings, up to date, as the database's snapshot (keepPostingsSnapshotsIn); null when there is
 * no store for it or the postings are off. They are exported in one synchronous step with their horizon: a catch-up
 * under way leaves some changes both applied and after the horizon, which a reader applies again, to the same end.
 */
export async function writePostingsSnapshot(db: Queryable): Promise<{ posts: number; bytes: number } | null> {
  const store = snapshots.get(db);
  if (!store || !(await postingsLoaded(db))) return null;
  const live = await states.get(db);
  if (!live || live.loading) return null;
  const database = await databaseIdentity(db);
  const snapshot = {
    state: live.index.exportState(),
    horizon: live.horizon,
    applied: [...live.applied],
    takenAt: new Date(),
    database,
  };
  return { posts: live.index.size, bytes: await writeSnapshot(store, snapshot) };
}

/** The database's identity: its cluster's system identifier and its name (the name alone where that is refused). */
async function databaseIdentity(db: Queryable): Promise<string> {
  const [row] = await db
    .query<{ id: string }>(`select system_identifier::text || '/' || current_database() as id from pg_control_system()`)
    .catch(() => db.query<{ id: string }>('select current_database() as id'));
  return row!.id;
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
 * Reads the changes not applied yet and applies them: before answering when they are few, in the background (a
 * catch-up) when there are too many.
 */
async function readChanges(db: Queryable, live: Live): Promise<void> {
  // A read queued behind the one that started a catch-up: reading the same changes again would start a second
  // catch-up beside the first, whose end would then say the postings are current while the second still applies.
  if (live.catchingUp) return;
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
    return;
  }
  catchingUpPosts.set(db, pending.size);
  live.catchingUp = applyChanges(db, live.index, [...pending], (left) => catchingUpPosts.set(db, left))
    .then(
      () => finish(),
      (error: unknown) => {
        console.warn(
          `[search] applying search changes failed, loading the postings again: ${(error as Error).message}`,
        );
        states.delete(db);
      },
    )
    .finally(() => {
      live.catchingUp = null;
      catchingUpPosts.delete(db);
    });
}

/**
 * Reads the changed posts as they are now: one with a vector replaces its postings, one without is removed. Each page
 * is applied at once (no search sees half of one); `left` is told how many posts remain after it.
 */
async function applyChanges(
  db: Queryable,
  index: PostingsIndex,
  postIds: string[],
  left: (posts: number) => void = () => {},
): Promise<void> {
  for (let i = 0; i < postIds.length; i += PAGE) {
    const ids = postIds.slice(i, i + PAGE);
    const rows = await db.query<IndexedPostRow & { [key: string]: unknown }>(
      `select ${POST_COLUMNS} from posts where id = any($1::uuid[]) and search_vector is not null`,
      [ids],
    );
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) index.remove(id);
    index.upsert(rows);
    left(Math.max(0, postIds.length - i - PAGE));
  }
}
