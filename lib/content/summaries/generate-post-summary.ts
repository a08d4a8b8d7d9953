import type { Summarizer } from '@/lib/ai/summaries/summarizer';
import { readPostText } from '@/lib/content/post-text';
import type { TableRow } from '@/lib/db/typed';
import type { Db, Queryable } from '@/lib/db/types';

export type SummaryGeneration = {
  postId: string;
  /**
   * generated: stored now; unchanged: a summary of this exact text exists; stale: the text changed while it was
   * being summarized (nothing stored, the change asks again); no_post / no_text: nothing to summarize.
   */
  status: 'generated' | 'unchanged' | 'stale' | 'no_post' | 'no_text';
  generator?: string;
  contentHash?: string;
};

/**
 * A post's summary, generated once per text: an existing summary of the same text hash is kept (a summary loaded
 * without a hash, as the demo corpus's, counts as current). The store re-checks the hash in the same statement, so a
 * sync that changed the text meanwhile never gets the old text's summary.
 */
export async function generatePostSummary(
  db: Db,
  postId: string,
  options: { summarizer: Summarizer; force?: boolean },
): Promise<SummaryGeneration> {
  const post = await readPostText(db, postId);
  if (!post) return { postId, status: 'no_post' };
  if (post.text.trim().length === 0) return { postId, status: 'no_text' };
  if (!options.force) {
    const [current] = await db.query(
      'select 1 from post_summaries where post_id = $1 and (content_hash = $2 or content_hash is null)',
      [postId, post.hash],
    );
    if (current) return { postId, status: 'unchanged', contentHash: post.hash };
  }
  const result = await options.summarizer.summarize({
    title: post.title,
    text: post.text,
    publicationTitle: post.publicationTitle,
    author: post.author ?? post.publicationAuthor,
    publishedAt: post.publishedAt,
    calls: await storedCalls(db, postId, post.hash),
    teaser: post.teaser,
  });
  const stored = await db.transaction(async (tx) => {
    const rows = await tx.query(
      `insert into post_summaries (post_id, summary, model, generator, content_hash)
       select id, $2, $3, $3, $4 from posts where id = $1 and content_hash = $4
       on conflict (post_id) do update
         set summary = excluded.summary, model = excluded.model, generator = excluded.generator,
             content_hash = excluded.content_hash, created_at = now()
       returning post_id`,
      [postId, result.text, result.generator, post.hash],
    );
    if (rows.length > 0) await tx.query('delete from summary_requests where post_id = $1', [postId]);
    return rows.length > 0;
  });
  if (!stored) return { postId, status: 'stale', contentHash: post.hash };
  return { postId, status: 'generated', generator: result.generator, contentHash: post.hash };
}

/**
 * The post's picks of this text, when they have been extracted (or loaded with the demo corpus): the summary's stance
 * then states exactly what the sold picks say. Undefined when the text has not been read for picks yet.
 */
async function storedCalls(db: Queryable, postId: string, hash: string) {
  const rows = await db.query<
    Pick<TableRow<'stock_picks'>, 'ticker' | 'action' | 'author'> & { direction: 'LONG' | 'SHORT' }
  >(
    `select ticker, action, direction, author from stock_picks
      where post_id = $1 and (content_hash = $2 or content_hash is null) order by id`,
    [postId, hash],
  );
  if (rows.length > 0) return rows;
  const [extracted] = await db.query('select 1 from pick_extractions where post_id = $1 and content_hash = $2', [
    postId,
    hash,
  ]);
  return extracted ? [] : undefined;
}
