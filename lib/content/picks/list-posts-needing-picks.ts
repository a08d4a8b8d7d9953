import type { Queryable } from '@/lib/db/types';

/**
 * Posts with a summary but no pick extraction of their current text (optionally published since a day): what
 * `picks extract` works through. With `olderThan` (a generator, e.g. "rules-v9"), also the posts whose extraction
 * another generator or an older version made (`picks extract --force`). Posts whose picks were loaded without a hash
 * (the demo corpus) are left alone.
 */
export async function listPostsNeedingPicks(
  db: Queryable,
  options: { limit: number; since?: string; olderThan?: string },
) {
  return db.query<{ id: string; label: string }>(
    `select p.id, pub.slug || '/' || p.slug as label
       from posts p
       join publications pub on pub.id = p.publication_id
       join post_summaries s on s.post_id = p.id
      where ($2::date is null or p.published_at >= $2::date)
        and not exists (select 1 from pick_extractions e where e.post_id = p.id and e.content_hash = p.content_hash
                         and ($3::text is null or e.generator = $3))
        and not exists (select 1 from stock_picks sp where sp.post_id = p.id and sp.content_hash is null)
      order by p.published_at desc nulls last, p.id
      limit $1`,
    [options.limit, options.since ?? null, options.olderThan ?? null],
  );
}
