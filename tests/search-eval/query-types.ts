import type { Sector } from '@/lib/reference/sectors';
import type { WindowRule } from './time-windows';

/** One tag per query, so the report can show where a search mode is strong or weak. */
export const CATEGORIES = [
  'ticker',
  'company',
  'theme',
  'question',
  'time',
  'misspelling',
  'sector',
  'off_topic',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Something a query names, judged against the generator's ground truth (post.topics). Topical facets (ticker, theme,
 * sector) can make a post relevant on their own; `earnings` is a qualifier ("bank earnings") that only narrows.
 */
export type Facet =
  | { type: 'ticker'; ticker: string }
  | { type: 'theme'; theme: string }
  | { type: 'sector'; sector: Sector }
  | { type: 'earnings' };

export interface JudgedQuery {
  /** Stable id for diffs between runs. */
  id: string;
  q: string;
  category: Category;
  /** What the query asks for: none for off-topic queries, at most two otherwise. */
  facets: Facet[];
  /** 'all' (default): every facet is required for grade 2; 'any': the facets are alternatives (judge.ts). */
  match?: 'all' | 'any';
  /** Only posts published inside this window count (time-scoped queries). */
  window?: WindowRule;
  /** Why the facets are what they are, where the query text does not make it obvious. */
  note?: string;
}

export const ticker = (t: string): Facet => ({ type: 'ticker', ticker: t });
export const theme = (id: string): Facet => ({ type: 'theme', theme: id });
export const sector = (s: Sector): Facet => ({ type: 'sector', sector: s });
export const earnings: Facet = { type: 'earnings' };
