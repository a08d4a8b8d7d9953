import { contentHash } from '@/lib/ai/content-hash';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

export interface PostText {
  id: string;
  title: string;
  text: string;
  hash: string;
  author: string | null;
  publishedAt: Date | null;
  publicationTitle: string | null;
  publicationAuthor: string | null;
  /**
   * The text is the feed's teaser, not the article (posts.teaser: the article page was paywalled, blocked, unreadable
   * or not fetched): a summary of it says so in its first line.
   */
  teaser: boolean;
}

/**
 * A post's text as the generators read it, with its content hash. Posts stored before hashes existed (the demo
 * corpus) get theirs computed and written back here, so every later check compares like with like.
 */
export async function readPostText(db: Queryable, postId: string): Promise<PostText | null> {
  const row = await typed(db)
    .selectFrom('posts as p')
    .innerJoin('publications as pub', 'pub.id', 'p.publication_id')
    .select([
      'p.id',
      'p.title',
      'p.body_text',
      'p.content_hash',
      'p.author',
      'p.published_at',
      'p.teaser',
      'pub.title as publication_title',
      'pub.author_name as publication_author',
    ])
    .where('p.id', '=', postId)
    .executeTakeFirst();
  if (!row) return null;
  let hash = row.content_hash;
  if (!hash) {
    hash = contentHash(row.body_text);
    await db.query('update posts set content_hash = $2 where id = $1 and content_hash is null', [postId, hash]);
  }
  return {
    id: row.id,
    title: row.title,
    text: row.body_text,
    hash,
    author: row.author,
    publishedAt: row.published_at,
    publicationTitle: row.publication_title,
    publicationAuthor: row.publication_author,
    teaser: row.teaser,
  };
}
