import { type TableRow, typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { emailDraft } from '@/lib/ingest/email/email-draft';
import { parseInboundEmail } from '@/lib/ingest/email/parse';
import { parseMailgunPayload } from '@/lib/ingest/email/providers/mailgun';
import { parseTranscript } from '@/lib/ingest/podcasts/transcript';
import type { SyncDeps } from '@/lib/ingest/sync/sync-deps';
import type { PostDraft } from '@/lib/posts/post-draft';
import { upsertPosts } from '@/lib/posts/upsert-posts';
import { indexPendingPosts } from '@/lib/search/index/index-pending';

export interface ReprocessResult {
  post: string;
  /** What the post was rebuilt from. */
  from: 'raw_email' | 'raw_transcript' | 'feed';
  outcome: 'updated' | 'unchanged' | 'needs_feed' | 'missing_raw';
  /** The text changed: its summary and picks are generated again. */
  textChanged: boolean;
  postId: string;
}

type PostRow = TableRow<'posts'> & { publication_slug: string };

/**
 * Runs one post through today's parsers again from the raw source kept in object storage: an e-mail from its MIME
 * (or Mailgun fields), a podcast episode from its fetched transcript. A feed post has no raw copy of its own: it is
 * rebuilt by fetching its feed again (`needs_feed`, which the caller does once per publication).
 */
export async function reprocessPost(
  db: Db,
  postId: string,
  deps: Pick<SyncDeps, 'rawStore'>,
): Promise<ReprocessResult> {
  const row = await typed(db)
    .selectFrom('posts as p')
    .innerJoin('publications as pub', 'pub.id', 'p.publication_id')
    .selectAll('p')
    .select('pub.slug as publication_slug')
    .where('p.id', '=', postId)
    .executeTakeFirst();
  if (!row) throw new Error(`No post ${postId}`);
  const label = `${row.publication_slug}/${row.slug}`;
  const viaRaw = row.raw_key && (row.text_source === 'email' || row.text_source === 'transcript');
  if (!viaRaw) return { post: label, from: 'feed', outcome: 'needs_feed', textChanged: false, postId };
  const from = row.text_source === 'email' ? 'raw_email' : 'raw_transcript';
  const raw = await deps.rawStore.get(row.raw_key!);
  if (!raw) return { post: label, from, outcome: 'missing_raw', textChanged: false, postId };
  const draft = from === 'raw_email' ? await fromEmail(row, raw) : fromTranscript(row, raw.body.toString('utf8'));
  const stored = await upsertPosts(db, row.publication_id, [draft]);
  await indexPendingPosts(db);
  const updated = stored.updated[0];
  return {
    post: label,
    from,
    outcome: updated ? 'updated' : 'unchanged',
    textChanged: updated?.textChanged ?? false,
    postId,
  };
}

async function fromEmail(row: PostRow, raw: { body: Buffer; contentType: string }): Promise<PostDraft> {
  const email =
    raw.contentType === 'application/json'
      ? await parseMailgunPayload(JSON.parse(raw.body.toString('utf8')) as Record<string, string>)
      : await parseInboundEmail(raw.body);
  // The guid stays the stored one: a Message-ID derived differently by a newer parser must not fork the post.
  return {
    ...emailDraft(email, row.publication_slug, { key: row.raw_key!, contentType: raw.contentType }),
    guid: row.guid,
  };
}

function fromTranscript(row: PostRow, text: string): PostDraft {
  return {
    guid: row.guid,
    url: row.url,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    author: row.author,
    imageUrl: row.image_url,
    audioUrl: row.audio_url,
    contentHtml: row.content_html,
    bodyText: parseTranscript(text, row.raw_content_type ?? 'text/plain'),
    textSource: 'transcript',
    language: row.language,
    publishedAt: row.published_at,
    rawKey: row.raw_key,
    rawContentType: row.raw_content_type,
  };
}
