/**
 * fast-check arbitraries of text that search analysis must survive (issue 23): arbitrary Unicode, biased toward what
 * real feeds carry and what broke indexing: emoji sequences, marks with no letter, invisible and bidi code points,
 * controls, surrogate halves, compatibility forms, scripts written without spaces, and tsquery/tsvector syntax.
 */
import fc from 'fast-check';

const cp = (code: number) => String.fromCodePoint(code);
const codePointIn = (min: number, max: number) => fc.integer({ min, max }).map(cp);

/** Emoji: ZWJ sequences, skin tones, flags, keycaps, and their parts alone (a variation selector, a ZWJ, a tag). */
export const EMOJI = [
  '❤️',
  '👨‍👩‍👧‍👦',
  '👍🏽',
  '🏽',
  '🇯🇵',
  '🇯',
  '1️⃣',
  '#️⃣',
  '⃣',
  '\uFE0F',
  '\uFE0E',
  '\u200D',
  '🏳️‍🌈',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '\u{E0067}',
  '\u{E007F}',
  '☺︎',
  '📈',
];

/** Combining marks with no base, alone and stacked, in several scripts; variation selectors of ideographs. */
export const MARKS = [
  '\u0301',
  '\u0301\u0301\u0301',
  '\u0308\u0323\u0330',
  '\u20DD',
  '\u034F',
  '\u0E31',
  '\u093F',
  '\u0651\u064E',
  '\u05B7',
  '\u17B4',
  '\u180B',
  '\u{E0100}',
  '\u3099',
];

/** Invisible and direction-changing code points. */
export const INVISIBLE = [
  '\u202E',
  '\u202A',
  '\u202C',
  '\u2066',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u3164',
  '\u115F',
  '\uFFA0',
  '\u0600',
  '\uFFF9',
];

/** Controls (C0, C1, NUL), line breaks, and odd spaces. */
export const CONTROLS = [
  '\u0000',
  '\u0001',
  '\u001F',
  '\u007F',
  '\u0085',
  '\u009F',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  '\u00A0',
  '\u3000',
  '\u1680',
];

/** Lone surrogate halves, private use, unassigned and non-characters. */
export const BROKEN = [
  '\uD800',
  '\uDC00',
  '\uDBFF',
  '\uDFFF',
  '\uE000',
  '\u{F0000}',
  '\u0378',
  '\uFFFE',
  '\uFFFF',
  '\uFFFD',
];

/** Compatibility forms that NFKC turns into ASCII letters and digits. */
export const COMPATIBILITY = [
  'ＡＢＣ',
  'ａｂｃ１２３',
  '％',
  '＇',
  '𝐀𝐁𝐂',
  '𝟏𝟐',
  '𝕏',
  'ﬁnance',
  'Ⅻ',
  '①',
  '²',
  '½',
  'ǅ',
  'ｶﾀｶﾅ',
];

/** Words of scripts written without spaces and of right-to-left and Indic scripts. */
export const SCRIPTS = [
  '東京証券取引所',
  '日本銀行の金融政策',
  'カタカナ',
  '삼성전자',
  'ภาษาไทย',
  'ธนาคารแห่งประเทศไทย',
  'ພາສາລາວ',
  'ភាសាខ្មែរ',
  'မြန်မာ',
  'السوق المالية',
  'مُحَمَّد',
  '٣٤٥',
  'שׁוּק הַהוֹן',
  'कंपनी शेयर बाज़ार',
  'क़',
  'பங்குச் சந்தை',
  'Сбербанк',
  'ёлка',
  'Ελλάδα',
  'Հայաստան',
];

/** Latin with accents (composed and decomposed), finance symbols, and the tsvector/tsquery syntax characters. */
export const LATIN = [
  'Nestlé',
  'Société Générale',
  'e\u0301te\u0301',
  'straße',
  'İstanbul',
  'ØRSTED',
  "O'Neill's",
  'AT&T',
  'S&P 500',
  '-0.3%',
  '+0.2%',
  '10-K',
  '$BRK.B',
  '1,000,000',
  '−1.5%',
  '3Q26',
  'nvidia',
  'earnings',
  'a',
  'the',
];
export const SYNTAX = ["'", "''", '\\', "\\'", ':', ':*', 'A:1', '&', '|', '!', '<->', '<2>', '(', ')', '*', '"', '%'];

export const HOSTILE_PIECES = [
  ...EMOJI,
  ...MARKS,
  ...INVISIBLE,
  ...CONTROLS,
  ...BROKEN,
  ...COMPATIBILITY,
  ...SCRIPTS,
  ...LATIN,
  ...SYNTAX,
];

/** One code point from a range that holds hostile classes. */
const hostileCodePoint = fc.oneof(
  codePointIn(0x0000, 0x00ff),
  codePointIn(0x0300, 0x036f), // combining diacritics
  codePointIn(0x1ab0, 0x1aff), // combining diacritics extended
  codePointIn(0x20d0, 0x20ff), // combining marks for symbols
  codePointIn(0xfe00, 0xfe0f), // variation selectors
  codePointIn(0x2000, 0x206f), // spaces, joiners, bidi controls
  codePointIn(0x1f300, 0x1faff), // emoji
  codePointIn(0x1f1e6, 0x1f1ff), // regional indicators
  codePointIn(0x1f3fb, 0x1f3ff), // skin tones
  codePointIn(0xe0000, 0xe01ef), // tags, variation selectors supplement
  codePointIn(0xd800, 0xdfff), // surrogate halves, alone
  codePointIn(0x1d400, 0x1d7ff), // mathematical alphanumerics
  codePointIn(0xff00, 0xffef), // full-width and half-width forms
  codePointIn(0x0e00, 0x0e7f), // Thai
  codePointIn(0x0900, 0x097f), // Devanagari
  codePointIn(0x0600, 0x06ff), // Arabic
  codePointIn(0x4e00, 0x4e80), // CJK
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

/** A piece of text: a known hostile sequence, a run of hostile code points, or any Unicode. */
export const hostilePiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
  { weight: 3, arbitrary: fc.string({ unit: hostileCodePoint, minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }) },
);

const separator = fc.constantFrom('', '', ' ', ' ', ' ', '\n', '-', "'", '.', ',', '\u00A0');

/** Text of hostile pieces, glued to each other or separated. */
export function hostileText(maxPieces = 12): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(hostilePiece, separator), { maxLength: maxPieces })
    .map((parts) => parts.map(([piece, sep]) => piece + sep).join(''));
}

/** The fields of a post's search document, each of hostile text. */
export const hostilePost = fc.record({
  title: hostileText(6),
  subtitle: fc.option(hostileText(4), { nil: null }),
  publication: hostileText(3),
  body: hostileText(30),
});

/** Languages documents are analysed in: with a stemmer of each kind, and without one. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'ru', 'ar', 'tr', 'ta', 'hy', 'el', 'ga', 'hu', 'ja', 'zh', 'th'];
export const language = fc.constantFrom(...LANGUAGES);

/**
 * The i-th of distinct 40-character words with an accent and a digit (so never stemmed): each is indexed under its
 * accented and its folded form, so 16,000 of them would pass PostgreSQL's 1 MB limit of a tsvector.
 */
export function longWord(i: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `é${[...i.toString(26).padStart(38, '0')].map((digit) => letters[Number.parseInt(digit, 26)]).join('')}7`;
}
