import type { Queryable } from '@/lib/db/types';

/** Posts without a summary of their current text, newest first: what `summaries generate --missing` works through. */
export async function listPostsMissingSummaries(db: Queryable, options: { limit: number; publicationSlug?: string }) {
  return db.query<{ id: string; label: string }>(
    `select p.id, pub.slug || '/' || p.slug as label
       from posts p join publications pub on pub.id = p.publication_id
      where length(btrim(p.body_text)) > 0
        and ($2::text is null or pub.slug = $2)
        and not exists (select 1 from post_summaries s where s.post_id = p.id
                         and (s.content_hash is null or s.content_hash = p.content_hash))
      order by p.published_at desc nulls last, p.id
      limit $1`,
    [options.limit, options.publicationSlug ?? null],
  );
}
