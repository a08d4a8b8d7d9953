import sanitizeHtml from 'sanitize-html';

/**
 * Deepest element nesting kept. The DOM libraries behind cleaning and text conversion walk the tree recursively and
 * overflow the stack somewhere past 2,000 levels; no newsletter layout nests a tenth as deep.
 */
export const MAX_NESTING = 256;

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/**
 * Whether elements nest deeper than `maxDepth`, read from the tags alone. A close tag pops back to its opener and a
 * stray one is ignored, as the parser does, and `<div/>` opens a div, as it does in HTML; so the count errs only high
 * (text that merely looks like tags), which costs a needless pass of limitNesting and never a missed one. The stack
 * stops growing past `maxDepth`, so the scan stays linear.
 */
export function nestsDeeperThan(html: string, maxDepth: number): boolean {
  const open: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)[^<>]*>/g)) {
    const name = match[2]!.toLowerCase();
    if (match[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
    } else if (!VOID_ELEMENTS.has(name)) {
      open.push(name);
      if (open.length > maxDepth) return true;
    }
  }
  return false;
}

// Elements whose text a converter reads only from their proper children (a table's cells, a list's items): text cut
// loose from a cell into its row by the unwrapping would be dropped, so in a document that gets unwrapped they are
// plain blocks.
const STRUCTURE_AS_BLOCKS = Object.fromEntries(
  ['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'].map((tag) => [
    tag,
    'div',
  ]),
);

/**
 * The HTML with every element nested deeper than `maxDepth` unwrapped: its tags dropped, its text kept. Returns the
 * input itself when nothing nests that deep; otherwise tables and lists also become plain blocks
 * (STRUCTURE_AS_BLOCKS), and everything else is left as it was.
 */
export function limitNesting(html: string, maxDepth = MAX_NESTING): string {
  if (!nestsDeeperThan(html, maxDepth)) return html;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    disallowedTagsMode: 'discard',
    nestingLimit: maxDepth,
    transformTags: STRUCTURE_AS_BLOCKS,
  });
}
