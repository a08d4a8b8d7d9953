/**
 * Text as PostgreSQL can store it, whatever a feed or a mail delivered. A `text` value cannot hold NUL; a string with a
 * lone surrogate half (JSON Feed's "\ud800") has no UTF-8 form, and as a JSON escape it fails a jsonb cast; other C0
 * controls are noise that breaks titles in terminals and tables. Tabs and line breaks stay.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ONE_LINE = /\s+/g;

export function storableText(text: string): string {
  // A lone half becomes U+FFFD, as String.prototype.toWellFormed (ES2024, beyond this project's TypeScript lib) does.
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROLS, '');
}

export function storableOptional(text: string | null): string | null {
  return text === null ? null : storableText(text);
}

/**
 * A one-line field (a title, an author) within `max` characters: an index entry on it must stay under PostgreSQL's
 * 2,704-byte B-tree limit (titles are indexed by lower(title)), and no reader needs a 100,000-character title.
 */
export function storableLine(text: string, max: number): string {
  const line = storableText(text).replace(ONE_LINE, ' ').trim();
  if (line.length <= max) return line;
  // Cut at a code point boundary, then at the last word boundary when there is one near the end.
  const cut = Array.from(line.slice(0, max))
    .join('')
    .replace(/[\uD800-\uDBFF]$/, '');
  const atWord = cut.replace(/\s+\S*$/u, '');
  return `${atWord.length >= max * 0.8 ? atWord : cut.slice(0, max - 1)}…`;
}
