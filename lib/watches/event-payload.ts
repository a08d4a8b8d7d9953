import type { PostFacts } from './match/post-facts';

export type WatchEventType = 'post.matched' | 'call.extracted';

/** Why a post reached a watch, as the event says it. */
export type MatchReason =
  | { reason: 'publication' }
  | { reason: 'ticker_mention'; ticker: string; mentions: number }
  | { reason: 'ticker_call'; ticker: string }
  | {
      reason: 'query';
      confidence: 'strong' | 'weak';
      relevanceScore: number;
      matchedTokenCount: number;
      totalTokenCount: number;
      whyMatched: string[];
    };

export interface CallFacts {
  ticker: string;
  tickerExchange: string | null;
  instrumentType: string;
  direction: string;
  action: string;
  /** The UTC day the call counts under in GET /api/v1/stock-picks. */
  pickDay: string;
}

export interface WatchFacts {
  id: string;
  kind: string;
  ticker: string | null;
  query: string | null;
  publicationSlug: string | null;
  baseUrl: string;
}

/**
 * The body an event is delivered with (Standard Webhooks' {type, timestamp, data}) and shown in feeds: the post's
 * metadata, why it matched and, for a call, its ticker, direction and action. What is sold stays paid: the summary and
 * a call's evidence quote and rationale are not here, only the paid URLs that return them.
 */
export function eventPayload(input: {
  type: WatchEventType;
  watch: WatchFacts;
  post: PostFacts;
  match: MatchReason;
  call?: CallFacts;
  at: Date;
}) {
  const { watch, post, call } = input;
  const base = watch.baseUrl;
  const postPath = `/api/v1/publications/${encodeURIComponent(post.publicationSlug)}/${encodeURIComponent(post.slug)}`;
  return {
    type: input.type,
    timestamp: input.at.toISOString(),
    data: {
      watch: {
        id: watch.id,
        kind: watch.kind,
        ticker: watch.ticker,
        query: watch.query,
        publicationSlug: watch.publicationSlug,
      },
      post: {
        publicationSlug: post.publicationSlug,
        publicationTitle: post.publicationTitle,
        slug: post.slug,
        title: post.title,
        subtitle: post.subtitle,
        author: post.author,
        url: post.url,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        summaryUrl: `${base}${postPath}`,
      },
      match: input.match,
      call: call
        ? {
            ticker: call.ticker,
            tickerExchange: call.tickerExchange,
            instrumentType: call.instrumentType,
            direction: call.direction,
            action: call.action,
            stockPicksUrl: `${base}/api/v1/stock-picks?date=${call.pickDay}&ticker=${encodeURIComponent(call.ticker)}`,
          }
        : null,
    },
  };
}

export type EventPayload = ReturnType<typeof eventPayload>;
