import { queryLexemeLadder } from '@/lib/search/analysis/lexemes';
import { EVERY_STEMMING } from '@/lib/search/analysis/stemmers';
import { tokenKind } from '@/lib/search/analysis/tokens';
import { prepareQuery } from '@/lib/search/query/prepare';

export interface TopicTerms {
  /** The query's words as topic search reads them (time phrases and stopwords left out), at most 12. */
  terms: string[];
  /** For each term, every lexeme a post may hold for it: each rung of its ladder, in every stemming. */
  lexemes: string[][];
}

/**
 * A topic watch's words, read by search's own query preparation and analysis: a post can match the watch only if it
 * holds one of these lexemes, which is what the candidate lookup of matching relies on.
 */
export function topicTerms(query: string, now = new Date()): TopicTerms {
  const { terms } = prepareQuery(query, now);
  const lexemes = terms.map((text) => [
    ...new Set(queryLexemeLadder({ text, kind: tokenKind(text) }, EVERY_STEMMING).flat()),
  ]);
  return { terms, lexemes };
}
