import type { Db } from '@/lib/db/types';
import { type CallFacts, eventPayload, type WatchFacts } from '@/lib/watches/event-payload';
import { type NewEvent, recordEvents } from '@/lib/watches/record-events';
import { loadPostFacts } from './post-facts';

interface CallRow extends Omit<WatchFacts, 'ticker'>, CallFacts {
  [key: string]: unknown;
}

/**
 * Records a call event for each ticker watch (with `call` among its events) on a ticker the post's extracted calls
 * name, once per distinct call (ticker, direction, action): extracting an edited post again alerts only for a call
 * it did not make before. Only calls extracted after the watch was created count. Returns the new event ids.
 */
export async function matchPostCalls(db: Db, postId: string, now = new Date()): Promise<string[]> {
  const [post] = await loadPostFacts(db, [postId], { vector: false, indexedOnly: false });
  if (!post) return [];
  const calls = await db.query<CallRow>(
    `select distinct on (w.id, s.ticker, s.direction, s.action)
            w.id, w.kind, w.ticker, w.query, null::text as "publicationSlug", w.base_url as "baseUrl",
            s.ticker_exchange as "tickerExchange", s.instrument_type as "instrumentType", s.direction, s.action,
            to_char(s.pick_day, 'YYYY-MM-DD') as "pickDay"
       from stock_picks s
       join watches w on w.kind = 'ticker' and w.ticker = s.ticker and 'call' = any(w.events)
                     and w.created_at <= s.created_at
      where s.post_id = $1
      order by w.id, s.ticker, s.direction, s.action, s.created_at`,
    [postId],
  );
  const events: NewEvent[] = calls.map((call) => ({
    watchId: call.id,
    postId,
    matchKey: `call:${call.ticker}:${call.direction}:${call.action}`,
    payload: eventPayload({
      type: 'call.extracted',
      watch: call,
      post,
      match: { reason: 'ticker_call', ticker: call.ticker },
      call,
      at: now,
    }),
  }));
  return recordEvents(db, events);
}
