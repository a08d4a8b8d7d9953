import { decodeEntities, removeBetween } from './feed-text';

export type HtmlTag = Record<string, string>;

// A page's head is enough for discovery; capping the scan keeps a hostile multi-megabyte page cheap.
const SCAN_LIMIT = 2_000_000;

/** Attributes of every `<name …>` start tag in a page, names lower-cased, values entity-decoded. */
export function htmlTags(html: string, name: 'link' | 'meta' | 'base' | 'a'): HtmlTag[] {
  const text = removeBetween(html.slice(0, SCAN_LIMIT), '<!--', '-->');
  const tags: HtmlTag[] = [];
  // [^<>] keeps the scan linear when a hostile page opens many tags it never closes.
  const pattern = new RegExp(`<${name}\\b([^<>]*)>`, 'gi');
  for (const match of text.matchAll(pattern)) tags.push(attributes(match[1] ?? ''));
  return tags;
}

function attributes(source: string): HtmlTag {
  const out: HtmlTag = {};
  const pattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const key = (match[1] ?? '').toLowerCase();
    if (key in out) continue;
    out[key] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '').trim();
  }
  return out;
}

/** The page's `<base href>` resolved against its URL, else the URL itself. */
export function documentBase(html: string | undefined, pageUrl: string): string {
  const href = html ? htmlTags(html, 'base').find((tag) => tag.href)?.href : undefined;
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
  }
}
