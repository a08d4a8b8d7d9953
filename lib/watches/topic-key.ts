import type { Db, Queryable } from '@/lib/db/types';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { SCORING } from '@/lib/search/score';
import type { TopicTerms } from './topic-terms';

export type MinConfidence = 'weak' | 'strong';

/**
 * The idf share of its topic a post must hold to reach a watch: a single post is its own best hit, so its relevance is
 * its coverage (lib/search/score.ts lexicalRelevance), and the confidence search would call it follows from that.
 */
export function minCoverage(minConfidence: MinConfidence): number {
  return minConfidence === 'strong' ? SCORING.strong : SCORING.weak;
}

/**
 * Room left for the terms' idfs to move after the key is chosen (the corpus grows; the key is not chosen again): the
 * terms left out of the key hold at most this share of what a match needs.
 */
export const KEY_MARGIN = 0.8;

/**
 * The indexes of a topic's key terms: its rarest terms, fewest first, such that the others together hold less than
 * KEY_MARGIN of the coverage a match needs. A post holding none of the key terms cannot match, so matching looks
 * candidates up by the key's lexemes only, and a post's common words ("market", "stock") do not make every watch that
 * also names them a candidate. A term no post holds yet (idf null) makes every term key: the idf it will have once
 * posts use it cannot be known, so no other term can be left out safely.
 */
export function topicKey(idfs: ReadonlyArray<number | null>, coverage: number): number[] {
  if (idfs.some((idf) => idf === null)) return idfs.map((_, index) => index);
  const known = idfs as readonly number[];
  const total = known.reduce((sum, idf) => sum + idf, 0);
  const byRarity = known.map((idf, index) => ({ idf, index })).sort((a, b) => b.idf - a.idf || a.index - b.index);
  let rest = total;
  const key: number[] = [];
  for (const { idf, index } of byRarity) {
    if (rest < KEY_MARGIN * coverage * total) break;
    key.push(index);
    rest -= idf;
  }
  return key.sort((a, b) => a - b);
}

export interface KeyedTopic {
  watchId: string;
  topic: TopicTerms;
  minConfidence: MinConfidence;
}

/**
 * The idf of each term of the topics, as search resolves them now, in one statement for them all; null for a term no
 * post holds (search would correct it to another word, or count it as matching nothing).
 */
export async function termIdfs(db: Db, topics: readonly TopicTerms[]): Promise<Map<string, number | null>> {
  const terms = [...new Set(topics.flatMap((topic) => topic.terms))];
  const resolved = await resolveTerms(db, terms);
  return new Map(
    terms.map((term, index) => {
      const { idf, docCount, correctedFrom } = resolved.terms[index]!;
      return [term, docCount > 0 && correctedFrom === undefined ? idf : null];
    }),
  );
}

/**
 * Stores the lexemes of each topic's key terms in watch_terms, in one statement (`idfs` from termIdfs, read before the
 * transaction this may run in).
 */
export async function storeTopicKeys(
  db: Queryable,
  topics: readonly KeyedTopic[],
  idfs: ReadonlyMap<string, number | null>,
): Promise<void> {
  const lexeme: string[] = [];
  const watch: string[] = [];
  const index: number[] = [];
  for (const { watchId, topic, minConfidence } of topics) {
    const key = topicKey(
      topic.terms.map((term) => idfs.get(term) ?? null),
      minCoverage(minConfidence),
    );
    for (const term of key) {
      for (const form of topic.lexemes[term]!) {
        lexeme.push(form);
        watch.push(watchId);
        index.push(term);
      }
    }
  }
  if (lexeme.length === 0) return;
  await db.query(
    `insert into watch_terms (lexeme, watch_id, term_index)
     select * from unnest($1::text[], $2::uuid[], $3::int[]) on conflict do nothing`,
    [lexeme, watch, index],
  );
}
