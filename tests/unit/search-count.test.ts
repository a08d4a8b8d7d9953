/**
 * Which posts are lexical matches: the covering sets that count them in the index must say yes for exactly the posts
 * whose held terms cover a fifth of the query's idf, checked against every subset of random queries.
 */
import { describe, expect, it } from 'vitest';
import { coveringSets, isCovering } from '@/lib/search/lexical/count';
import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';

/** A term as counting sees it (its ranking bounds play no part). */
function term(idf: number, docCount = 10): ResolvedTerm {
  return { term: `t${idf}`, lexemes: [`t${idf}`], query: `'t${idf}'`, idf, docCount } as ResolvedTerm;
}

/** The definition, written out: held terms' idf over the whole query's idf, at least a fifth. */
function coversByDefinition(terms: ResolvedTerm[], held: number[]): boolean {
  const total = terms.reduce((sum, t) => sum + t.idf, 0);
  const covered = held.filter((i) => terms[i]!.docCount > 0).reduce((sum, i) => sum + terms[i]!.idf, 0);
  return covered / total >= 1 / 5 - 1e-9;
}

function* subsets(n: number): Generator<number[]> {
  for (let mask = 0; mask < 1 << n; mask++) yield [...Array(n).keys()].filter((i) => mask & (1 << i));
}

describe('coveringSets', () => {
  it('counts a post holding one term of five equal ones (exactly a fifth)', () => {
    const terms = [term(2), term(2), term(2), term(2), term(2)];
    expect(coveringSets(terms)).toEqual([[0], [1], [2], [3], [4]]);
  });

  it('needs the rare term or both common ones', () => {
    const terms = [term(12), term(2), term(2)];
    // 12/16 covers alone; 2/16 does not; 4/16 does.
    expect(coveringSets(terms)).toEqual([[0], [1, 2]]);
  });

  it('keeps the weight of a word no post holds, so a common known word alone is no match', () => {
    // "copper miners" where no post says copper: miners carries 3/10.
    expect(coveringSets([term(7, 0), term(3)])).toEqual([[1]]);
    // "best pizza in naples" where only "best" is known: 1/15.
    expect(coveringSets([term(1), term(7, 0), term(7, 0)])).toEqual([]);
  });

  it('agrees with the definition on every subset of random queries', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let query = 0; query < 200; query++) {
      const n = 1 + Math.floor(random() * 7);
      const terms = Array.from({ length: n }, () => term(0.05 + random() * 8, random() < 0.15 ? 0 : 5));
      for (const held of subsets(n)) {
        expect(isCovering(terms, held), JSON.stringify({ idfs: terms.map((t) => t.idf), held })).toBe(
          coversByDefinition(terms, held),
        );
      }
    }
  });
});
