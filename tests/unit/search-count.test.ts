/**
 * Which posts are lexical matches: the covering sets that count them in the index must say yes for exactly the posts
 * whose held terms cover a third of the query's idf, checked against every subset of random queries.
 */
import { describe, expect, it } from 'vitest';
import { coveringSets, isCovering } from '@/lib/search/lexical/count';
import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';

/** A term as counting sees it (its ranking bounds play no part). */
function term(idf: number, docCount = 10): ResolvedTerm {
  return { term: `t${idf}`, lexemes: [`t${idf}`], query: `'t${idf}'`, idf, docCount } as ResolvedTerm;
}

/** The definition, written out: held terms' idf over the idf of the terms some post holds, at least a third. */
function coversByDefinition(terms: ResolvedTerm[], held: number[]): boolean {
  const total = terms.reduce((sum, t) => sum + (t.docCount > 0 ? t.idf : 0), 0);
  if (total === 0) return false;
  const covered = held.filter((i) => terms[i]!.docCount > 0).reduce((sum, i) => sum + terms[i]!.idf, 0);
  return covered / total >= 1 / 3 - 1e-9;
}

function* subsets(n: number): Generator<number[]> {
  for (let mask = 0; mask < 1 << n; mask++) yield [...Array(n).keys()].filter((i) => mask & (1 << i));
}

describe('coveringSets', () => {
  it('counts a post holding one term of three equal ones (exactly a third)', () => {
    const terms = [term(2), term(2), term(2)];
    expect(coveringSets(terms)).toEqual([[0], [1], [2]]);
  });

  it('needs the rare term or both common ones', () => {
    const terms = [term(6), term(1), term(1)];
    // 6/8 covers alone; 1/8 does not; 2/8 does not either.
    expect(coveringSets(terms)).toEqual([[0]]);
  });

  it('takes the share of the words some post holds: an unknown word turns no post away', () => {
    // "copper miners" where no post says copper: miners alone is the whole known query.
    const terms = [term(7, 0), term(3)];
    expect(coveringSets(terms)).toEqual([[1]]);
    expect(isCovering(terms, [1])).toBe(true);
    expect(isCovering([term(2), term(5), term(9, 0)], [0])).toBe(false);
  });

  it('has no covering set when no post holds any of the words', () => {
    expect(coveringSets([term(7, 0), term(9, 0)])).toEqual([]);
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
