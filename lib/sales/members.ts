import type { Queryable } from '@/lib/db/types';

/**
 * Lets a user see a publication's sales on the dashboard (a publisher), or stops it. Returns null when there is no
 * such publication; `changed` is false when the membership already was as asked.
 */
export async function setPublicationMember(
  db: Queryable,
  input: { slug: string; userId: string; member: boolean },
): Promise<{ slug: string; changed: boolean } | null> {
  const [publication] = await db.query<{ id: string }>(`select id from publications where slug = $1`, [input.slug]);
  if (!publication) return null;
  const rows = input.member
    ? await db.query(
        `insert into publication_members (publication_id, user_id) values ($1, $2)
         on conflict do nothing returning user_id`,
        [publication.id, input.userId],
      )
    : await db.query(`delete from publication_members where publication_id = $1 and user_id = $2 returning user_id`, [
        publication.id,
        input.userId,
      ]);
  return { slug: input.slug, changed: rows.length > 0 };
}
