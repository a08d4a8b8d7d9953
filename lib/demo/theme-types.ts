import type { Sector } from '@/lib/reference/sectors';
import type { MarketSnapshot } from './market';
import type { Rng } from './random';

/** What a theme template may draw on: the day's market levels, the random source and the words around it. */
export interface ThemeScene {
  m: MarketSnapshot;
  rng: Rng;
  /** The sector the post ties the theme to, e.g. "small caps". */
  sector: string;
  /** Month names relative to the post date, for "the October CPI report". */
  month: string;
  lastMonth: string;
}

export type ThemeText = (scene: ThemeScene) => string;

export interface Theme {
  id: string;
  label: string;
  keywords: string[];
  /** Instruments a piece on this theme would recommend, with the natural direction of the trade. */
  trades: { ticker: string; direction: 'LONG' | 'SHORT' }[];
  /** Sectors the theme moves most, used to pick companies that a theme piece mentions. */
  sectors: Sector[];
  titles: ThemeText[];
  /** Analysis paragraphs specific to the theme; a macro note uses two or three of them. */
  paragraphs: ThemeText[];
  /** One-clause thesis for summaries, e.g. "two more cuts are priced too aggressively". */
  thesis: ThemeText;
  risk: string;
}
