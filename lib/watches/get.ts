import type { z } from 'zod';
import type { WatchDetail, WatchEventSummary } from '@/lib/api/contracts/watches';
import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import { RECENT_EVENTS } from './limits';
import { selectWatches, toWatchView } from './watch-view';

type EventSummary = z.infer<typeof WatchEventSummary>;

interface EventRow {
  [key: string]: unknown;
  id: string;
  type: EventSummary['type'];
  created_at: Date;
  publication_slug: string;
  post_slug: string;
  title: string;
  delivery_status: EventSummary['deliveryStatus'];
  attempts: number;
  last_response_code: number | null;
  next_attempt_at: Date | null;
}

/** One of an account's watches with its newest events and how their delivery stands; another account's is unknown. */
export async function getWatch(db: Queryable, userId: string, id: string): Promise<z.infer<typeof WatchDetail>> {
  const [row] = await selectWatches(db, userId, id);
  if (!row) throw new ApiError({ code: 'not_found', message: 'No such watch on this account.' });
  const events = await db.query<EventRow>(
    `select e.id, e.type, e.created_at, pub.slug as publication_slug, p.slug as post_slug, p.title, e.delivery_status,
            e.attempts, e.last_response_code, e.next_attempt_at
       from watch_events e
       join posts p on p.id = e.post_id
       join publications pub on pub.id = p.publication_id
      where e.watch_id = $1
      order by e.created_at desc, e.id
      limit $2`,
    [id, RECENT_EVENTS],
  );
  return {
    ...toWatchView(row),
    recentEvents: events.map((e) => ({
      id: e.id,
      type: e.type,
      createdAt: e.created_at.toISOString(),
      publicationSlug: e.publication_slug,
      postSlug: e.post_slug,
      title: e.title,
      deliveryStatus: e.delivery_status,
      attempts: e.attempts,
      lastResponseCode: e.last_response_code,
      nextAttemptAt: e.next_attempt_at?.toISOString() ?? null,
    })),
  };
}
