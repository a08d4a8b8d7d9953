import type { Queryable } from '@/lib/db/types';

/**
 * Posts without a summary of their current text, newest first: what `summaries generate --missing` works through.
 * With `olderThan` (a generator, e.g. "extractive-v4"), also the posts whose summary another generator or an older
 * version wrote (`--missing --force`), so an improvement reaches what is already sold. Summaries loaded without a
 * generator (the demo corpus's) are left alone.
 */
export async function listPostsMissingSummaries(
  db: Queryable,
  options: { limit: number; publicationSlug?: string; olderThan?: string },
) {
  return db.query<{ id: string; label: string }>(
    `select p.id, pub.slug || '/' || p.slug as label
       from posts p join publications pub on pub.id = p.publication_id
      where length(btrim(p.body_text)) > 0
        and ($2::text is null or pub.slug = $2)
        and not exists (select 1 from post_summaries s where s.post_id = p.id
                         and (s.content_hash is null or s.content_hash = p.content_hash)
                         and ($3::text is null or s.generator is null or s.generator = $3))
      order by p.published_at desc nulls last, p.id
      limit $1`,
    [options.limit, options.publicationSlug ?? null, options.olderThan ?? null],
  );
}
