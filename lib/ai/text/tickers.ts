import { LISTED_COMPANIES, type ListedCompany } from '@/lib/reference/companies';

export interface TickerMention {
  ticker: string;
  start: number;
  end: number;
  via: 'cashtag' | 'parenthesized' | 'ticker' | 'name';
  /** Reference data when the ticker is a listed company we know. */
  company: ListedCompany | null;
}

const BY_TICKER = new Map(LISTED_COMPANIES.map((c) => [c.ticker, c]));

/**
 * Tickers that are also ordinary words or abbreviations ("C", "V", "NOW", "DE"): never matched bare, only as a
 * cashtag, in parentheses, or through the company's name.
 */
const AMBIGUOUS_BARE = new Set(['A', 'C', 'V', 'O', 'DE', 'MA', 'MS', 'NOW', 'ALL', 'IT', 'ON', 'GO', 'SO', 'BE']);

const TICKER_SHAPE = /^[A-Z]{1,5}(?:\.[A-Z]{1,2})?$/u;

/** "$brk-b", "BRK/B", "brk b" → "BRK.B"; null when it cannot be a ticker. */
export function normalizeTicker(raw: string): string | null {
  const t = raw
    .trim()
    .replace(/^\$/u, '')
    .toUpperCase()
    .replace(/^([A-Z]{1,5})[-/. ]([A-Z]{1,2})$/u, '$1.$2');
  return TICKER_SHAPE.test(t) ? t : null;
}

export function companyFor(ticker: string): ListedCompany | null {
  return BY_TICKER.get(ticker) ?? null;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

// Longest names first, so "NVIDIA Corporation" wins over "Nvidia" at the same place.
const NAMES: { name: string; company: ListedCompany }[] = LISTED_COMPANIES.flatMap((c) =>
  [...new Set([c.name, c.short])].filter((n) => n !== c.ticker).map((name) => ({ name, company: c })),
).sort((a, b) => b.name.length - a.name.length);

const NAME_PATTERN = new RegExp(
  `(?<![A-Za-z0-9])(?:${NAMES.map((n) => escapeRegExp(n.name)).join('|')})(?![A-Za-z0-9])`,
  'gu',
);
const NAME_LOOKUP = new Map(NAMES.map((n) => [n.name, n.company]));

/** Every ticker a text names, in order of appearance; overlapping matches keep the first, longest one. */
export function findTickerMentions(text: string): TickerMention[] {
  const found: TickerMention[] = [];
  for (const m of text.matchAll(/(?<![A-Za-z0-9$])\$([A-Za-z]{1,5}(?:\.[A-Za-z]{1,2})?)(?![A-Za-z0-9])/gu)) {
    const ticker = normalizeTicker(m[1]!);
    if (!ticker || m[1] !== m[1]!.toUpperCase()) continue;
    found.push({ ticker, start: m.index!, end: m.index! + m[0].length, via: 'cashtag', company: companyFor(ticker) });
  }
  for (const m of text.matchAll(/\((?:(?:NYSE|NASDAQ|Nasdaq|NYSE Arca)\s*:\s*)?([A-Z]{1,5}(?:\.[A-Z]{1,2})?)\)/gu)) {
    const ticker = m[1]!;
    const withExchange = m[0].includes(':');
    if (!withExchange && !BY_TICKER.has(ticker)) continue;
    found.push({
      ticker,
      start: m.index!,
      end: m.index! + m[0].length,
      via: 'parenthesized',
      company: companyFor(ticker),
    });
  }
  for (const m of text.matchAll(/(?<![A-Za-z0-9$(.])([A-Z]{1,5}(?:\.[A-Z])?)(?![A-Za-z0-9)]|\.[A-Z])/gu)) {
    const ticker = m[1]!;
    if (!BY_TICKER.has(ticker) || AMBIGUOUS_BARE.has(ticker)) continue;
    found.push({ ticker, start: m.index!, end: m.index! + m[0].length, via: 'ticker', company: companyFor(ticker) });
  }
  for (const m of text.matchAll(NAME_PATTERN)) {
    const company = NAME_LOOKUP.get(m[0])!;
    found.push({ ticker: company.ticker, start: m.index!, end: m.index! + m[0].length, via: 'name', company });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TickerMention[] = [];
  for (const f of found) {
    const last = out[out.length - 1];
    if (last && f.start < last.end) continue;
    out.push(f);
  }
  return out;
}

/** Distinct tickers by number of mentions, most first (ties: first mention first). */
export function rankTickers(mentions: TickerMention[]): string[] {
  const counts = new Map<string, number>();
  for (const m of mentions) counts.set(m.ticker, (counts.get(m.ticker) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
}
