/**
 * The company universe: every ticker the service resolves, and the names that resolve to them. Three sources, in
 * order of precedence: the curated listed companies (lib/reference/companies.ts: exchange, sector, ETF or equity),
 * the SEC EDGAR list of US-listed tickers (sec-company-index.json, built by scripts/build-company-index.ts; an operator
 * may load a newer one), and non-US listings recognized by their exchange suffix (lib/reference/exchanges.ts).
 */

import { env } from '@/lib/env';
import type { CompanyIndex } from './build-company-index';
import { LISTED_COMPANIES } from './companies';
import { COMPANY_ALIASES } from './company-aliases';
import { companyNameKey, displayName } from './company-names';
import { suffixedListing } from './exchanges';
import { readLoadedCompanyIndex } from './loaded-company-index';
import bundledIndex from './sec-company-index.json';

export interface Instrument {
  ticker: string;
  /** A name to show: the curated short name, else the registrant's name without its legal form. */
  name: string;
  exchange: string | null;
  type: 'EQUITY' | 'ETF';
  /** The ticker is also a word ("CAT", "ARE", "A"): a bare mention needs ticker context. */
  word: boolean;
  source: 'curated' | 'sec' | 'suffix';
}

interface Universe {
  info: { source: string; asOf: string; sha256: string; count: number };
  byTicker: Map<string, Instrument>;
  /** Company-name keys (companyNameKey) to tickers: registrant names whose key is not one ordinary word. */
  byName: Map<string, string>;
  /** The first words of every name key, so a scan can stop early: key prefix → true. */
  prefixes: Set<string>;
  /** Distinctive first words of registrant names ("honeywell", "rivian") to their company's first listing. */
  byDistinctiveWord: Map<string, string>;
  /** Registrant names that are one ordinary word ("ferrari" of "Ferrari N.V.", "target"), to their first listing. */
  byOrdinaryName: Map<string, string>;
}

let current: Universe | null = null;
/** undefined: the loaded index if any, else the bundled one; null: the bundled one; else this one. */
let override: CompanyIndex | null | undefined;

const ETF_TITLE = /\b(?:ETF|ETN|Fund|Trust)\b/iu;

function build(index: CompanyIndex): Universe {
  const byTicker = new Map<string, Instrument>();
  const byName = new Map<string, string>();
  const byDistinctiveWord = new Map<string, string>();
  const byOrdinaryName = new Map<string, string>();
  const setName = (key: string, ticker: string) => {
    if (key && !byName.has(key)) byName.set(key, ticker);
  };
  for (const c of LISTED_COMPANIES) {
    byTicker.set(c.ticker, {
      ticker: c.ticker,
      name: c.short,
      exchange: c.exchange,
      type: c.type,
      word: false,
      source: 'curated',
    });
    setName(companyNameKey(c.name), c.ticker);
    if (c.short !== c.ticker) setName(companyNameKey(c.short), c.ticker);
  }
  for (const entry of index.entries) {
    const [ticker, title = '', flags = ''] = entry.split('|');
    if (!ticker) continue;
    const known = byTicker.get(ticker);
    if (known) {
      // Curated entries keep their data; the SEC list still says whether the ticker is a word.
      if (flags.includes('w') && known.source === 'curated') known.word = true;
    } else {
      byTicker.set(ticker, {
        ticker,
        name: displayName(title),
        exchange: null,
        type: ETF_TITLE.test(title) && !/\b(?:Inc|Corp|REIT)\b/iu.test(title) ? 'ETF' : 'EQUITY',
        word: flags.includes('w'),
        source: 'sec',
      });
    }
    if (!flags.includes('n')) setName(companyNameKey(title), ticker);
    else if (!byOrdinaryName.has(companyNameKey(title))) byOrdinaryName.set(companyNameKey(title), ticker);
    if (flags.includes('d')) byDistinctiveWord.set(companyNameKey(title).split(' ')[0]!, ticker);
  }
  const prefixes = new Set<string>();
  for (const key of byName.keys()) {
    const words = key.split(' ');
    for (let i = 1; i < words.length; i += 1) prefixes.add(words.slice(0, i).join(' '));
  }
  return {
    info: { source: index.source, asOf: index.asOf, sha256: index.sha256, count: index.count },
    byTicker,
    byName,
    prefixes,
    byDistinctiveWord,
    byOrdinaryName,
  };
}

function universe(): Universe {
  current ??= build((override === undefined ? loadedIndex() : override) ?? (bundledIndex as CompanyIndex));
  return current;
}

/** The SEC list an operator loaded (`reference companies load`), kept under DATA_DIR; null when there is none. */
function loadedIndex(): CompanyIndex | null {
  try {
    return readLoadedCompanyIndex(env().DATA_DIR);
  } catch {
    return null;
  }
}

/** Replace the SEC part of the universe in this process (`reference companies load`); null: the bundled list. */
export function replaceCompanyIndex(index: CompanyIndex | null): void {
  override = index;
  current = null;
}

export function universeInfo() {
  return universe().info;
}

/** The instrument a ticker stands for: curated, SEC-listed, or a suffixed non-US listing; null when unknown. */
export function instrumentFor(ticker: string): Instrument | null {
  const known = universe().byTicker.get(ticker);
  if (known) return known;
  const listing = suffixedListing(ticker);
  if (!listing) return null;
  return {
    ticker: listing.ticker,
    name: ALIAS_NAME.get(listing.ticker) ?? listing.ticker,
    exchange: listing.exchange,
    type: 'EQUITY',
    word: false,
    source: 'suffix',
  };
}

/** The ticker a whole company name resolves to ("Procter & Gamble", "PROCTER & GAMBLE Co", "Google"), else null. */
export function tickerForName(name: string): string | null {
  const alias = COMPANY_ALIASES[name.trim()] ?? COMPANY_ALIASES[name.trim().replace(/['’]s$/u, '')];
  if (alias) return alias;
  const key = companyNameKey(name);
  if (!key) return null;
  return universe().byName.get(key) ?? ALIAS_BY_KEY.get(key) ?? null;
}

/** For the name scan: is this key a full name, and is it the start of a longer one? */
export function nameKeyState(key: string): { ticker: string | null; longer: boolean } {
  const u = universe();
  return { ticker: u.byName.get(key) ?? null, longer: u.prefixes.has(key) };
}

/**
 * The company whose registrant name starts with this distinctive word ("Rivian" → RIVN, "Honeywell" → HON), else
 * null: not an ordinary word, and the first word of one registrant's names only (scripts/build-company-index.ts).
 */
export function tickerForDistinctiveWord(word: string): string | null {
  return universe().byDistinctiveWord.get(word.toLowerCase()) ?? null;
}

/**
 * The company whose registrant name is this one ordinary word ("Ferrari" → RACE, "Sea" → SE, "Block" → XYZ), else
 * null: a word names it only where the text's structure makes it a company (lib/ai/picks/weak-names.ts).
 */
export function tickerForOrdinaryName(word: string): string | null {
  return universe().byOrdinaryName.get(companyNameKey(word)) ?? null;
}

/** Aliases by their name key too: "Sony Group" is "Sony". */
const ALIAS_BY_KEY = new Map(Object.entries(COMPANY_ALIASES).map(([alias, ticker]) => [companyNameKey(alias), ticker]));
const ALIAS_NAME = new Map<string, string>();
for (const [alias, ticker] of Object.entries(COMPANY_ALIASES)) {
  const known = ALIAS_NAME.get(ticker);
  if (!known || alias.length > known.length) ALIAS_NAME.set(ticker, alias);
}
