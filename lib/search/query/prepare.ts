/**
 * Query preparation for topic search: split off the time window, then normalize what is left the same way documents
 * are normalized, so that neither time words (notes/search.md trap 3) nor mangled finance symbols (trap 4) reach the
 * tsquery or the embedding.
 */
import { tokenize } from '@/lib/search/analysis/tokens';
import { normalizeForSearch } from './normalize';
import { parseTimeWindow, type TimeWindow } from './time-window';

export interface PreparedQuery {
  /** The query as received. */
  original: string;
  /** Query without time phrases or intent words, normalized (lower-case, symbols joined), whitespace collapsed. */
  normalizedQuery: string;
  /** Distinct non-stopword tokens of normalizedQuery in order (lib/search/analysis/tokens), at most MAX_QUERY_TERMS. */
  terms: string[];
  timeWindow: TimeWindow | null;
}

/** Long queries keep their first 12 distinct terms: enough for any real topic, and bounds the OR-ed tsquery. */
export const MAX_QUERY_TERMS = 12;

export function prepareQuery(q: string, now: Date): PreparedQuery {
  const original = typeof q === 'string' ? q : '';
  // NFKC first so full-width or compatibility forms of time phrases ("ｔｈｉｓ ｗｅｅｋ") are recognized too.
  const { window, rest } = parseTimeWindow(original.normalize('NFKC'), now);
  const normalizedQuery = normalizeForSearch(rest);
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const { text: t } of tokenize(normalizedQuery)) {
    if (seen.has(t)) continue;
    seen.add(t);
    terms.push(t);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return { original, normalizedQuery, terms, timeWindow: window };
}
