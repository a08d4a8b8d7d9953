import { typed } from '@/lib/db/typed';
import type { Db, Queryable } from '@/lib/db/types';
import { describeError } from '@/lib/post-failures/describe-error';
import type { RawStore } from '@/lib/storage/raw-store';
import { parseInboundEmail } from './parse';
import { parseMailgunPayload } from './providers/mailgun';
import { filePost } from './receive-email';

export interface FailedEmail {
  messageId: string;
  publication: string;
  reason: string;
  failedAt: string;
}

/** Mails received and kept raw that could not be made into a post. */
export async function listFailedEmails(db: Queryable): Promise<FailedEmail[]> {
  return db.query<FailedEmail & { [key: string]: unknown }>(
    `select m.message_id as "messageId", pub.slug as publication, m.error as reason,
            to_char(m.failed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "failedAt"
       from inbound_messages m join publications pub on pub.id = m.publication_id
      where m.error is not null and m.post_id is null
      order by m.failed_at desc`,
  );
}

/**
 * Files each failed mail again from its raw copy, with today's parsers (after a fix). Returns the ids of the posts
 * made; a mail that fails again keeps its (new) reason.
 */
export async function retryFailedEmails(
  db: Db,
  deps: { rawStore: RawStore },
): Promise<{ filed: string[]; failed: number }> {
  const rows = await typed(db)
    .selectFrom('inbound_messages as m')
    .innerJoin('publications as pub', 'pub.id', 'm.publication_id')
    .select(['m.message_id', 'm.raw_key', 'm.publication_id', 'pub.slug'])
    .where('m.error', 'is not', null)
    .where('m.post_id', 'is', null)
    .execute();
  const filed: string[] = [];
  let failed = 0;
  for (const row of rows) {
    try {
      const raw = await deps.rawStore.get(row.raw_key);
      if (!raw) throw new Error(`the raw message ${row.raw_key} is missing from storage`);
      const email =
        raw.contentType === 'application/json'
          ? await parseMailgunPayload(JSON.parse(raw.body.toString('utf8')) as Record<string, string>)
          : await parseInboundEmail(raw.body);
      // The message is filed under the id it was received with, whatever a newer parser derives.
      const post = await filePost(
        db,
        { ...email, messageId: row.message_id },
        { id: row.publication_id, slug: row.slug },
        { key: row.raw_key, contentType: raw.contentType },
      );
      filed.push(post.postId);
    } catch (error) {
      failed += 1;
      await db.query('update inbound_messages set error = $2, failed_at = now() where message_id = $1', [
        row.message_id,
        describeError(error),
      ]);
    }
  }
  return { filed, failed };
}
