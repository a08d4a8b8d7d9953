import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/**
 * Every publication with its sync state, for `publications list` (operators see errors; the public API does not), and
 * where its text comes from: its full_text setting (lib/ingest/article) and how many of its posts are still teasers.
 */
export async function listPublicationsForOperator(db: Queryable) {
  const rows = await db.query<
    Pick<
      TableRow<'publications'>,
      | 'slug'
      | 'title'
      | 'source_kind'
      | 'platform'
      | 'feed_url'
      | 'last_synced_at'
      | 'last_checked_at'
      | 'next_poll_at'
      | 'last_error'
      | 'consecutive_failures'
      | 'full_text'
    > & { private_feed: boolean; posts: number; teasers: number }
  >(
    `select p.slug, p.title, p.source_kind, p.platform, p.feed_url,
            p.feed_credentials_encrypted is not null as private_feed,
            (select count(*)::int from posts where publication_id = p.id) as posts,
            (select count(*)::int from posts where publication_id = p.id and teaser) as teasers,
            p.full_text, p.last_synced_at, p.last_checked_at, p.next_poll_at, p.last_error, p.consecutive_failures
       from publications p order by p.slug`,
  );
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    kind: row.source_kind,
    platform: row.platform,
    feedUrl: row.feed_url,
    privateFeed: row.private_feed,
    posts: row.posts,
    fullText: row.full_text,
    teasers: row.teasers,
    lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    // Demo publications are never polled: their next poll is 'infinity', which has no ISO form.
    nextPollAt: row.next_poll_at && Number.isFinite(row.next_poll_at.getTime()) ? row.next_poll_at.toISOString() : null,
    lastError: row.last_error,
    consecutiveFailures: row.consecutive_failures,
  }));
}
