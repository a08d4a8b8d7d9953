import { TITLE_LABEL } from '@/lib/search/analysis/ts-rank';
import { SCORE } from '@/lib/search/types';
import type { VectorEntry } from './tsvector-text';

/**
 * The phrase bonus of the lexical ranking (lib/search/lexical/rank.ts, scorePosts), from a stored vector's entries of
 * the query's lexemes with their positions (./stored-entries.ts; any other entry is ignored): the
 * query's total idf × SCORE.phrase when its terms stand at consecutive positions (each term any of its lexemes, as
 * tsquery's `<->` between the terms' alternatives), and × SCORE.phraseInTitle more when they do among the title's
 * positions (label A). Only for queries of several terms, every one known; the same doubles as the SQL's.
 */
export function phraseBonus(entries: VectorEntry[], terms: Array<{ lexemes: string[] }>, totalIdf: number): number {
  const byLexeme = new Map<string, { positions: number[]; labels: number[] }>();
  for (const entry of entries) byLexeme.set(entry.lexeme, { positions: entry.positions ?? [], labels: entry.labels });
  const positionsOf = (lexemes: string[], titleOnly: boolean) => {
    const positions = new Set<number>();
    for (const lexeme of lexemes) {
      const entry = byLexeme.get(lexeme);
      if (!entry) continue;
      entry.positions.forEach((position, i) => {
        if (!titleOnly || entry.labels[i] === TITLE_LABEL) positions.add(position);
      });
    }
    return positions;
  };
  const inOrder = (titleOnly: boolean) => {
    const each = terms.map((term) => positionsOf(term.lexemes, titleOnly));
    return [...each[0]!].some((start) => each.every((positions, i) => positions.has(start + i)));
  };
  return totalIdf * ((inOrder(false) ? SCORE.phrase : 0) + (inOrder(true) ? SCORE.phraseInTitle : 0));
}
