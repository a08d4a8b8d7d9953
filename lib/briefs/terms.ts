import { documentLexemes } from '@/lib/search/analysis/lexemes';
import { tokenize } from '@/lib/search/analysis/tokens';
import { normalizeForSearch } from '@/lib/search/query/normalize';
import { prepareQuery } from '@/lib/search/query/prepare';
import { questionTopic } from './question-topic';

/**
 * Words as search matches them (normalized, stopwords dropped, stemmed as English documents are), so the sentences a
 * brief quotes answer the question in the sense search found their posts in: "banks" finds "bank", "$MS" finds "MS".
 */
export function lexemesOf(text: string): Set<string> {
  return new Set(tokenize(normalizeForSearch(text)).flatMap((token) => documentLexemes(token, 'en')));
}

/** The question's terms, each as the set of lexemes it may match; time phrases ("this month") are not terms. */
export function questionTerms(question: string): Array<Set<string>> {
  // The clock only places the window, which is dropped here: any date gives the same terms.
  const { terms } = prepareQuery(questionTopic(question), new Date(0));
  return terms.map((term) => lexemesOf(term)).filter((lexemes) => lexemes.size > 0);
}
