import { createHash } from 'node:crypto';

const MAX_SLUG_LENGTH = 80;

/**
 * Names a post cannot take: routes under /api/v1/publications/{publicationSlug}/ that are not posts, and would hide a
 * post of that slug (a post titled "Track record" becomes track-record-2).
 */
export const RESERVED_POST_SLUGS: ReadonlySet<string> = new Set(['track-record']);

/**
 * The base of a post's slug: its title folded to ASCII (accents dropped, so "Société Générale" gives
 * "societe-generale"), else the last segment of its URL, else a short digest of its guid (a title in a script
 * without a Latin form, such as Japanese, has nothing to fold). Matches the schema's `^[a-z0-9][a-z0-9-]*$`.
 */
export function postSlugBase(input: { title: string | null; url: string | null; guid: string }): string {
  return fold(input.title ?? '') || fold(lastPathSegment(input.url)) || `post-${digest(input.guid)}`;
}

/** The first free slug of `base`, `base-2`, `base-3` ... among the publication's `taken` slugs and the reserved ones. */
export function uniquePostSlug(base: string, taken: ReadonlySet<string>): string {
  const free = (slug: string) => !taken.has(slug) && !RESERVED_POST_SLUGS.has(slug);
  if (free(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/u, '')}${suffix}`;
    if (free(candidate)) return candidate;
  }
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/gu, ' and ')
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/u, '');
}

function lastPathSegment(url: string | null): string {
  if (!url) return '';
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean);
    const last = decodeURIComponent(segments.at(-1) ?? '');
    return last.replace(/\.(?:html?|php|aspx?)$/iu, '');
  } catch {
    return '';
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
}
