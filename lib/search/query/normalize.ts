/**
 * Symbol-preserving text normalization, applied identically to documents (titles, bodies) and to queries before
 * Postgres `to_tsvector('english', ...)` / `to_tsquery`.
 *
 * Why: the english config destroys finance symbols (notes/search.md trap 4): `AT&T` vanishes ('at' is a stopword),
 * `S&P 500` becomes 'p' '500', `10-K` becomes '10' 'k'. We rewrite such symbols into single [a-z0-9] words that the
 * parser keeps intact. Both sides must go through the same function or the rewritten words will not meet.
 *
 * Speed: this runs over ~100,000 bodies of ~3 KB while indexing, so every regex is compiled once here, and the rules
 * that need a rare character (`&`, `$`, `/`, `-`, `,`, `://`) are skipped when the text does not contain it.
 */
import { STOPWORDS } from './stopwords';

// C0/C1 controls become spaces (they separate words); format characters (zero-width space/joiners, soft hyphen, BOM,
// bidi marks) are deleted, since they sit inside words. Line/paragraph separators count as whitespace.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const FORMAT = /\p{Cf}/gu;
export const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/; // tabs/newlines are left to the whitespace collapse

const ENTITY = /&(amp|nbsp|#38|#39|quot|apos);/g;
const ENTITY_MAP: Record<string, string> = { amp: '&', '#38': '&', nbsp: ' ', '#39': "'", quot: '"', apos: "'" };

// URLs: keep host and path words (slugs like "nvidia-q3-earnings" are informative), drop scheme, "www" and the
// query string/fragment (tracking ids), so `&` and `$` inside URLs never reach the symbol rules below.
const URL = /(?:https?:\/\/|www\.)[^\s<>"'`]+/g;

// Cashtag: `$` + letter (so prices like $4.20 are untouched). `$BRK.B` keeps its dot for the share-class rule.
const CASHTAG = /(?<![a-z0-9$])\$([a-z][a-z0-9]{0,9}(?:\.[a-z])?)(?![a-z0-9])/g;

// S&P: known index sizes join (`s&p 500`, `s&p500` -> sp500); "S&P Global" (the company) -> spglobal; a bare S&P
// means the S&P 500, except before "/" (S&P/ASX 200, S&P/TSX), where it is just "sp".
const SP = /(?<![a-z0-9])s ?& ?p(?: ?(global|1500|100|400|500|600))?(?![a-z0-9])/g;
// Letter-ampersand-letter abbreviations: AT&T, P&G, M&A, R&D, Q&A. Spaced "Procter & Gamble" stays as is.
const AMP_JOIN = /(?<![a-z0-9&])([a-z]{1,3})&([a-z]{1,3})(?![a-z0-9&])/g;

// SEC forms: 10-K, 10-Q, 8-K, 20-F, 6-K, 40-F, 13-F (plural "10-Ks" too) and registration forms S-1, F-4.
const FORM = /(?<![a-z0-9])(\d{1,2})-([kqf])(?:['’]?s)?(?![a-z0-9])/g;
const REG_FORM = /(?<![a-z0-9-])([sf])-([1-4])(?![a-z0-9])/g;

// Valuation ratios and growth periods; an explicit list, because a generic a/b join would glue "and/or", "buy/sell".
const RATIO =
  /(?<![a-z0-9/])(ev\/ebitda|ev\/ebit|ev\/sales|ev\/revenue|ev\/s|p\/fcf|p\/cf|p\/e|p\/b|p\/s|d\/e|y\/y|q\/q|m\/m)(?![a-z0-9/])/g;
const RATIO_MAP: Record<string, string> = { 'y/y': 'yoy', 'q/q': 'qoq', 'm/m': 'mom' };

// Share classes (BRK.B, BF.A): 2-4 letters, dot, class letter a-c. Single-letter prefixes are excluded so "U.S.",
// "e.g." and initials are left alone.
const SHARE_CLASS = /(?<![a-z0-9.])([a-z]{2,4})\.([a-c])(?![a-z0-9]|\.[a-z])/g;

// Quarters/halves written finance-style: 3Q26, 3Q'26, 3Q 2026, Q3'26 -> "q3 2026"; bare 2Q -> q2. "Q3 2026" is
// already in canonical form. Halves need a year (1H alone is also "1 hour").
const QUARTER = /(?<![a-z0-9])([1-4])q(?:['’]?(\d{2})|\s?['’](\d{2})|\s?(20\d{2}))?(?![a-z0-9])/g;
const QUARTER_APOS = /(?<![a-z0-9])([qh])([1-4])\s?['’](\d{2})(?![a-z0-9])/g;
const HALF = /(?<![a-z0-9])([12])h(?:['’]?(\d{2})|\s?(20\d{2}))(?![a-z0-9])/g;

// Thousands separators: "1,000,000" -> "1000000", so the number is one token on both sides.
const THOUSANDS = /(\d),(?=\d{3}(?!\d))/g;
const SPACES = /\s{2,}|[^\S ]/g;

const year = (yy: string | undefined, yyyy?: string): string =>
  yyyy ?? (yy === undefined ? '' : String(2000 + Number(yy)));

function urlWords(url: string): string {
  const noQuery = url.replace(/^(?:https?:\/\/)?(?:www\.)?/, '').split(/[?#]/, 1)[0] ?? '';
  return ` ${noQuery.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

export function normalizeForSearch(text: string): string {
  let s = typeof text === 'string' ? text : '';
  if (NOT_PLAIN_ASCII.test(s)) {
    // The minus sign (U+2212) of typeset figures ("−0.3%") is the hyphen-minus of typed ones.
    s = s.replace(CONTROL, ' ').replace(FORMAT, '').normalize('NFKC').replaceAll('\u2212', '-');
  }
  s = s.toLowerCase();

  const hasAmp = s.includes('&');
  if (hasAmp && s.includes(';')) s = s.replace(ENTITY, (_m, e: string) => ENTITY_MAP[e] ?? ' ');
  if (s.includes('://') || s.includes('www.')) s = s.replace(URL, urlWords);
  if (s.includes('$')) s = s.replace(CASHTAG, '$1');
  if (s.includes('&')) {
    s = s.replace(SP, (m: string, idx: string | undefined, off: number, all: string) => {
      if (idx === 'global') return 'spglobal';
      if (idx !== undefined) return `sp${idx}`;
      return all[off + m.length] === '/' ? 'sp' : 'sp500';
    });
    s = s.replace(AMP_JOIN, '$1$2');
  }
  if (s.includes('-')) s = s.replace(FORM, '$1$2').replace(REG_FORM, '$1$2');
  if (s.includes('/')) s = s.replace(RATIO, (m: string) => RATIO_MAP[m] ?? m.replace('/', ''));
  if (s.includes('.')) s = s.replace(SHARE_CLASS, '$1$2');
  s = s
    .replace(
      QUARTER,
      (_m, q: string, a?: string, b?: string, c?: string) => `q${q}${a || b || c ? ' ' : ''}${year(a ?? b, c)}`,
    )
    .replace(QUARTER_APOS, (_m, k: string, n: string, yy: string) => `${k}${n} ${year(yy)}`)
    .replace(HALF, (_m, h: string, yy?: string, yyyy?: string) => `h${h} ${year(yy, yyyy)}`);
  if (s.includes(',')) s = s.replace(THOUSANDS, '$1');
  return s.replace(SPACES, ' ').trim();
}

export { STOPWORDS };
