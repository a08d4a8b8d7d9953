import { sql } from 'kysely';
import type { PublicationListItem } from '@/lib/api/contracts/publications';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/** Every indexed publication, by title. */
export async function listPublications(db: Queryable): Promise<PublicationListItem[]> {
  const rows = await typed(db)
    .selectFrom('publications')
    .select(['slug', 'title', 'description', 'site_url', 'last_synced_at'])
    .orderBy(sql`lower(coalesce(title, slug))`)
    .orderBy('slug')
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    description: row.description,
    siteUrl: row.site_url,
    lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
  }));
}
