import { createHash } from 'node:crypto';
import type { ExtractedPick, PickExtractor } from '@/lib/ai/picks/extractor';
import { type PostText, readPostText } from '@/lib/content/post-text';
import type { Db, Queryable } from '@/lib/db/types';

export type PickExtraction = {
  postId: string;
  /** As for summaries: extracted now, unchanged (this text was extracted), stale, or nothing to read. */
  status: 'extracted' | 'unchanged' | 'stale' | 'no_post' | 'no_text';
  picks: number;
};

/**
 * A post's stock picks, extracted once per text. The new set replaces the post's old one in one transaction guarded
 * by the text hash: vanished calls are deleted, kept ones (same callId) updated, new ones added.
 */
export async function extractPostPicks(
  db: Db,
  postId: string,
  options: { extractor: PickExtractor; force?: boolean },
): Promise<PickExtraction> {
  const post = await readPostText(db, postId);
  if (!post) return { postId, status: 'no_post', picks: 0 };
  if (post.text.trim().length === 0) return { postId, status: 'no_text', picks: 0 };
  if (!options.force) {
    // Picks loaded without a hash (the demo corpus's) count as this text's, like summaries loaded that way.
    const [done] = await db.query<{ picks: number }>(
      `select coalesce((select pick_count from pick_extractions where post_id = $1 and content_hash = $2),
                       nullif((select count(*)::int from stock_picks where post_id = $1 and content_hash is null), 0))
              as picks`,
      [postId, post.hash],
    );
    if (done?.picks !== null && done?.picks !== undefined) return { postId, status: 'unchanged', picks: done.picks };
  }
  const picks = await options.extractor.extract({
    postId,
    title: post.title,
    text: post.text,
    author: post.author,
    publishedAt: post.publishedAt,
  });
  const stored = await db.transaction(async (tx) => {
    const [current] = await tx.query('select 1 from posts where id = $1 and content_hash = $2 for update', [
      postId,
      post.hash,
    ]);
    if (!current) return null;
    return storePicks(tx, post, picks, options.extractor.generator);
  });
  if (stored === null) return { postId, status: 'stale', picks: 0 };
  return { postId, status: 'extracted', picks: stored };
}

async function storePicks(tx: Queryable, post: PostText, picks: ExtractedPick[], generator: string) {
  await tx.query('delete from stock_picks where post_id = $1 and not (call_id = any($2::text[]))', [
    post.id,
    picks.map((pick) => postCallId(post.id, pick.callId)),
  ]);
  // The pick belongs to the day its article was published (UTC), else to the day it was extracted (spec 2.5).
  const day = (post.publishedAt ?? new Date()).toISOString().slice(0, 10);
  const author = post.author ?? post.publicationAuthor ?? post.publicationTitle ?? 'Unknown author';
  let stored = 0;
  for (const extracted of picks) {
    // The same text in two posts (a cross-post) gives the same call ids: each post keeps its own calls.
    const pick = { ...extracted, callId: postCallId(post.id, extracted.callId) };
    const rows = await tx.query(
      `insert into stock_picks (call_id, post_id, author, ticker, ticker_exchange, instrument_type, action, direction,
                                author_conviction, conviction_label, active_pick, evidence_quote, rationale_snippet,
                                pick_day, generator, content_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::date, $15, $16)
       on conflict (call_id) do update
         set author = excluded.author, ticker = excluded.ticker, ticker_exchange = excluded.ticker_exchange,
             instrument_type = excluded.instrument_type, action = excluded.action, direction = excluded.direction,
             author_conviction = excluded.author_conviction, conviction_label = excluded.conviction_label,
             active_pick = excluded.active_pick, evidence_quote = excluded.evidence_quote,
             rationale_snippet = excluded.rationale_snippet, pick_day = excluded.pick_day,
             generator = excluded.generator, content_hash = excluded.content_hash, extracted_at = now()
         where stock_picks.post_id = excluded.post_id
       returning id`,
      [
        pick.callId,
        post.id,
        pick.author ?? author,
        pick.ticker,
        pick.tickerExchange,
        pick.instrumentType,
        pick.action,
        pick.direction,
        pick.authorConviction,
        pick.convictionLabel,
        pick.activePick,
        pick.evidenceQuote,
        pick.rationaleSnippet,
        day,
        generator,
        post.hash,
      ],
    );
    stored += rows.length;
  }
  await tx.query(
    `insert into pick_extractions (post_id, content_hash, generator, pick_count) values ($1, $2, $3, $4)
     on conflict (post_id) do update
       set content_hash = excluded.content_hash, generator = excluded.generator, pick_count = excluded.pick_count,
           extracted_at = now()`,
    [post.id, post.hash, generator, stored],
  );
  return stored;
}

/** A call id unique to the post, still stable while its text is unchanged. */
function postCallId(postId: string, callId: string): string {
  return `call_${createHash('sha256').update(`${postId}:${callId}`, 'utf8').digest('hex').slice(0, 32)}`;
}
