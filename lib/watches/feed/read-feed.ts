import { hashSecretToken } from '@/lib/accounts/secret-token';
import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import type { EventPayload } from '@/lib/watches/event-payload';

export const FEED_ENTRIES = 50;

export interface WatchFeed {
  watchId: string;
  kind: string;
  subject: string;
  baseUrl: string;
  events: Array<{ id: string; createdAt: Date; payload: EventPayload }>;
}

/**
 * A watch's newest events, for its feeds. The feed token is the only credential (a feed reader cannot send an API
 * key): it is compared by its hash, and a wrong token answers exactly as an unknown watch does.
 */
export async function readWatchFeed(db: Queryable, watchId: string, token: string): Promise<WatchFeed> {
  const [watch] = await db.query<{ id: string; kind: string; subject: string; base_url: string }>(
    `select w.id, w.kind, coalesce(w.ticker, w.query, p.slug, '') as subject, w.base_url
       from watches w left join publications p on p.id = w.publication_id
      where w.id = $1 and w.feed_token_hash = $2`,
    [watchId, hashSecretToken(token)],
  );
  if (!watch) throw new ApiError({ code: 'not_found', message: 'No such watch, or the feed token does not open it.' });
  const events = await db.query<{ id: string; created_at: Date; payload: EventPayload }>(
    `select id, created_at, payload from watch_events where watch_id = $1 order by created_at desc, id limit $2`,
    [watchId, FEED_ENTRIES],
  );
  return {
    watchId: watch.id,
    kind: watch.kind,
    subject: watch.subject,
    baseUrl: watch.base_url,
    events: events.map((e) => ({ id: e.id, createdAt: e.created_at, payload: e.payload })),
  };
}
