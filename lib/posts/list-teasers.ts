import type { Queryable } from '@/lib/db/types';
import { postOrder } from './order';

export interface TeaserPost {
  publication: string;
  post: string;
  title: string;
  /** What the article page gave (posts.page_outcome); null when no page was wanted (the setting is `feed`). */
  pageOutcome: string | null;
  pageCheckedAt: string | null;
  url: string;
}

/**
 * Posts whose text is still the feed's teaser, newest first, with what their article page gave: for `posts teasers`,
 * so an operator sees which pages are paywalled, blocked, unreadable or not fetched yet.
 */
export async function listTeasers(
  db: Queryable,
  options: { publicationSlug?: string; limit: number },
): Promise<TeaserPost[]> {
  const rows = await db.query<{
    publication: string;
    post: string;
    title: string;
    page_outcome: string | null;
    page_checked_at: Date | null;
    url: string;
  }>(
    `select pub.slug as publication, p.slug as post, p.title, p.page_outcome, p.page_checked_at, p.url
       from posts p join publications pub on pub.id = p.publication_id
      where p.teaser and ($1::text is null or pub.slug = $1)
      order by ${postOrder('p')}
      limit $2`,
    [options.publicationSlug ?? null, options.limit],
  );
  return rows.map((row) => ({
    publication: row.publication,
    post: row.post,
    title: row.title,
    pageOutcome: row.page_outcome,
    pageCheckedAt: row.page_checked_at?.toISOString() ?? null,
    url: row.url,
  }));
}
