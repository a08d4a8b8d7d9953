/**
 * Where a publication's post text comes from (publications.full_text): `feed` never fetches article pages (the feed
 * carries the posts, or the site must not be fetched); `fetch` fetches every item's page; `auto`, the default, fetches
 * a page only when the feed text looks like a teaser (lib/posts/teaser.ts).
 */
export const FULL_TEXT_SETTINGS = ['feed', 'fetch', 'auto'] as const;

export type FullTextSetting = (typeof FULL_TEXT_SETTINGS)[number];

export const DEFAULT_FULL_TEXT: FullTextSetting = 'auto';

/** The stored value as a setting; anything else (a row older than the check constraint cannot hold one) is `auto`. */
export function fullTextSetting(value: string | null | undefined): FullTextSetting {
  return (FULL_TEXT_SETTINGS as readonly string[]).includes(value ?? '')
    ? (value as FullTextSetting)
    : DEFAULT_FULL_TEXT;
}
