import type { ParsedFeed } from './feed-types';
import type { DraftItem } from './finalize-items';

export type MapContext = { feedUrl: string; now: Date; raw: string };

export type MappedFeed = Omit<ParsedFeed, 'items' | 'duplicateGuids' | 'refused'> & { items: DraftItem[] };

/** Values in first-seen order without repeats or blanks. */
export function uniqueStrings(values: Array<string | null | undefined>): string[] {
  const out: string[] = [];
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed && !out.includes(trimmed)) out.push(trimmed);
  }
  return out;
}
