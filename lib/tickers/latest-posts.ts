import type { z } from 'zod';
import { findTickerMentions } from '@/lib/ai/text/tickers';
import type { TopicSearchPostItem } from '@/lib/api/contracts/search';
import type { Queryable } from '@/lib/db/types';
import { postOrder } from '@/lib/posts/order';
import { loadPostMeta, postItemFields } from '@/lib/search/details';
import { mentionedPostsSql } from './mentioned-posts';

type PostItem = z.infer<typeof TopicSearchPostItem>;

const SNIPPET_BEFORE = 120;
const SNIPPET_AFTER = 180;

/**
 * The newest posts that mention the ticker, as search result items: nothing was ranked, so relevance is flat (50,
 * as for a browse of the newest posts) and whyMatched says how often the post names the ticker and which calls it
 * makes on it. The snippet is the passage around its first mention.
 */
export async function latestTickerPosts(db: Queryable, ticker: string, limit: number): Promise<PostItem[]> {
  const rows = await db.query<{ id: string; body_text: string; title: string; mentions: number | null }>(
    `select p.id, p.title, p.body_text, t.mentions
       from (${mentionedPostsSql('$1')}) m
       join posts p on p.id = m.post_id
       left join post_tickers t on t.post_id = p.id and t.ticker = $1
      order by ${postOrder('p')}
      limit $2`,
    [ticker, limit],
  );
  const ids = rows.map((row) => row.id);
  const [meta, calls] = await Promise.all([loadPostMeta(db, ids), callsByPost(db, ticker, ids)]);
  return rows.flatMap((row) => {
    const post = meta.get(row.id);
    if (!post) return [];
    const mentions = row.mentions ?? 0;
    const why = [
      mentions > 0 ? `Names ${ticker} ${mentions === 1 ? 'once' : `${mentions} times`}` : `Calls on ${ticker}`,
      ...(calls.get(row.id) ?? []).map((call) => `Call: ${call}`),
    ];
    return [
      {
        ...postItemFields(post, undefined),
        relevanceScore: 50,
        matchedTokenCount: 1,
        totalTokenCount: 1,
        whyMatched: why,
        snippet: snippetAt(`${row.title}\n\n${row.body_text}`, ticker, row.title.length + 2),
      },
    ];
  });
}

async function callsByPost(db: Queryable, ticker: string, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ post_id: string; direction: string; action: string }>(
    `select post_id, direction, action from stock_picks
      where ticker = $1 and post_id = any($2::uuid[]) order by author_conviction desc, id`,
    [ticker, ids],
  );
  const calls = new Map<string, string[]>();
  for (const row of rows) calls.set(row.post_id, [...(calls.get(row.post_id) ?? []), `${row.direction} ${row.action}`]);
  return calls;
}

/** The sentence (or its part nearest) around the first mention in the body, else in the title; null when none. */
function snippetAt(text: string, ticker: string, bodyStart: number): string | null {
  const mentions = findTickerMentions(text).filter((m) => m.ticker === ticker);
  const mention = mentions.find((m) => m.start >= bodyStart) ?? mentions[0];
  if (!mention) return null;
  const from = Math.max(0, mention.start - SNIPPET_BEFORE);
  const before = text.slice(from, mention.start);
  const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n'));
  const start = sentenceStart >= 0 ? from + sentenceStart + 1 : from;
  const after = text.slice(mention.end, mention.end + SNIPPET_AFTER);
  const sentenceEnd = after.search(/[.!?](?:\s|$)|\n/u);
  const end = sentenceEnd >= 0 ? mention.end + sentenceEnd + 1 : mention.end + after.length;
  const snippet = text.slice(start, end).replace(/\s+/gu, ' ').trim();
  const cut = (start > 0 && sentenceStart < 0 ? '…' : '') + snippet + (sentenceEnd < 0 && end < text.length ? '…' : '');
  return cut.length > 0 ? cut : null;
}
