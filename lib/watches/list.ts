import type { Queryable } from '@/lib/db/types';
import { selectWatches, toWatchView, type WatchView } from './watch-view';

/** An account's watches, newest first. */
export async function listWatches(db: Queryable, userId: string): Promise<WatchView[]> {
  return (await selectWatches(db, userId)).map(toWatchView);
}
