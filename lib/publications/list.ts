import type { PublicationListItem } from '@/lib/api/contracts/publications';
import type { Queryable } from '@/lib/db/types';

interface Row {
  [key: string]: unknown;
  slug: string;
  title: string | null;
  description: string | null;
  site_url: string;
  last_synced_at: Date | null;
}

/** Every indexed publication, by title. */
export async function listPublications(db: Queryable): Promise<PublicationListItem[]> {
  const rows = await db.query<Row>(
    `select slug, title, description, site_url, last_synced_at
       from publications
      order by lower(coalesce(title, slug)), slug`,
  );
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    description: row.description,
    siteUrl: row.site_url,
    lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
  }));
}
