import type { Queryable } from '@/lib/db/types';
import type { FeedMeta } from '@/lib/ingest/feeds/feed-types';
import { nextPollAt } from '@/lib/ingest/schedule/next-poll-at';
import { storableMeta } from './storable-meta';

interface PollHints {
  cacheControlMaxAgeSeconds?: number;
  meta?: FeedMeta;
  retryAfterSeconds?: number;
}

/** Published dates of the last week, which set how often the feed is polled. */
async function recentPublishedAt(db: Queryable, publicationId: string, now: Date): Promise<Date[]> {
  const rows = await db.query<{ published_at: Date }>(
    `select published_at from posts
      where publication_id = $1 and published_at > $2::timestamptz - interval '7 days' and published_at <= $2`,
    [publicationId, now],
  );
  return rows.map((row) => row.published_at);
}

async function plan(db: Queryable, publicationId: string, now: Date, failures: number, hints: PollHints) {
  return nextPollAt({
    now,
    recentPublishedAt: await recentPublishedAt(db, publicationId, now),
    cacheControlMaxAgeSeconds: hints.cacheControlMaxAgeSeconds,
    ttlMinutes: hints.meta?.ttlMinutes ?? undefined,
    skipHours: hints.meta?.skipHours,
    skipDays: hints.meta?.skipDays,
    consecutiveFailures: failures,
    lastError: hints.retryAfterSeconds === undefined ? undefined : { retryAfterSeconds: hints.retryAfterSeconds },
  });
}

/** A fetched and stored feed: metadata refreshed, errors cleared, lastSyncedAt moved, next poll planned. */
export async function recordSyncSuccess(
  db: Queryable,
  publicationId: string,
  now: Date,
  fresh: { etag?: string; lastModified?: string; cacheControlMaxAgeSeconds?: number; meta: FeedMeta; feedUrl: string },
) {
  const next = await plan(db, publicationId, now, 0, fresh);
  const meta = storableMeta(fresh.meta);
  await db.query(
    `update publications
        set title = coalesce($2, title), description = coalesce($3, description), site_url = $4,
            image_url = coalesce($5, image_url), language = coalesce($6, language),
            author_name = coalesce($7, author_name), author_email = coalesce($8, author_email),
            copyright = coalesce($9, copyright), feed_url = $10, feed_etag = $11, feed_last_modified = $12,
            last_synced_at = $13, last_checked_at = $13, next_poll_at = $14, poll_reason = $15,
            last_error = null, last_error_at = null, consecutive_failures = 0, updated_at = now()
      where id = $1`,
    [
      publicationId,
      meta.title,
      meta.description,
      meta.siteUrl,
      meta.imageUrl ?? meta.podcast?.imageUrl ?? null,
      meta.language,
      meta.authorName ?? meta.podcast?.author ?? meta.podcast?.ownerName ?? null,
      meta.authorEmail ?? meta.podcast?.ownerEmail ?? null,
      meta.copyright,
      fresh.feedUrl,
      fresh.etag ?? null,
      fresh.lastModified ?? null,
      now,
      next.at,
      next.reason,
    ],
  );
  return next;
}

/** A 304: nothing changed but the check time (lastSyncedAt stays where the last real sync put it). */
export async function recordNotModified(
  db: Queryable,
  publicationId: string,
  now: Date,
  hints: { cacheControlMaxAgeSeconds?: number; feedUrl: string },
) {
  const next = await plan(db, publicationId, now, 0, hints);
  await db.query(
    `update publications set last_checked_at = $2, next_poll_at = $3, poll_reason = $4, feed_url = $5,
            last_error = null, last_error_at = null, consecutive_failures = 0
      where id = $1`,
    [publicationId, now, next.at, next.reason, hints.feedUrl],
  );
  return next;
}

/** A failed check: the error is kept on the publication and the next poll backs off with each failure in a row. */
export async function recordSyncFailure(
  db: Queryable,
  publicationId: string,
  now: Date,
  failure: { message: string; retryAfterSeconds?: number; previousFailures: number },
) {
  const failures = failure.previousFailures + 1;
  const next = await plan(db, publicationId, now, failures, { retryAfterSeconds: failure.retryAfterSeconds });
  await db.query(
    `update publications set last_checked_at = $2, next_poll_at = $3, poll_reason = $4, last_error = $5,
            last_error_at = $2, consecutive_failures = $6
      where id = $1`,
    [publicationId, now, next.at, next.reason, failure.message.slice(0, 1000), failures],
  );
  return next;
}
