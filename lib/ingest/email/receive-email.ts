import { typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { describeError } from '@/lib/post-failures/describe-error';
import { storableGuid } from '@/lib/posts/storable-draft';
import { storableLine } from '@/lib/posts/storable-text';
import { upsertPosts } from '@/lib/posts/upsert-posts';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { emailRawKey } from '@/lib/storage/raw-key';
import type { RawStore } from '@/lib/storage/raw-store';
import { matchNewPosts } from '@/lib/watches/match/match-posts';
import { emailDraft } from './email-draft';
import { newsletterIdentity } from './identity';
import type { InboundEmail } from './parse';
import { publicationForSender } from './sender-publication';

export interface ReceivedEmail {
  /** failed: kept raw and listed by `admin posts failed`, but no post could be made of it (yet). */
  status: 'stored' | 'duplicate' | 'failed';
  messageId: string;
  publicationSlug: string;
  postSlug: string | null;
  postId: string | null;
  publicationCreated: boolean;
  /** The stored post's text is new: its summary and picks are to be generated. */
  textChanged: boolean;
}

/**
 * Files one inbound newsletter e-mail: the sender maps to a publication (created on its first mail), the raw message
 * is kept in object storage, and the mail becomes a post, searchable when this returns. A Message-ID is stored once:
 * a redelivery, or a second delivery racing the first, is a duplicate and changes nothing. A delivery that stopped
 * halfway (message claimed, post not stored) is taken over by a redelivery five minutes later; the post upserts by
 * Message-ID, so finishing it twice cannot duplicate it.
 */
export async function receiveEmail(
  db: Db,
  email: InboundEmail,
  raw: { body: Buffer; contentType: string },
  deps: { rawStore: RawStore },
): Promise<ReceivedEmail> {
  const done = await finishedDelivery(db, email.messageId);
  if (done)
    return { ...done, status: 'duplicate', messageId: email.messageId, publicationCreated: false, textChanged: false };
  const identity = newsletterIdentity(email);
  const publication = await publicationForSender(
    db,
    // The sender's display name titles a new publication: as storable as a feed's title.
    { identity, address: email.from.address, name: storableLine(email.from.name, 300), listId: email.listId },
    'first_mail',
  );
  const rawKey = emailRawKey(publication.slug, email.messageId);
  await deps.rawStore.put(rawKey, raw.body, raw.contentType);
  const claimed = await db.query(
    `insert into inbound_messages (message_id, publication_id, raw_key) values ($1, $2, $3)
     on conflict (message_id) do update set raw_key = excluded.raw_key, received_at = now()
       where inbound_messages.post_id is null and inbound_messages.publication_id = excluded.publication_id
         and inbound_messages.received_at < now() - interval '5 minutes'
     returning 1`,
    [email.messageId, publication.id, rawKey],
  );
  if (claimed.length === 0) {
    const other = await finishedDelivery(db, email.messageId);
    return {
      status: 'duplicate',
      messageId: email.messageId,
      publicationSlug: other?.publicationSlug ?? publication.slug,
      postSlug: other?.postSlug ?? null,
      postId: other?.postId ?? null,
      publicationCreated: false,
      textChanged: false,
    };
  }
  try {
    const filed = await filePost(db, email, publication, { key: rawKey, contentType: raw.contentType });
    return { ...filed, status: 'stored', messageId: email.messageId, publicationCreated: publication.created };
  } catch (error) {
    // The message is kept raw and claimed: answered as received (a provider would redeliver an error forever), listed
    // as failed, and made into a post by `admin posts reprocess --failed` once what failed is fixed.
    await db.query('update inbound_messages set error = $2, failed_at = now() where message_id = $1', [
      email.messageId,
      describeError(error),
    ]);
    return {
      status: 'failed',
      messageId: email.messageId,
      publicationSlug: publication.slug,
      postSlug: null,
      postId: null,
      publicationCreated: publication.created,
      textChanged: false,
    };
  }
}

/** The mail as its publication's post, searchable when this returns; throws when it cannot be stored. */
export async function filePost(
  db: Db,
  email: InboundEmail,
  publication: { id: string; slug: string },
  raw: { key: string; contentType: string },
): Promise<{ publicationSlug: string; postSlug: string | null; postId: string; textChanged: boolean }> {
  const stored = await upsertPosts(db, publication.id, [emailDraft(email, publication.slug, raw)]);
  if (stored.refused.length > 0) throw new Error(stored.refused[0]!.reason);
  const post = stored.added[0] ?? stored.updated[0];
  const postId = post?.id ?? (await postIdByGuid(db, publication.id, email.messageId));
  await db.query('update inbound_messages set post_id = $2, error = null, failed_at = null where message_id = $1', [
    email.messageId,
    postId,
  ]);
  // A post that cannot be indexed is quarantined there (lib/post-failures), not failing the mail.
  await indexPendingPosts(db);
  // The watches it matches get their events now, as rows; the route that received it asks for their delivery.
  if (post?.textChanged) await matchNewPosts(db, [postId]);
  const row = await typed(db).selectFrom('posts').select('slug').where('id', '=', postId).executeTakeFirst();
  return {
    publicationSlug: publication.slug,
    postSlug: row?.slug ?? null,
    postId,
    textChanged: post?.textChanged ?? false,
  };
}

async function finishedDelivery(db: Db, messageId: string) {
  const row = await typed(db)
    .selectFrom('inbound_messages as m')
    .innerJoin('publications as pub', 'pub.id', 'm.publication_id')
    .innerJoin('posts as p', 'p.id', 'm.post_id')
    .select(['pub.slug as publicationSlug', 'p.slug as postSlug', 'p.id as postId'])
    .where('m.message_id', '=', messageId)
    .executeTakeFirst();
  return row ?? null;
}

async function postIdByGuid(db: Db, publicationId: string, guid: string): Promise<string> {
  const row = await typed(db)
    .selectFrom('posts')
    .select('id')
    .where('publication_id', '=', publicationId)
    .where('guid', '=', storableGuid(guid))
    .executeTakeFirst();
  return row!.id;
}
