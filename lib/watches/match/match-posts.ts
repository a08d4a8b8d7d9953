import type { Db } from '@/lib/db/types';
import { eventPayload, type WatchFacts } from '@/lib/watches/event-payload';
import { type NewEvent, recordEvents } from '@/lib/watches/record-events';
import { matchTopics } from './match-topics';
import { loadPostFacts, type PostFacts } from './post-facts';

interface DirectRow extends WatchFacts {
  [key: string]: unknown;
  post_id: string;
  mentions: number | null;
}

/**
 * Records the events of new or changed posts, once search has indexed them (feed sync and e-mail call this right
 * after indexing): publication and ticker-mention watches are looked up directly by the post's publication and
 * tickers, topic watches by its lexemes (match-topics.ts). A post matches only watches created before it arrived.
 * Returns the ids of the events written; delivery picks them up from their rows.
 */
export async function matchNewPosts(db: Db, postIds: readonly string[], now = new Date()): Promise<string[]> {
  if (postIds.length === 0) return [];
  const [{ topics } = { topics: false }] = await db.query<{ topics: boolean }>(
    "select exists (select 1 from watches where kind = 'query') as topics",
  );
  const posts = await loadPostFacts(db, postIds, { vector: topics, indexedOnly: true });
  if (posts.length === 0) return [];
  const byId = new Map<string, PostFacts>(posts.map((post) => [post.id, post]));
  const direct = await db.query<DirectRow>(
    `select p.id as post_id, w.id, w.kind, w.ticker, w.query, pub.slug as "publicationSlug", w.base_url as "baseUrl",
            null::int as mentions
       from posts p
       join watches w on w.kind = 'publication' and w.publication_id = p.publication_id and w.created_at <= p.created_at
       join publications pub on pub.id = p.publication_id
      where p.id = any($1::uuid[])
     union all
     select p.id, w.id, w.kind, w.ticker, w.query, null, w.base_url, t.mentions
       from posts p
       join post_tickers t on t.post_id = p.id
       join watches w on w.kind = 'ticker' and w.ticker = t.ticker and 'mention' = any(w.events)
                     and w.created_at <= p.created_at
      where p.id = any($1::uuid[])`,
    [posts.map((post) => post.id)],
  );
  const events: NewEvent[] = [];
  for (const row of direct) {
    const post = byId.get(row.post_id)!;
    const match =
      row.kind === 'publication'
        ? ({ reason: 'publication' } as const)
        : ({ reason: 'ticker_mention', ticker: row.ticker!, mentions: row.mentions ?? 1 } as const);
    events.push({
      watchId: row.id,
      postId: post.id,
      matchKey: 'post',
      payload: eventPayload({ type: 'post.matched', watch: row, post, match, at: now }),
    });
  }
  if (topics) {
    for (const { watch, post, match } of await matchTopics(db, posts)) {
      events.push({
        watchId: watch.id,
        postId: post.id,
        matchKey: 'post',
        payload: eventPayload({ type: 'post.matched', watch, post, match: { reason: 'query', ...match }, at: now }),
      });
    }
  }
  return recordEvents(db, events);
}
