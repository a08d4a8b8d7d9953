import { documentLexemes } from '@/lib/search/analysis/lexemes';
import { tokenize } from '@/lib/search/analysis/tokens';
import { normalizeForSearch } from '@/lib/search/query/normalize';

/**
 * Words as search matches them (normalized, stopwords dropped, stemmed as English documents are): how the offline
 * answer tells two passages that say the same thing apart from two that do not (generate-offline.ts).
 */
export function lexemesOf(text: string): Set<string> {
  return new Set(tokenize(normalizeForSearch(text)).flatMap((token) => documentLexemes(token, 'en')));
}
