import { type TableRow, typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { normalizePublicationSlug } from '@/lib/publications/slug';
import { slugFromSender } from './identity';

// Sending domains shared by many newsletters: the sender's local part names the newsletter there
// (macroletter@substack.com is macroletter.substack.com, not substack.com).
const SHARED_SENDING_DOMAINS = new Set([
  'substack.com',
  'beehiiv.com',
  'mail.beehiiv.com',
  'ghost.io',
  'convertkit.com',
  'kit.com',
  'mailchimp.com',
  'buttondown.email',
  'buttondown.com',
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
]);

/**
 * The slug an e-mail newsletter is filed under: the sender's domain without a mail subdomain (`news@mail.acme.com`
 * is `acme.com`). On a sending domain shared by many newsletters the domain says nothing, so the list's own name
 * (List-Id, e.g. `<macroletter.substack.com>`) is used, else the local part in front of the domain.
 */
export function slugForSender(from: string, listId: string | null): string | null {
  const at = from.lastIndexOf('@');
  const domain = from.slice(at + 1).toLowerCase();
  if (!SHARED_SENDING_DOMAINS.has(domain)) return slugFromSender(from);
  const fromList = listId && /\./u.test(listId) ? normalizePublicationSlug(listId) : null;
  if (fromList) return fromList;
  const local = from
    .slice(0, at)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  return local ? normalizePublicationSlug(`${local}.${domain}`) : null;
}

/**
 * The publication a sender writes to: an existing mapping, else the publication holding the sender's slug (the same
 * publisher's feed, or another address of it), else a new e-mail publication. The mapping is recorded so later mail
 * (and an operator's remapping) is one lookup.
 */
export async function publicationForSender(
  db: Queryable,
  sender: { identity: string; address: string; name: string; listId: string | null },
  mappedBy: 'first_mail' | 'operator',
): Promise<{ id: string; slug: string; created: boolean }> {
  const mapped = await mappedPublication(db, sender.identity);
  if (mapped) return { ...mapped, created: false };
  const slug = slugForSender(sender.address, sender.listId);
  if (!slug) throw new Error(`Cannot name a publication after sender ${sender.address}`);
  const inserted = await db.query<Pick<TableRow<'publications'>, 'id'>>(
    `insert into publications (slug, title, site_url, source_kind, author_name, author_email)
     values ($1, $2, $3, 'email', $4, $5) on conflict (slug) do nothing returning id`,
    [slug, sender.name || slug, `https://${slug}`, sender.name || null, sender.address],
  );
  const publication = await typed(db)
    .selectFrom('publications')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  await db.query(
    `insert into inbound_senders (sender, publication_id, mapped_by) values ($1, $2, $3) on conflict (sender) do nothing`,
    [sender.identity, publication!.id, mappedBy],
  );
  // Two first mails at once: whichever mapping landed first is the one both use.
  const winner = await mappedPublication(db, sender.identity);
  return { ...winner!, created: inserted.length > 0 && winner!.id === inserted[0]!.id };
}

async function mappedPublication(db: Queryable, identity: string) {
  const row = await typed(db)
    .selectFrom('inbound_senders as s')
    .innerJoin('publications as p', 'p.id', 's.publication_id')
    .select(['p.id', 'p.slug'])
    .where('s.sender', '=', identity)
    .executeTakeFirst();
  return row ?? null;
}
