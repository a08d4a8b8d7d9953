/**
 * From tokens to lexemes, the terms the index stores. A document token yields every form a query may use for it (the
 * stem of the word with its accents folded and, when it had accents, with them; a number with and without its sign
 * and percent sign), all at the token's position. A query token yields a ladder of the same forms, most specific
 * first: "Nestlé" looks for the accented form before the folded one, "-0.3%" for the signed percentage before 0.3.
 * Every form passes through toLexeme (./lexeme.ts): one that cannot be a lexeme is left out (a stem that cannot be one
 * is its word: see stem), so a token that is not a lexeme itself yields none, and one that is yields no empty rung.
 */
import { lexemesOf } from './lexeme';
import { stem } from './stemmers';
import type { Token } from './tokens';

const HAS_DIGIT = /\p{N}/u;
const NOT_ASCII = /[^\x20-\x7e]/;
const MARKS = /\p{M}/gu;
// Diacritics are folded only in the alphabets where they are optional in practice (Latin, Greek, Cyrillic); in
// Arabic, Hebrew or the Indic scripts the marks are part of the word.
const FOLDABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{N}'-]+$/u;
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const UNDECOMPOSABLE = /[ßæœøłđðþı]/g;

/** The token without its diacritics ("société" -> "societe", "müller" -> "muller"); unchanged when it has none. */
export function fold(text: string): string {
  if (!NOT_ASCII.test(text) || !FOLDABLE.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(UNDECOMPOSABLE, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .normalize('NFC');
}

/** "-0.3%" -> ["-0.3%", "0.3%", "0.3"]: most specific first, without repeats. */
function numberForms(text: string): string[] {
  const unsigned = text.replace(/^[+-]/, '');
  const bare = unsigned.replace(/%$/, '');
  return lexemesOf([text, unsigned, bare]);
}

/** The stems of the word and of its folded form, a rung each (one when folding changes nothing). */
function wordForms(text: string, languages: readonly string[]): string[][] {
  // Codes with digits (q3, fy2026, sp500, 10k) are identifiers: never stemmed.
  const stems = (word: string) => (HAS_DIGIT.test(word) ? [word] : lexemesOf(languages.map((l) => stem(word, l))));
  return lexemesOf([text, fold(text)]).map(stems);
}

// Indexing asks for the same few thousand words again and again; their lexemes are remembered, per language.
const documentCache = new Map<string, Map<string, string[]>>();
const DOCUMENT_CACHE_LIMIT = 500_000;

/** Every lexeme a document token is indexed under, for a document in the given language. */
export function documentLexemes(token: Token, language: string): string[] {
  let cache = documentCache.get(language);
  if (cache === undefined) {
    cache = new Map();
    documentCache.set(language, cache);
  }
  let lexemes = cache.get(token.text);
  if (lexemes === undefined) {
    lexemes =
      token.kind === 'number' ? numberForms(token.text) : [...new Set(wordForms(token.text, [language]).flat())];
    if (cache.size >= DOCUMENT_CACHE_LIMIT) cache.clear();
    cache.set(token.text, lexemes);
  }
  return lexemes;
}

/**
 * The forms a query token may match, most specific first; each rung lists the stems in the corpus's languages (the
 * query's own language is unknown). The first rung the index holds is used.
 */
export function queryLexemeLadder(token: Token, languages: readonly string[]): string[][] {
  if (token.kind === 'number') return numberForms(token.text).map((form) => [form]);
  return wordForms(token.text, languages);
}
