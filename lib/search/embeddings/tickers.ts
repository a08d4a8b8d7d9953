/**
 * Ticker -> words table for the local (word-vector) provider. Tickers are not in the word-vector vocabulary (or are
 * unrelated words: NOW, COST, CAT), so "$NVDA" would otherwise embed as nothing, or as noise. The table is built at
 * run time from the listed universe in lib/reference/companies.ts (so it follows that file), plus a few well-known
 * tickers outside it.
 */
import { LISTED_COMPANIES, type ListedCompany } from '@/lib/reference/companies';
import { SECTOR_LABELS } from '@/lib/reference/sectors';

export interface TickerEntry {
  ticker: string;
  /** Words that name the company (company name, short name; for ETFs also what they hold). */
  words: string[];
  /** Fallback words (the sector label) for when no company word is in the vocabulary. */
  fallback: string[];
}

/** Legal-form and fund-wrapper words that say nothing about the business. */
const GENERIC = new Set([
  'inc',
  'incorporated',
  'corporation',
  'corp',
  'company',
  'co',
  'group',
  'holdings',
  'holding',
  'plc',
  'ag',
  'nv',
  'sa',
  'se',
  'ltd',
  'limited',
  'the',
  'and',
  'of',
  'com',
  'global',
  'technologies',
  'etf',
  'fund',
  'trust',
  'shares',
  'ishares',
  'spdr',
  'vanguard',
  'vaneck',
  'invesco',
  'select',
  'sector',
]);

/** Well-known tickers outside the listed universe, and better words for listed names that are ambiguous. */
const EXTRA: Record<string, string[]> = {
  AAPL: ['apple'],
  GOOG: ['google', 'alphabet'],
  GOOGL: ['google'],
  FB: ['facebook'],
  BRK: ['berkshire', 'hathaway'],
  ORCL: ['oracle'],
  IBM: ['ibm'],
  BA: ['boeing'],
  DIS: ['disney'],
  KO: ['coca', 'cola'],
  PEP: ['pepsico'],
  BTC: ['bitcoin'],
  COIN: ['bitcoin', 'exchange'],
};

export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 1 && !GENERIC.has(w));
}

function entryFor(company: ListedCompany): TickerEntry {
  const words = new Set<string>(EXTRA[company.ticker] ?? []);
  if (company.short !== company.ticker) for (const w of wordsOf(company.short)) words.add(w);
  for (const w of wordsOf(company.name)) words.add(w);
  if (company.type === 'ETF') for (const product of company.products) for (const w of wordsOf(product)) words.add(w);
  return { ticker: company.ticker, words: [...words], fallback: wordsOf(SECTOR_LABELS[company.sector]) };
}

let table: Map<string, TickerEntry> | null = null;

/** Lower-cased ticker -> entry. */
export function tickerTable(): Map<string, TickerEntry> {
  if (table) return table;
  const built = new Map<string, TickerEntry>();
  for (const [ticker, words] of Object.entries(EXTRA)) built.set(ticker.toLowerCase(), { ticker, words, fallback: [] });
  for (const company of LISTED_COMPANIES) built.set(company.ticker.toLowerCase(), entryFor(company));
  table = built;
  return built;
}

/** Every word the ticker table can produce: the local store keeps these even beyond its top-N cut. */
export function tickerVocabulary(): string[] {
  const words = new Set<string>();
  for (const entry of tickerTable().values()) for (const w of [...entry.words, ...entry.fallback]) words.add(w);
  return [...words].sort();
}
