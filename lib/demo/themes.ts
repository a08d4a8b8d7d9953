import type { Theme } from './theme-types';
import { MARKET_THEMES } from './themes-markets';
import { RATE_THEMES } from './themes-rates';

export type { Theme, ThemeScene, ThemeText } from './theme-types';

/** The macro themes posts are written about: twenty, each with its own keywords, titles and paragraphs. */
export const THEMES: readonly Theme[] = [...RATE_THEMES, ...MARKET_THEMES];

const BY_ID = new Map(THEMES.map((theme) => [theme.id, theme]));

export function theme(id: string): Theme {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown demo theme ${id}`);
  return found;
}
