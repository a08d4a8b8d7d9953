import { contentHash } from '@/lib/ai/content-hash';
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
}

/**
 * A post's text as the generators read it, with its content hash. Posts stored before hashes existed (the demo
 * corpus) get theirs computed and written back here, so every later check compares like with like.
 */
export async function readPostText(db: Queryable, postId: string): Promise<PostText | null> {
  const [row] = await db.query<{
    [key: string]: unknown;
    id: string;
    title: string;
    body_text: string;
    content_hash: string | null;
    author: string | null;
    published_at: Date | null;
    publication_title: string | null;
    publication_author: string | null;
  }>(
    `select p.id, p.title, p.body_text, p.content_hash, p.author, p.published_at,
            pub.title as publication_title, pub.author_name as publication_author
       from posts p join publications pub on pub.id = p.publication_id where p.id = $1`,
    [postId],
  );
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
  };
}
