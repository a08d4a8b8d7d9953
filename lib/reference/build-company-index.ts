import { createHash } from 'node:crypto';
import { z } from 'zod';
import { companyNameKey } from './company-names';

/** One row of SEC EDGAR's company_tickers.json. */
const SecRow = z.object({ cik_str: z.number().int(), ticker: z.string().min(1).max(12), title: z.string().min(1) });
export const SecCompanyTickers = z.record(z.string(), SecRow);

/**
 * The compact index the service loads: one string per ticker, "TICKER|Registrant name|flags", in the SEC file's
 * order (largest companies first, so a name shared by several tickers resolves to the primary listing). Flags: "w",
 * the ticker is also an ordinary English word or abbreviation, so a bare mention needs ticker context; "n", the name is
 * one ordinary word ("Target Corp"), so only an alias (lib/reference/company-aliases.ts) resolves it; "d", the first
 * word of the name is distinctive ("Honeywell" of "HONEYWELL INTERNATIONAL INC", "Rivian" of "Rivian Automotive"): not
 * an ordinary word, four letters or more, and the first word of no other registrant's name; the entry is the
 * registrant's first listing. A distinctive word alone names the company only where a call is stated on it
 * (lib/ai/picks/weak-names.ts).
 */
export interface CompanyIndex {
  source: string;
  asOf: string;
  sha256: string;
  count: number;
  entries: string[];
}

/** Tickers the issue names as words, whatever a word list says. */
const ALWAYS_WORDS = new Set([
  'A',
  'ARE',
  'CAT',
  'FAST',
  'LOW',
  'MAIN',
  'REAL',
  'SO',
  'WELL',
  'ALL',
  'NOW',
  'ON',
  'IT',
  'BE',
]);

/**
 * Is this lower-case word an ordinary English word? `ticker` asks with the broader bar (a ticker needs context even
 * when its word is rare), `name` with the narrower one. The build answers from a word list; a later load
 * conservatively (lib/reference/load-company-index.ts).
 */
export type WordCheck = (word: string, use: 'ticker' | 'name') => boolean;

export function isWordTicker(ticker: string, isWord: WordCheck): boolean {
  return ticker.length <= 1 || ALWAYS_WORDS.has(ticker) || isWord(ticker.toLowerCase(), 'ticker');
}

export function buildCompanyIndex(
  raw: unknown,
  meta: { source: string; asOf: string; bytes: Buffer | string },
  isWord: WordCheck,
): CompanyIndex {
  const rows = Object.entries(SecCompanyTickers.parse(raw))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => row);
  // The registrants (by CIK) whose name starts with each word: a word that starts one registrant's names only.
  const byFirstWord = new Map<string, Set<number>>();
  for (const row of rows) {
    const first = companyNameKey(row.title).split(' ')[0] ?? '';
    if (!byFirstWord.has(first)) byFirstWord.set(first, new Set());
    byFirstWord.get(first)!.add(row.cik_str);
  }
  const distinctiveTaken = new Set<string>();
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const row of rows) {
    const ticker = row.ticker.trim().toUpperCase().replace(/-/gu, '.');
    if (!/^[A-Z][A-Z0-9]{0,5}(?:\.[A-Z0-9]{1,4})?$/u.test(ticker) || seen.has(ticker)) continue;
    seen.add(ticker);
    const title = row.title.replace(/\|/gu, ' ').replace(/\s+/gu, ' ').trim();
    const key = companyNameKey(title);
    const oneWordName = key !== '' && !key.includes(' ') && (key.length < 4 || isWord(key, 'name'));
    const first = key.split(' ')[0] ?? '';
    const distinctive =
      /^[a-z]{4,}$/u.test(first) &&
      !isWord(first, 'name') &&
      byFirstWord.get(first)?.size === 1 &&
      !distinctiveTaken.has(first);
    if (distinctive) distinctiveTaken.add(first);
    entries.push(
      `${ticker}|${title}|${isWordTicker(ticker, isWord) ? 'w' : ''}${oneWordName ? 'n' : ''}${distinctive ? 'd' : ''}`,
    );
  }
  if (entries.length < 1000) throw new Error(`Only ${entries.length} usable tickers: not an SEC company list`);
  return {
    source: meta.source,
    asOf: meta.asOf,
    sha256: createHash('sha256').update(meta.bytes).digest('hex'),
    count: entries.length,
    entries,
  };
}
