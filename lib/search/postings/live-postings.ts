import { databaseSlot } from '@/lib/app/process-state';
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
  /** The read queued at the end of the chain and not started yet, which every search arriving meanwhile shares. */
  queued: Promise<void> | null;
}

/** What this process holds of one database's postings, in its state (lib/app/process-state.ts). */
interface PostingsState {
  live?: Promise<Live | null>;
  /** Searched through SQL alone (searchWithPostings(db, false)). */
  disabled: boolean;
  /** The last search used the postings, for readiness (a promise cannot be inspected). */
  serving: boolean;
  /** Posts left in the catch-up, read without awaiting the state. */
  catchingUp: number;
  /** Where the postings snapshot is kept (keepPostingsSnapshotsIn). */
  snapshots?: RawStore;
}

function postingsOf(db: Queryable): PostingsState {
  const slot = databaseSlot<PostingsState>(db, 'searchPostings');
  let state = slot.get();
  if (!state) {
    state = { disabled: false, serving: false, catchingUp: 0 };
    slot.set(state);
  }
  return state;
}

/**
 * Keeps this database's postings snapshot in `store`: a process starts from it (then reads the change log from its
 * horizon) instead of reading every post, and writePostingsSnapshot writes it.
 */
export function keepPostingsSnapshotsIn(db: Queryable, store: RawStore): void {
  postingsOf(db).snapshots = store;
}

/** Whether this database is searched through its postings in memory when loaded (the default) or through SQL alone. */
export function searchWithPostings(db: Queryable, enabled: boolean): void {
  postingsOf(db).disabled = !enabled;
}

/** The database's postings, up to date with every change committed before this call; null when not (yet) loaded. */
export async function livePostings(db: Queryable): Promise<PostingsIndex | null> {
  const postings = await currentPostings(db);
  postingsOf(db).serving = postings !== null;
  return postings;
}

async function currentPostings(db: Queryable): Promise<PostingsIndex | null> {
  if (postingsOf(db).disabled) return null;
  let state = postingsOf(db).live;
  if (!state) {
    // A load that fails (a lost connection) is forgotten, so that the next search loads again: kept, its rejection
    // would fail every search of the process.
    const starting: Promise<Live | null> = start(db).catch((error: unknown) => {
      console.warn(`[search] loading the postings failed, searching through SQL: ${(error as Error).message}`);
      if (postingsOf(db).live === starting) postingsOf(db).live = undefined;
      return null;
    });
    state = starting;
    postingsOf(db).live = state;
  }
  const live = await state;
  if (!live || live.loading) return null;
  if (Date.now() - live.lastReadMs > STALE_AFTER_MS) {
    postingsOf(db).live = undefined;
    return currentPostings(db);
  }
  // While a catch-up applies its batch, the postings answer as they are; the next read follows when it ends.
  if (live.catchingUp) return live.index;
  // A read that has not started yet starts after this call, so it sees every change committed before it: searches
  // arriving while one is queued share it (ten at once read the change log about twice, not ten times in a row).
  let read = live.queued;
  if (!read) {
    const queued: Promise<void> = live.reading.then(() => {
      if (live.queued === queued) live.queued = null;
      return readChanges(db, live);
    });
    live.queued = read = queued;
    live.reading = queued.catch(() => {});
  }
  await read;
  return postingsOf(db).live === state ? live.index : null;
}

/**
 * Brings this process's postings up to date now, when they are loaded (a run of indexing has just ended): a large
 * batch of changes starts applying in the background, counted as pending, instead of waiting for the next search.
 */
export async function followChanges(db: Queryable): Promise<void> {
  if (postingsOf(db).live !== undefined) await livePostings(db);
}

/** Posts of a large batch of changes the postings are still applying (0 when none): counted as pending. */
export function postingsCatchingUp(db: Queryable): number {
  return postingsOf(db).catchingUp;
}

/**
 * Loads the database's postings (or waits for the load under way) and brings them up to date; false when they are
 * off. A service is warm once this resolves; a benchmark waits for it before measuring.
 */
export async function postingsLoaded(db: Queryable): Promise<boolean> {
  for (;;) {
    if (postingsOf(db).disabled) return false;
    if (postingsOf(db).live === undefined) await livePostings(db);
    const live = await postingsOf(db).live;
    if (!live) return false;
    if (live.loading) await live.loading;
    else if (live.catchingUp) await live.catchingUp;
    else if ((await livePostings(db)) && !live.catchingUp) return true;
  }
}

/** Bytes of the arrays holding a database's postings, when loaded. */
export async function postingsBytes(db: Queryable): Promise<number | null> {
  const live = await postingsOf(db).live;
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
    queued: null,
  };
  const loading = load(db, live);
  if ((row?.n ?? 0) < WAIT_BELOW) {
    await loading;
    postingsOf(db).serving = true;
    return live;
  }
  live.loading = loading.then(
    () => {
      live.loading = null;
      postingsOf(db).serving = true;
    },
    (error: unknown) => {
      console.warn(`[search] loading the postings failed, searching through SQL: ${(error as Error).message}`);
      postingsOf(db).live = undefined;
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
  const store = postingsOf(db).snapshots;
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
    postingsOf(db).serving = true;
    return {
      index: PostingsIndex.fromState(snapshot.state),
      horizon: snapshot.horizon,
      applied: new Map(snapshot.applied),
      lastReadMs: Date.now(),
      loading: null,
      catchingUp: null,
      reading: Promise.resolve(),
      queued: null,
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
  const store = postingsOf(db).snapshots;
  if (!store || !(await postingsLoaded(db))) return null;
  const live = await postingsOf(db).live;
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
  if (postingsOf(db).disabled) return 'off';
  return postingsOf(db).serving ? 'loaded' : 'loading';
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
  postingsOf(db).catchingUp = pending.size;
  live.catchingUp = applyChanges(db, live.index, [...pending], (left) => {
    postingsOf(db).catchingUp = left;
  })
    .then(
      () => finish(),
      (error: unknown) => {
        console.warn(
          `[search] applying search changes failed, loading the postings again: ${(error as Error).message}`,
        );
        postingsOf(db).live = undefined;
      },
    )
    .finally(() => {
      live.catchingUp = null;
      postingsOf(db).catchingUp = 0;
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
