/**
 * Shapes produced by the demo generator. Field names mirror the SQL columns of the catalogue tables in camelCase, so
 * the loader can map them one to one. Timestamps are Date objects; JSON.stringify turns them into ISO text.
 */

export type SourceKind = 'newsletter_platform' | 'rss' | 'podcast' | 'email';
export type Platform = 'substack' | 'beehiiv' | 'ghost';

export type InstrumentType = 'EQUITY' | 'ETF' | 'OPTION' | 'OTHER';
export type PickAction = 'NEW_POSITION' | 'ADD' | 'HOLD' | 'RECOMMENDATION' | 'REDUCE' | 'EXIT';
export type PickDirection = 'LONG' | 'SHORT';

export type PostKind =
  | 'deep_dive'
  | 'earnings_review'
  | 'macro_note'
  | 'portfolio_update'
  | 'sector_roundup'
  | 'options_idea'
  | 'podcast_episode';

/** A row of `publications`. */
export interface DemoPublication {
  id: string;
  slug: string;
  title: string | null;
  description: string | null;
  siteUrl: string;
  feedUrl: string | null;
  sourceKind: SourceKind;
  platform: Platform | null;
  inboundEmail: string | null;
  imageUrl: string | null;
  language: string | null;
  authorName: string | null;
  authorEmail: string | null;
  copyright: string | null;
  isScoped: boolean;
  lastSyncedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A row of `post_summaries` (post_id is the owning post's id). */
export interface DemoSummary {
  summary: string;
  model: 'demo-synthesizer-v1';
  createdAt: Date;
}

/** A row of `stock_picks`. */
export interface DemoPick {
  id: string;
  callId: string;
  postId: string;
  author: string;
  ticker: string;
  tickerExchange: string | null;
  instrumentType: InstrumentType;
  action: PickAction;
  direction: PickDirection;
  authorConviction: number;
  convictionLabel: string;
  activePick: boolean;
  evidenceQuote: string;
  rationaleSnippet: string | null;
  extractedAt: Date;
  /** UTC day, YYYY-MM-DD. */
  pickDay: string;
}

/**
 * What a post is about. Not a column: the loader ignores it. It exists so a judged search set can be built from the
 * generator's own ground truth instead of re-deriving topics from the text.
 */
export interface DemoPostTopics {
  kind: PostKind;
  /** Tickers the post is mainly about, main subject first. */
  tickers: string[];
  /** Theme ids (see themes.ts), main theme first when the post is a macro piece. */
  themes: string[];
  sector: string | null;
}

/** A row of `posts`, with its summary (null = not ready) and extracted picks attached. */
export interface DemoPost {
  id: string;
  publicationId: string;
  guid: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  url: string;
  author: string | null;
  imageUrl: string | null;
  audioUrl: string | null;
  bodyText: string;
  publishedAt: Date | null;
  priceCents: number | null;
  createdAt: Date;
  updatedAt: Date;
  summary: DemoSummary | null;
  picks: DemoPick[];
  topics: DemoPostTopics;
}

export interface CorpusOptions {
  seed: number;
  posts: number;
  now: Date;
}

export interface DemoCorpus {
  publications: DemoPublication[];
  /** Lazy and re-iterable: each iteration regenerates the same posts from the seed, one at a time. */
  posts: Iterable<DemoPost>;
}
