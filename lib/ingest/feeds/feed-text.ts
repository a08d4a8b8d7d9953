import { storableText } from '@/lib/posts/storable-text';

// Named entities seen in feed titles and summaries; anything else stays as written rather than guessed at.
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  // A plain space: these strings are titles and summaries, where a no-break space only gets in the way.
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  eacute: 'é',
  egrave: 'è',
  aacute: 'á',
  oacute: 'ó',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ccedil: 'ç',
  ntilde: 'ñ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // Lone surrogates and values past Unicode are not characters: keep the text as it was.
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Tags out, entities decoded, whitespace collapsed: enough for titles and short descriptions, not for bodies. */
export function plainText(html: string | null | undefined): string | null {
  if (typeof html !== 'string') return null;
  let text = html.split('<![CDATA[').join('').split(']]>').join('');
  text = removeBetween(text, '<script', '</script>');
  text = removeBetween(text, '<style', '</style>');
  text = removeBetween(text, '<!--', '-->');
  // [^<>] rather than [^>]: a stray "<" then stops the scan at the next tag, so hostile text stays linear.
  text = decodeEntities(text.replace(/<\/?(p|div|br|li|h[1-6]|blockquote|tr)\b[^<>]*>/gi, ' ').replace(/<[^<>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 0 ? text : null;
}

/**
 * Removes every stretch from `open` to `close` (case-insensitive), and everything after an `open` that never closes.
 * A loop over indexOf instead of a lazy regex: the regex rescans to the end for each unclosed opener, which turns a
 * hostile page full of "<script" into seconds of work.
 */
export function removeBetween(text: string, open: string, close: string, replacement = ' '): string {
  const lower = text.toLowerCase();
  let out = '';
  let position = 0;
  while (position < text.length) {
    const start = lower.indexOf(open, position);
    if (start < 0) return out + text.slice(position);
    out += text.slice(position, start) + replacement;
    const end = lower.indexOf(close, start + open.length);
    if (end < 0) return out;
    position = end + close.length;
  }
  return out;
}

/** Cuts at a word boundary and marks the cut, so a summary never ends mid-word. */
export function truncateText(text: string | null, maxLength: number): string | null {
  if (text == null || text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Text as the database can store it (storableText: no NUL or other C0 controls, lone surrogate halves as U+FFFD),
 * trimmed; null when nothing is left.
 */
export function cleanLine(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = storableText(value).trim();
  return text.length > 0 ? text : null;
}

/** A trimmed string, or null for missing and blank values. */
export function cleanString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

export function looksLikeHtml(text: string): boolean {
  return /<[a-z][a-z0-9]*[\s>/]|&[a-z#0-9]+;/i.test(text);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
