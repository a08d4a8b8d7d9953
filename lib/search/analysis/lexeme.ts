/**
 * What the analysis may emit as a lexeme, and the only way one reaches tsvector or tsquery text (issue 23: a post
 * with "❤️" produced the empty lexeme of a lone variation selector, and PostgreSQL refused the whole document).
 *
 * A lexeme is:
 * - in NFC, with no default-ignorable code point (variation selectors, joiners, bidi controls, Hangul fillers,
 *   tag characters: invisible, so two spellings that differ only by them are one word);
 * - made only of letters, marks and digits (\p{L} \p{M} \p{N}) and the punctuation numbers and names keep (sign,
 *   decimal separators, percent sign, inner apostrophe), so never a control (Cc), format (Cf), surrogate (Cs),
 *   private-use (Co: no meaning shared between two sources) or unassigned (Cn: not known to be a letter by this
 *   runtime) code point, a space, a symbol or an emoji;
 * - holding at least one letter or digit;
 * - at most MAX_LEXEME_BYTES in UTF-8 (PostgreSQL refuses 2048 bytes or more).
 */

/** Tokens are at most 40 UTF-16 units (120 bytes); PostgreSQL's limit is 2047. */
export const MAX_LEXEME_BYTES = 256;

const ALLOWED = /^[\p{L}\p{M}\p{N}'+\-.,%]+$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const IGNORABLES = /\p{Default_Ignorable_Code_Point}/gu;

/** The text's length in UTF-8 bytes (a lone surrogate counts as the 3 bytes of U+FFFD it is sent as). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Most lexemes are plain ASCII words and numbers (already normalized, a byte a character), judged here in one pass:
 * whether the text is a lexeme, or null when it is not all ASCII.
 */
function asciiLexeme(text: string): boolean | null {
  let letterOrDigit = false;
  let allowed = text.length > 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return null;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a)) letterOrDigit = true;
    // ' + - . , %
    else if (c !== 0x27 && c !== 0x2b && c !== 0x2d && c !== 0x2e && c !== 0x2c && c !== 0x25) allowed = false;
  }
  return allowed && letterOrDigit && text.length <= MAX_LEXEME_BYTES;
}

/** Whether text already in NFC and free of default-ignorable code points holds only what a lexeme may. */
function validNormalized(text: string): boolean {
  return ALLOWED.test(text) && LETTER_OR_DIGIT.test(text) && utf8Length(text) <= MAX_LEXEME_BYTES;
}

/** Whether the text may be stored as a lexeme as it is (see the definition above). */
export function isLexeme(text: string): boolean {
  return asciiLexeme(text) ?? (!IGNORABLE.test(text) && text.normalize('NFC') === text && validNormalized(text));
}

// Unicode property tests cost a few hundred nanoseconds on text beyond Latin-1; every token of every post is judged,
// and the same words come back in post after post.
const unicodeLexemes = new Map<string, string | null>();
const UNICODE_CACHE_LIMIT = 200_000;

/** The lexeme the text stands for (NFC, invisible code points removed), or null when it cannot be one. */
export function toLexeme(raw: string): string | null {
  const ascii = asciiLexeme(raw);
  if (ascii !== null) return ascii ? raw : null;
  let lexeme = unicodeLexemes.get(raw);
  if (lexeme === undefined) {
    const text = (IGNORABLE.test(raw) ? raw.replace(IGNORABLES, '') : raw).normalize('NFC');
    lexeme = validNormalized(text) ? text : null;
    if (unicodeLexemes.size >= UNICODE_CACHE_LIMIT) unicodeLexemes.clear();
    unicodeLexemes.set(raw, lexeme);
  }
  return lexeme;
}

/** The distinct lexemes of the texts, in order; texts that cannot be lexemes are left out. */
export function lexemesOf(texts: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    const lexeme = toLexeme(text);
    if (lexeme !== null) out.add(lexeme);
  }
  return [...out];
}
