import type { Db } from '@/lib/db/types';

export class PublicationInUseError extends Error {}

/**
 * Removes a publication with its posts, summaries, picks and e-mail mapping. One whose posts were sold is refused:
 * sales are money records and are never deleted.
 */
export async function removePublication(db: Db, slug: string): Promise<{ removed: boolean; posts: number }> {
  return db.transaction(async (tx) => {
    const [publication] = await tx.query<{ id: string; posts: number; sales: number }>(
      `select p.id, (select count(*)::int from posts where publication_id = p.id) as posts,
              (select count(*)::int from sales where publication_id = p.id) as sales
         from publications p where p.slug = $1 for update`,
      [slug],
    );
    if (!publication) return { removed: false, posts: 0 };
    if (publication.sales > 0) {
      throw new PublicationInUseError(`${slug} has ${publication.sales} recorded sales; its records are kept`);
    }
    await tx.query('delete from publications where id = $1', [publication.id]);
    return { removed: true, posts: publication.posts };
  });
}
