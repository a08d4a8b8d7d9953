import type { z } from 'zod';
import type { Watch } from '@/lib/api/contracts/watches';
import type { Queryable } from '@/lib/db/types';

export type WatchView = z.infer<typeof Watch>;

export interface WatchRow {
  [key: string]: unknown;
  id: string;
  kind: WatchView['kind'];
  ticker: string | null;
  events: string[];
  query: string | null;
  min_confidence: WatchView['minConfidence'];
  publication_slug: string | null;
  webhook_url: string | null;
  failing_since: Date | null;
  base_url: string;
  created_at: Date;
  event_count: number;
  last_event_at: Date | null;
}

/** The watches of an account (all, or one by id) with their event counts, newest first. */
export async function selectWatches(db: Queryable, userId: string, id?: string): Promise<WatchRow[]> {
  return db.query<WatchRow>(
    `select w.id, w.kind, w.ticker, w.events, w.query, w.min_confidence, p.slug as publication_slug, w.webhook_url,
            w.failing_since, w.base_url, w.created_at,
            (select count(*)::int from watch_events e where e.watch_id = w.id) as event_count,
            (select max(e.created_at) from watch_events e where e.watch_id = w.id) as last_event_at
       from watches w left join publications p on p.id = w.publication_id
      where w.user_id = $1 and ($2::uuid is null or w.id = $2::uuid)
      order by w.created_at desc, w.id`,
    [userId, id ?? null],
  );
}

/** A watch's two feeds, without their token (added as `&token=`). */
export function feedUrls(baseUrl: string, id: string) {
  const base = `${baseUrl}/api/v1/watches/${id}/feed`;
  return { json: `${base}?format=json`, atom: `${base}?format=atom` };
}

export function toWatchView(row: WatchRow): WatchView {
  return {
    id: row.id,
    kind: row.kind,
    ticker: row.ticker,
    events: row.kind === 'ticker' ? (row.events as NonNullable<WatchView['events']>) : null,
    query: row.query,
    minConfidence: row.min_confidence,
    publicationSlug: row.publication_slug,
    webhookUrl: row.webhook_url,
    webhookStatus: row.webhook_url === null ? 'none' : row.failing_since ? 'failing' : 'ok',
    feedUrls: feedUrls(row.base_url, row.id),
    createdAt: row.created_at.toISOString(),
    eventCount: row.event_count,
    lastEventAt: row.last_event_at?.toISOString() ?? null,
  };
}
