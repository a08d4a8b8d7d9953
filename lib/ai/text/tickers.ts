import { COMPANY_ALIASES } from '@/lib/reference/company-aliases';
import { isLegalForm, nameTokens } from '@/lib/reference/company-names';
import { EXCHANGE_PREFIXES, EXCHANGE_SUFFIXES, suffixedListing, withSuffix } from '@/lib/reference/exchanges';
import { type Instrument, instrumentFor, nameKeyState, tickerForName } from '@/lib/reference/universe';
import { boilerplateSpans, within } from './boilerplate';
import { aboutMarkets } from './markets';

export interface TickerMention {
  ticker: string;
  start: number;
  end: number;
  /** How the text names it: "$FCX", "(FCX)", "NYSE: FCX", "6758.T", a bare "FCX", or the company's name. */
  via: 'cashtag' | 'parenthesized' | 'exchange' | 'suffix' | 'ticker' | 'name';
  /** What the universe knows of it (lib/reference/universe.ts); null for a cashtag of an unknown ticker. */
  company: Instrument | null;
  /** The exchange the text states ("NYSE: PG", "6758.T"), else the universe's. */
  exchange: string | null;
  /** The company's name as the text writes it, when it does. */
  name: string | null;
  /**
   * A distinctive word of a company's name alone ("Rivian", "Honeywell"): no mention by the rules of this file, only
   * the object of a stated call (lib/ai/picks/weak-names.ts).
   */
  weak?: boolean;
}

const TICKER_SHAPE =
  /^(?:[A-Z]{1,6}(?:\.[A-Z]{1,2})?|(?:\d{3,6}|[A-Z][A-Z0-9&]{0,9}(?:-[A-Z0-9]{1,2})?)\.[A-Z]{1,2})$/u;

/** "$brk-b", "BRK/B", "brk b" → "BRK.B"; "6758.t" → "6758.T"; "700.HK" → "0700.HK"; null when it cannot be a ticker. */
export function normalizeTicker(raw: string): string | null {
  const t = raw
    .trim()
    .replace(/^\$/u, '')
    .toUpperCase()
    .replace(/^([A-Z]{1,5})[-/ ]([A-Z]{1,2})$/u, '$1.$2');
  if (!TICKER_SHAPE.test(t)) return null;
  return suffixedListing(t)?.ticker ?? t;
}

export function companyFor(ticker: string): Instrument | null {
  return instrumentFor(ticker);
}

/**
 * Upper-case abbreviations common in financial writing: never a bare ticker, whatever the SEC list says (with a
 * cashtag or an exchange prefix they still count).
 */
export const ABBREVIATIONS = new Set(
  'CEO CFO COO CTO CIO EPS GDP CPI PPI PCE FOMC ECB BOJ BOE FED SEC FDA FTC DOJ ETF IPO SPAC EV AI ML LLM GPU CPU TPU FCF EBIT EBITDA ROE ROIC ROI NAV AUM ESG YOY QOQ YTD MTD TTM FY USD EUR JPY GBP CNY HKD OPEC LNG LME WTI US USA UK EU NATO IRA LLC REIT PE CAGR ARR NIM NII SAAS API IT HR PR TV OK NYSE NASDAQ AMEX OTC TSX LSE ASX CNBC WSJ FT IMF BIS ISM PMI NFP DCF PEG BPS HY IG MBS CLO CDS ETN VIX SPX NDX RUT DJIA BUY SELL HOLD LONG SHORT PUT CALL NEW CEOS AGM ADR ADRS GAAP OEM IPOS PT TAM SOTP DM EM APAC EMEA LATAM MSCI FTSE DAX TOPIX HSI ATH YCC QE QT RRP SOFR LIBOR TBILL OIS HODL DD HBM ASIC EUV SKU DTC GMV ARPU KPI ERP IRR WACC NPV MLP BDC CEF BTC ETH RBA NGL OCC LTM NTM AGI EOD EOW OI IVR DTE ACA LEI PCE HVAC CAPEX OPEX NFT USDC AML KYC CBO IEA EIA ADAS TAM SAM SOM IFRS FINRA CFTC FDIC CFPB IRS FCC FAA TSA DOD UAE SPAC ITM OTM ATM MBS CMBS ABS CLO CDO BRICS OECD WTO WHO CDC CMS NIH'.split(
    ' ',
  ),
);

/** Curated tickers that are words or abbreviations: bare only with context, like every word ticker. */
const AMBIGUOUS_BARE = new Set(['A', 'C', 'V', 'O', 'DE', 'MA', 'MS', 'NOW', 'ALL', 'IT', 'ON', 'GO', 'SO', 'BE']);

const WORD_ALIASES = new Set(['Target', 'Shell', 'Meta', 'Novo', 'Vale', 'Coke']);

const CONNECTORS = new Set(['and', 'of', 'the', 'de', 'for', 'y', '&']);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

const ALIAS_PATTERN = new RegExp(
  `(?<![A-Za-z0-9&])(?:${Object.keys(COMPANY_ALIASES)
    .sort((a, b) => b.length - a.length)
    // "Lowe’s" as typeset is the alias "Lowe's".
    .map((alias) => escapeRegExp(alias).replace(/'/gu, "['’]"))
    .join('|')})(?:['’]s)?(?![A-Za-z0-9&])`,
  'gu',
);
const PREFIX_PATTERN = new RegExp(
  `(?<![A-Za-z])(${Object.keys(EXCHANGE_PREFIXES)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')}|Nasdaq|Nyse)\\s*:\\s*\\$?([A-Z0-9]{1,6}(?:[.-][A-Z0-9]{1,3})?)(?![A-Za-z0-9])`,
  'gu',
);
const SUFFIX_PATTERN = new RegExp(
  `(?<![A-Za-z0-9.$])((?:\\d{3,6}|[A-Z][A-Z0-9&]{1,9}(?:-[A-Z])?)\\.(?:${Object.keys(EXCHANGE_SUFFIXES).join('|')}))(?![A-Za-z0-9]|\\.[A-Za-z0-9])`,
  'gu',
);
const TOKEN = /[A-Za-z0-9]+(?:['’][A-Za-z]+)?|&/gu;

function mention(
  ticker: string,
  start: number,
  end: number,
  via: TickerMention['via'],
  extra: { exchange?: string | null; name?: string | null } = {},
): TickerMention {
  const company = instrumentFor(ticker);
  return {
    ticker: company?.ticker ?? ticker,
    start,
    end,
    via,
    company,
    exchange: extra.exchange ?? company?.exchange ?? null,
    name: extra.name ?? null,
  };
}

/** "Sony Group", "ASML Holding N.V.", "Walt Disney Company": the legal form after a name belongs to it. */
function withLegalForm(text: string, end: number): number {
  let at = end;
  for (let i = 0; i < 2; i += 1) {
    const tail =
      /^,? (?:Inc|Corp|Co|Company|Corporation|Ltd|Limited|plc|PLC|Holdings?|Group|N\.V|NV|S\.A|SE|AG|ASA|AB)\b\.?/u.exec(
        text.slice(at),
      );
    if (!tail) break;
    at += tail[0].replace(/\.$/u, '').length;
  }
  return at;
}

/** Capitalized words that may stand right before a company's name without making it part of a longer name. */
const LEADS = new Set(
  'the a an and or nor of at in on for from by with to like via both rival rivals including unlike about than versus vs new our my your his her their its this that these those buy buys bought sell sells sold hold holds long short add adds added trimmed exited own owned is was are were has had why how when what who as if but so then also only even just rating monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december today yesterday'.split(
    ' ',
  ),
);

/**
 * "Harrison Ford", "Trevor Noah", "Stephen Hackett": a one-word name right after a capitalized word, inside a
 * sentence, is part of a longer proper name (a person, a title). A sentence's first word proves nothing ("Today
 * Apple said"), nor do the words of LEADS.
 */
export function personBefore(text: string, at: number): boolean {
  const m = /([A-Z][a-z]+)[ \t]+$/u.exec(text.slice(Math.max(0, at - 30), at));
  if (!m || LEADS.has(m[1]!.toLowerCase())) return false;
  const before = text.slice(0, at - m[0].length);
  return !/(?:^|[.!?:;]["”’)]?\s+|\n[\s\-*•\d.)]*|[“"(‘]\s*)$/u.test(before);
}

function fundBefore(text: string, at: number): boolean {
  return /\b(?:ETF|ETN|Fund|Trust|Shares|Inc|Corp|Corporation|Holdings|Group|Company|plc|Ltd)\.?\s*$/u.test(
    text.slice(Math.max(0, at - 20), at),
  );
}

/** Company names: the alias table (as written), and registrant names (SEC list, curated) by their key. */
function nameMentions(text: string, strong: Set<string>, markets: boolean): TickerMention[] {
  const out: TickerMention[] = [];
  for (const m of text.matchAll(ALIAS_PATTERN)) {
    // "McDonald's" and "Lowe's" are aliases as written (with either apostrophe); "Apple's" is "Apple" with a
    // possessive.
    const written = m[0].replace(/’/gu, "'");
    const name = COMPANY_ALIASES[written] ? written : written.replace(/'s$/u, '');
    if (!COMPANY_ALIASES[name]) continue;
    const end = withLegalForm(text, m.index! + name.length);
    // "POSIX Shell", "Meta build systems": an alias that is also a word names the company with its legal form or
    // ticker, or once the post has given the ticker or is about markets, and never as a sentence's first word
    // ("Target prices rose").
    if (WORD_ALIASES.has(name) && end === m.index! + name.length && !/^\s*\(/u.test(text.slice(end))) {
      if (!strong.has(COMPANY_ALIASES[name]!) && !markets) continue;
      if (/(?:^|[.!?:]\s+|\n\s*)$/u.test(text.slice(Math.max(0, m.index! - 3), m.index!))) continue;
    }
    // "Harrison Ford", "Trevor Noah": a one-word name right after a capitalized word is a person's or a title's.
    if (!name.includes(' ') && personBefore(text, m.index!)) continue;
    out.push(mention(COMPANY_ALIASES[name]!, m.index!, end, 'name', { name: text.slice(m.index!, end) }));
  }
  const tokens = [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index!, end: m.index! + m[0].length }));
  for (let i = 0; i < tokens.length; i += 1) {
    const first = tokens[i]!;
    if (!/^(?:[A-Z0-9]|[a-z][A-Z])/u.test(first.text) || /^\d+$/u.test(first.text)) continue;
    let best: { ticker: string; j: number } | null = null;
    for (let j = i; j < Math.min(tokens.length, i + 7); j += 1) {
      const tok = tokens[j]!;
      if (j > i) {
        const gap = text.slice(tokens[j - 1]!.end, tok.start);
        if (!/^[ \-.,]{0,3}$|^ & $/u.test(gap) || gap.includes(',')) break;
        // "J.P. Morgan" continues after an initial; "the USA. Today" is two sentences.
        if (/\.\s/u.test(gap) && tokens[j - 1]!.text.length > 1) break;
        if (!/^[A-Z0-9]/u.test(tok.text) && !CONNECTORS.has(tok.text)) break;
      }
      const key = nameTokens(text.slice(first.start, tok.end)).join(' ');
      const state = nameKeyState(key);
      if (state.ticker && /^[A-Z0-9]/u.test(tok.text)) best = { ticker: state.ticker, j };
      if (!state.longer) break;
    }
    if (!best) continue;
    const end = withLegalForm(text, tokens[best.j]!.end);
    // A registrant's name that is one word without its legal form ("Hackett", "Compass", "Hello", "Celsius") is also a
    // surname, a word or a product: it names the company as written with its legal form ("Hackett Group Inc"), or
    // once the post has given its ticker ("Celsius Holdings (CELH)", then "Celsius").
    const spelled = tokens.slice(i, best.j + 1).some((t) => isLegalForm(t.text)) || end > tokens[best.j]!.end;
    const words = nameTokens(text.slice(first.start, end)).filter((w) => !isLegalForm(w));
    if (words.length <= 1 && !spelled && !strong.has(best.ticker)) continue;
    if (best.j === i && personBefore(text, first.start)) continue;
    // A one-word name in capitals is a bare ticker in disguise ("MSCI"): the same rules as for tickers apply.
    if (
      best.j === i &&
      /^[A-Z0-9]+$/u.test(first.text) &&
      (ABBREVIATIONS.has(first.text) || instrumentFor(first.text)?.word)
    ) {
      continue;
    }
    out.push(
      mention(best.ticker, first.start, end, 'name', { name: text.slice(first.start, end).replace(/[,.]$/u, '') }),
    );
    while (i + 1 < tokens.length && tokens[i + 1]!.start < end) i += 1;
  }
  return out;
}

/**
 * Every instrument a text names, in order of appearance; overlapping matches keep the first, longest one. Ticker
 * context (a "$" cashtag, "(TICKER)" after a name, an exchange prefix, a suffixed listing, or the company's name)
 * always counts. A bare upper-case ticker counts when the text named it with context elsewhere, or when it is a known
 * ticker that is not also a word or a common abbreviation ("CAT", "ARE", "CEO" need context).
 */
export function findTickerMentions(text: string): TickerMention[] {
  const found: TickerMention[] = [];
  const markets = aboutMarkets(text);
  for (const m of text.matchAll(
    /(?<![A-Za-z0-9$"'=])\$([A-Z]{1,6}(?:[.-][A-Z]{1,2})?)(?![A-Za-z0-9_=([{]|->|\.[A-Za-z])/gu,
  )) {
    // "$HOME", "$DB = new DB": a variable in a line of code, not a cashtag.
    if (codeLine(text, m.index!)) continue;
    const ticker = normalizeTicker(m[1]!);
    // "$GOPATH", "$PATH": a cashtag the universe does not know counts only in a post about markets.
    if (ticker && (instrumentFor(ticker) || markets)) {
      found.push(mention(ticker, m.index!, m.index! + m[0].length, 'cashtag'));
    }
  }
  for (const m of text.matchAll(PREFIX_PATTERN)) {
    const prefix = EXCHANGE_PREFIXES[m[1]!.toUpperCase()];
    if (!prefix) continue;
    const symbol = m[2]!.replace('-', '.');
    const ticker =
      prefix.suffix && !suffixedListing(symbol) ? withSuffix(symbol, prefix.suffix) : normalizeTicker(symbol);
    if (!ticker) continue;
    const listing = suffixedListing(ticker);
    found.push(
      mention(ticker, m.index!, m.index! + m[0].length, 'exchange', { exchange: listing?.exchange ?? prefix.exchange }),
    );
  }
  for (const m of text.matchAll(/(?<=^|\s)\(([^()\n]{1,60})\)/gu)) {
    let at = m.index! + 1;
    for (const part of m[1]!.split(/([,;/]|\band\b)/u)) {
      const partStart = at;
      at += part.length;
      if (/^(?:[,;/]|and)$/u.test(part.trim())) continue;
      const token = part.trim().replace(/^(?:ticker|symbol)\s*:\s*/iu, '');
      const raw = /^\$?([A-Z0-9&]{1,10}(?:-[A-Z0-9]{1,2})?(?:\.[A-Z0-9]{1,3})?)$/u.exec(token)?.[1];
      if (!raw) break;
      const ticker = normalizeTicker(raw);
      const company = ticker ? instrumentFor(ticker) : null;
      // A ticker the universe does not list still counts after a fund's or company's full name: "… ETF (VWO)".
      if (ticker && !company && fundBefore(text, m.index!) && !ABBREVIATIONS.has(ticker)) {
        const start = partStart + part.indexOf(token);
        found.push(mention(ticker, start, start + token.length, 'parenthesized'));
        continue;
      }
      if (!ticker || !company) break;
      if (partStart === m.index! + 1 && company.source !== 'suffix' && !companyBefore(text, m.index!, ticker, company))
        break;
      const start = partStart + part.indexOf(token);
      found.push(
        mention(ticker, start, start + token.length, company.source === 'suffix' ? 'suffix' : 'parenthesized'),
      );
    }
  }
  for (const m of text.matchAll(SUFFIX_PATTERN)) {
    const listing = suffixedListing(m[1]!);
    if (listing) found.push(mention(listing.ticker, m.index!, m.index! + m[0].length, 'suffix'));
  }
  // A post that writes tickers ("$FCX", "Visa (V)", "NYSE: PG") or is about markets may also write them bare;
  // elsewhere an upper-case word from the SEC list ("SSD", "OLED", "TLS", "IDE") is an acronym far more often.
  const writesTickers = found.length > 0 || markets;
  const boilerplate = boilerplateSpans(text);
  const strong = new Set(found.map((f) => f.ticker));
  found.push(...nameMentions(text, strong, markets).filter((f) => !within(boilerplate, f.start, f.end)));
  const established = new Set(found.map((f) => f.ticker));
  for (const m of text.matchAll(
    /(?<![A-Za-z0-9$.&/'’_-])([A-Z][A-Z0-9]{0,5}(?:\.[A-Z])?)(?![A-Za-z0-9&'’_-]|\.[A-Za-z0-9])/gu,
  )) {
    const ticker = m[1]!;
    if (!established.has(ticker)) {
      const company = instrumentFor(ticker);
      if (!company || company.word || ticker.length < 3 || ABBREVIATIONS.has(ticker) || AMBIGUOUS_BARE.has(ticker)) {
        continue;
      }
      // "Amphenol   APH   Bought": a table row names the company before its ticker.
      const named = sharesName(text, m.index!, company);
      if (company.source !== 'curated' && (ticker.length < 3 || (!writesTickers && !named) || shouting(text, m.index!)))
        continue;
      if (within(boilerplate, m.index!, m.index! + ticker.length)) continue;
    }
    found.push(mention(ticker, m.index!, m.index! + ticker.length, 'ticker'));
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TickerMention[] = [];
  for (const f of found) {
    const last = out[out.length - 1];
    if (last && f.start < last.end) continue;
    // "Freeport-McMoRan (FCX)": the name and its ticker are one mention, of the ticker the text gives.
    if (last && last.via === 'name' && f.via !== 'name' && /^\s*\(\s*\$?$/u.test(text.slice(last.end, f.start))) {
      const close = text.indexOf(')', f.end);
      out[out.length - 1] = {
        ...f,
        start: last.start,
        name: last.name,
        end: close >= 0 && close - f.end < 3 ? close + 1 : f.end,
      };
      continue;
    }
    out.push(f);
  }
  // "BHP Group (BHP.AX)" says which listing the post means: a later "BHP" or "BHP Group" is that listing too.
  const meant = new Map<string, TickerMention>();
  return out.map((m) => {
    if (m.via === 'suffix' || m.via === 'exchange') {
      const byName = m.name ? tickerForName(m.name) : null;
      for (const t of [byName, m.ticker.split('.')[0]]) if (t && t !== m.ticker && !meant.has(t)) meant.set(t, m);
      return m;
    }
    const listing = meant.get(m.ticker);
    return listing ? { ...m, ticker: listing.ticker, company: listing.company, exchange: listing.exchange } : m;
  });
}

const NEWS_AGENCIES = new Set(['AP', 'AFP', 'UPI', 'DPA', 'PA', 'CP']);
/** Words too common in company names to tie a name to a ticker on their own. */
const GENERIC_NAME_WORDS = new Set(
  'group holdings holding international global capital financial american america united first national energy bank banc bancorp technologies technology systems resources industries partners trust fund etf shares new general north south east west one and of communications services solutions brands health'.split(
    ' ',
  ),
);

/** Do the words just before `at` (on its line) share a distinctive word with the company's name? */
function sharesName(text: string, at: number, company: Instrument): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = nameTokens(text.slice(Math.max(lineStart, at - 60), at)).slice(-6);
  const own = new Set(nameTokens(company.name).filter((w) => !GENERIC_NAME_WORDS.has(w) && !isLegalForm(w)));
  return before.some((w) => own.has(w));
}

/**
 * Is "(TICKER)" the ticker of the name before it? It is when those words are the company's name ("Advanced Micro
 * Devices (AMD)", "Visa (V)") or share a distinctive word with it ("Zions Bancorporation (ZION)", "Verizon (VZ)").
 * Otherwise the parentheses hold a party ("Ralph Northam (D)"), a news agency ("WASHINGTON (AP)"), an abbreviation
 * being defined ("Game Developers Conference (GDC)", "Solid State Drive (SSD)") or a share class ("Pure Storage Inc
 * (A)"), not a ticker.
 */
function companyBefore(text: string, at: number, ticker: string, company: Instrument): boolean {
  const words = text
    .slice(Math.max(0, at - 80), at)
    .split(/[^A-Za-z0-9&'’.-]+/u)
    .filter(Boolean);
  for (let n = 1; n <= Math.min(6, words.length); n += 1) {
    if (tickerForName(words.slice(-n).join(' ')) === ticker) return true;
  }
  return !NEWS_AGENCIES.has(ticker) && sharesName(text, at, company);
}

/** A line of code ("$ cd $HOME", "$DB = NEW DB_MYSQL;", "if [ -n $VAR ]; then"): its "$WORD" are variables. */
function codeLine(text: string, at: number): boolean {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? undefined : end);
  if (/^\s*(?:\$\s|#!|\/\/)|\b(?:sudo|chown|chmod|export|echo|mkdir|git clone|cd)\s|\$\(/u.test(line)) return true;
  // "$Key", "$crypt_str": a variable's name in mixed case; "$DB = …": an assignment; "f(…);": a statement.
  if (/\$[A-Za-z_]*[a-z_]|^\s*\$[A-Z]\w*\s*=|\w\(.*\)\s*;|;\s*\/\//u.test(line)) return true;
  return (line.match(/[={}]|->|\|\||;\s*$/gu)?.length ?? 0) >= 2;
}

/** A line in capitals ("WHY WE BOUGHT COPPER"): its words are not read as tickers without context. */
export function shouting(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at);
  const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
  return !/[a-z]/u.test(line) && (line.match(/[A-Z]{2,}/gu)?.length ?? 0) >= 3;
}

/** The tickers a text gives with ticker evidence (a cashtag, "(FCX)", "NYSE: PG", "6758.T", a bare FCX), not by name only. */
export function evidencedTickers(mentions: TickerMention[]): Set<string> {
  return new Set(mentions.filter((m) => m.via !== 'name').map((m) => m.ticker));
}

/** Distinct tickers by number of mentions, most first (ties: first mention first). */
export function rankTickers(mentions: TickerMention[]): string[] {
  const counts = new Map<string, number>();
  for (const m of mentions) counts.set(m.ticker, (counts.get(m.ticker) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
}

/** The name to show for a ticker: as the text wrote it, else the universe's, else the ticker. */
export function displayNameFor(ticker: string, mentions: TickerMention[]): string {
  return mentions.find((m) => m.ticker === ticker && m.name)?.name ?? instrumentFor(ticker)?.name ?? ticker;
}
