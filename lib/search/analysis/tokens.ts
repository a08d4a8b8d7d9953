/**
 * Word tokens of text already passed through normalizeForSearch (lower-case, NFKC, finance symbols joined), for every
 * script. Runs of letters, marks and digits that start with a letter or digit are words (marks with no letter, such as
 * the variation selector of an emoji, are none); numbers keep their decimals, sign and percent sign, because "-0.3%"
 * and "+0.2%" are what tells two quarterly updates apart. Scripts written without spaces (Chinese, Japanese, Thai,
 * Lao, Khmer, Myanmar) are split into words by ICU's dictionaries through Intl.Segmenter. Every token is a lexeme
 * (./lexeme.ts): a piece that cannot be one is dropped.
 */
import { NOT_PLAIN_ASCII } from '@/lib/search/query/normalize';
import { STOPWORDS } from '@/lib/search/query/stopwords';
import { toLexeme } from './lexeme';

export type TokenKind = 'word' | 'number';

export interface Token {
  text: string;
  kind: TokenKind;
}

// A number: optional sign (not after a letter or digit, so the range "2-3%" is two numbers), digits with decimal
// groups, optional percent; it must not run into a letter ("10k", "3d" are words).
// A word: a letter or digit, then letters, marks and digits, with inner apostrophes ("nvidia's", "o'neill"), each
// before a letter: one before a mark would make a word of ".1'" + a combining accent that "1'" and the accent typed
// alone are not.
const TOKEN =
  /(?<![\p{L}\p{N}.,])[+-]?\d+(?:[.,]\d+)*%?(?![\p{L}\p{M}\p{N}])|[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
const NEEDS_SEGMENTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const IS_NUMBER = /^[+-]?\d/;
const POSSESSIVE = /'s$/;
const TRAILING_APOSTROPHES = /'+$/;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
// Over-long runs are junk (hashes, base64, minified code), not words anyone searches for.
export const MAX_TOKEN_LENGTH = 40;

let segmenter: Intl.Segmenter | null = null;

function segmentWords(run: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const words: string[] = [];
  for (const part of segmenter.segment(run)) if (part.isWordLike) words.push(part.segment);
  return words;
}

export function tokenKind(text: string): TokenKind {
  return IS_NUMBER.test(text) ? 'number' : 'word';
}

/** Tokens in order, stopwords dropped (they take no position, on documents and queries alike). */
export function tokenize(text: string): Token[] {
  // Invisible characters (variation selectors, Hangul fillers, joiners) are no part of a word, and toLexeme drops
  // them: they go before the words are found, or one decided where a word ends ("À'" and a variation selector made
  // the word à', and "à'" typed without it the word à) and a post was not found by its own word.
  const normalized = NOT_PLAIN_ASCII.test(text) ? text.replace(INVISIBLE, '') : text;
  const out: Token[] = [];
  // Indexing tokenizes every post: the segmenter test runs per token only in text that has such a script at all.
  const mixedScripts = NEEDS_SEGMENTER.test(normalized);
  const pattern = new RegExp(TOKEN);
  for (let match = pattern.exec(normalized); match !== null; match = pattern.exec(normalized)) {
    const token = match[0];
    if (mixedScripts && NEEDS_SEGMENTER.test(token)) {
      for (const piece of segmentWords(token)) push(out, piece);
    } else {
      push(out, token);
    }
  }
  return out;
}

function push(out: Token[], piece: string) {
  // The English possessive is no part of the name: "AT&T's" is att, like "Nvidia's" is nvidia.
  let text = piece.includes("'") || piece.includes('’') ? piece.replaceAll('’', "'").replace(POSSESSIVE, '') : piece;
  if (text.includes("'")) {
    // An apostrophe ends no word (a word segmenter's piece can end with one).
    text = text.replace(TRAILING_APOSTROPHES, '');
    // A word led by a digit took its apostrophe where the number could not start (after "." or ","): it is its number
    // and the rest, as the same characters typed alone are.
    if (IS_NUMBER.test(text) && text.includes("'")) {
      for (const part of text.split("'")) out.push(...tokenize(part));
      return;
    }
  }
  if (text.length > MAX_TOKEN_LENGTH) return;
  const lexeme = toLexeme(text);
  if (lexeme === null || STOPWORDS.has(lexeme)) return;
  out.push({ text: lexeme, kind: tokenKind(lexeme) });
}
