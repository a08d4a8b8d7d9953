import { typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { newsletterIdentity } from './identity';
import { publicationForSender } from './sender-publication';

/**
 * `publications add <address>`: files mail from this sender under `publicationSlug` (an existing publication, for
 * example the same newsletter's feed), or, without one, under the e-mail publication its first mail would create.
 */
export async function mapSender(
  db: Db,
  address: string,
  publicationSlug: string | null,
): Promise<{ slug: string; sender: string; created: boolean }> {
  const clean = address.trim().toLowerCase();
  const identity = newsletterIdentity({ from: { address: clean }, listId: null });
  if (!publicationSlug) {
    const publication = await publicationForSender(
      db,
      { identity, address: clean, name: '', listId: null },
      'operator',
    );
    return { slug: publication.slug, sender: identity, created: publication.created };
  }
  const publication = await typed(db)
    .selectFrom('publications')
    .select(['id', 'slug'])
    .where('slug', '=', publicationSlug.trim().toLowerCase())
    .executeTakeFirst();
  if (!publication) throw new SenderMappingError(`No publication ${publicationSlug}`);
  await db.query(
    `insert into inbound_senders (sender, publication_id, mapped_by) values ($1, $2, 'operator')
     on conflict (sender) do update set publication_id = excluded.publication_id, mapped_by = 'operator'`,
    [identity, publication.id],
  );
  return { slug: publication.slug, sender: identity, created: false };
}

export class SenderMappingError extends Error {}
