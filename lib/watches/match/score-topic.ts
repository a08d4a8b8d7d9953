import { quantizeWeight, termWeight } from '@/lib/search/analysis/ts-rank';
import type { Field } from '@/lib/search/details';
import { whyMatched } from '@/lib/search/explain';
import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';
import { confidenceOf, isLexicalMatch, lexicalRelevance } from '@/lib/search/score';
import { SCORE } from '@/lib/search/types';
import type { PostFacts } from './post-facts';

export interface TopicMatch {
  confidence: 'strong' | 'weak';
  /** As search shows it: 100 x relevance. */
  relevanceScore: number;
  matchedTokenCount: number;
  totalTokenCount: number;
  whyMatched: string[];
}

const FIELD_OF_LABEL: Record<number, Field> = { 3: 'title', 2: 'subtitle', 1: 'publication', 0: 'body' };
const FIELD_ORDER: Field[] = ['title', 'subtitle', 'publication', 'body'];

/**
 * How a single new post scores for a topic, by topic search's own lexical ranking (lib/search/score.ts): the idf
 * share of the topic it covers must pass search's match gate, and its relevance, with the post as the best (only)
 * hit, gives the confidence search would call the match. The score (Σ idf × (presence + weight)) is the ranking's,
 * from the weights of the vector search stored. Semantic similarity is not used: watches match lexically, as
 * `mode=fts` does. With `needed`, a post below that coverage is no match (the watch's minimum confidence).
 */
export function scoreTopic(post: PostFacts, terms: readonly ResolvedTerm[], needed = 0): TopicMatch | null {
  let total = 0;
  let held = 0;
  let score = 0;
  let matched = 0;
  for (const term of terms) {
    total += term.idf;
    let weight = -1;
    for (const lexeme of term.lexemes) {
      const own = post.lexemes.get(lexeme);
      if (own) weight = Math.max(weight, quantizeWeight(termWeight(own, post.length)));
    }
    if (weight < 0) continue;
    held += term.idf;
    matched += 1;
    score += term.idf * (SCORE.presence + weight);
  }
  const coverage = total > 0 ? held / total : 0;
  // Most candidates fall short: the fields a match is explained with are read only for those that pass.
  if (!isLexicalMatch(coverage) || coverage < needed - 1e-9) return null;
  const relevance = lexicalRelevance({ postId: post.id, score, matched, coverage }, score);
  const confidence = confidenceOf(relevance);
  if (confidence === 'none') return null;
  return {
    confidence,
    relevanceScore: Math.round(relevance * 1000) / 10,
    matchedTokenCount: matched,
    totalTokenCount: terms.length,
    whyMatched: whyMatched({
      terms: [...terms],
      detail: { body: '', fields: terms.map((term) => fieldsHolding(post, term)) },
      similarity: null,
      fused: false,
      inWindowLabel: null,
    }),
  };
}

/** The fields of the post that hold one of the term's lexemes, in search's order. */
function fieldsHolding(post: PostFacts, term: ResolvedTerm): Field[] {
  const labels = new Set<number>();
  for (const lexeme of term.lexemes) for (const label of post.lexemes.get(lexeme) ?? []) labels.add(label);
  return FIELD_ORDER.filter((field) => [...labels].some((label) => FIELD_OF_LABEL[label] === field));
}
