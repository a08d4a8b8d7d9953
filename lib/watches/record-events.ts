import type { Queryable } from '@/lib/db/types';
import type { EventPayload } from './event-payload';

export interface NewEvent {
  watchId: string;
  postId: string;
  /** 'post' for a post's match; 'call:<ticker>:<direction>:<action>' for each distinct call. */
  matchKey: string;
  payload: EventPayload;
}

/**
 * Writes events, each at most once per (watch, post, match key): a post matches a watch once, and an edited post
 * alerts again only for a call it did not make before. An event whose watch has a webhook is due for delivery now.
 * Returns the ids of the events written (not those already there).
 */
// Payloads travel as JSON text and are cast in SQL: postgres.js sends the elements of a jsonb[] parameter as JSON
// string scalars, so on PostgreSQL `payload ->> 'type'` was null (PGlite parsed them as objects).
export async function recordEvents(db: Queryable, events: readonly NewEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `insert into watch_events (watch_id, post_id, match_key, type, payload, delivery_status, next_attempt_at)
     select e.watch_id, e.post_id, e.match_key, e.payload::jsonb ->> 'type', e.payload::jsonb,
            case when w.webhook_url is null then 'none' else 'pending' end,
            case when w.webhook_url is null then null else now() end
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) as e(watch_id, post_id, match_key, payload)
       join watches w on w.id = e.watch_id
     on conflict (watch_id, post_id, match_key) do nothing
     returning id`,
    [
      events.map((e) => e.watchId),
      events.map((e) => e.postId),
      events.map((e) => e.matchKey),
      events.map((e) => JSON.stringify(e.payload)),
    ],
  );
  return rows.map((row) => row.id);
}
