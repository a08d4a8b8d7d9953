/**
 * The market sectors the service groups tickers by, with the words a reader would use for each (search falls back on
 * them when a company's own name is not in the word-vector vocabulary).
 */

export type Sector =
  | 'semis'
  | 'software'
  | 'internet'
  | 'banks'
  | 'payments'
  | 'energy'
  | 'clean_energy'
  | 'biotech'
  | 'healthcare'
  | 'industrials'
  | 'defense'
  | 'consumer'
  | 'reits'
  | 'small_caps'
  | 'emerging_markets'
  | 'macro_assets';

export const SECTOR_LABELS: Record<Sector, string> = {
  semis: 'semiconductors',
  software: 'software',
  internet: 'internet platforms',
  banks: 'banks',
  payments: 'payments',
  energy: 'energy',
  clean_energy: 'clean energy',
  biotech: 'pharma and biotech',
  healthcare: 'healthcare services',
  industrials: 'industrials',
  defense: 'defense',
  consumer: 'consumer',
  reits: 'REITs',
  small_caps: 'small caps',
  emerging_markets: 'emerging markets',
  macro_assets: 'rates, gold and crypto',
};
