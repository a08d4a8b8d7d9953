import type { CamelCased } from '@/lib/db/camel-case';
import type { DB } from '@/lib/db/schema';
import type { TableRow } from '@/lib/db/typed';
import type { PICK_COLUMNS, POST_COLUMNS, PUBLICATION_COLUMNS, SUMMARY_COLUMNS } from './columns';
import type { MarketModel } from './market';

/**
 * Shapes produced by the demo generator: the catalogue tables' columns (lib/db/schema.ts) in camelCase, so the
 * loader maps them one to one. Timestamps are Date objects; JSON.stringify turns them into ISO text.
 */

/** The columns of table that the demo fills (./columns.ts) in camelCase, but for those narrowed (or left) here. */
type Filled<T extends keyof DB, Columns, Narrowed extends string = never> = CamelCased<
  Omit<Pick<TableRow<T>, keyof Columns & keyof TableRow<T>>, Narrowed>
>;

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
export interface DemoPublication
  extends Filled<'publications', typeof PUBLICATION_COLUMNS, 'source_kind' | 'platform'> {
  sourceKind: SourceKind;
  platform: Platform | null;
}

/** A row of `post_summaries` (post_id is the owning post's id). */
export interface DemoSummary extends Filled<'post_summaries', typeof SUMMARY_COLUMNS, 'post_id' | 'model'> {
  model: 'demo-synthesizer-v1';
}

/** A row of `stock_picks`. */
export interface DemoPick
  extends Filled<'stock_picks', typeof PICK_COLUMNS, 'instrument_type' | 'action' | 'direction' | 'pick_day'> {
  instrumentType: InstrumentType;
  action: PickAction;
  direction: PickDirection;
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
export interface DemoPost extends Filled<'posts', typeof POST_COLUMNS> {
  summary: DemoSummary | null;
  picks: DemoPick[];
  topics: DemoPostTopics;
  /** A one-day move the post reports (not a column): the demo's daily closes show it (./prices.ts). */
  priceMove?: { ticker: string; percent: number };
}

export interface CorpusOptions {
  seed: number;
  posts: number;
  now: Date;
}

export interface DemoCorpus {
  /** The moment the corpus is generated for, and its market model: the demo's daily closes follow it (./prices.ts). */
  now: Date;
  market: MarketModel;
  publications: DemoPublication[];
  /** Lazy and re-iterable: each iteration regenerates the same posts from the seed, one at a time. */
  posts: Iterable<DemoPost>;
}
