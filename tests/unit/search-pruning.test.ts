/**
 * The candidate clauses of exact lexical ranking (lib/search/lexical/pruning.ts), checked against brute force: every
 * assignment of states whose bound beats the threshold must meet one of the returned clauses, and every returned
 * clause must itself beat it. A missed assignment would be a post the ranking never scores.
 */
import { describe, expect, it } from 'vitest';
import {
  ABSENT,
  clauseBound,
  clausesThatCanWin,
  IN_TITLE,
  implies,
  PRESENT,
  type TermBound,
  type TermState,
} from '@/lib/search/lexical/pruning';

const worth = (bound: TermBound, state: TermState) =>
  state === IN_TITLE ? bound.title : state === PRESENT ? bound.body : 0;
const boundOf = (bounds: TermBound[], states: TermState[]) =>
  states.reduce<number>((sum, state, i) => sum + worth(bounds[i]!, state), 0);

/** Every assignment of possible states (a state whose bound is 0 cannot occur on an unlisted post). */
function assignments(bounds: TermBound[]): TermState[][] {
  let all: TermState[][] = [[]];
  for (const bound of bounds) {
    const states: TermState[] = [ABSENT];
    if (bound.body > 0) states.push(PRESENT);
    if (bound.title > 0) states.push(IN_TITLE);
    all = all.flatMap((prefix) => states.map((state) => [...prefix, state]));
  }
  return all;
}

/** A post whose terms are in `states` satisfies `clause`: it holds each PRESENT term, and each IN_TITLE one in its title. */
const satisfies = (states: TermState[], clause: TermState[]) => clause.every((wanted, i) => states[i]! >= wanted);

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('clausesThatCanWin', () => {
  it('returns nothing when even every term at its best cannot beat the threshold', () => {
    expect(clausesThatCanWin([{ body: 1, title: 2 }], 2)).toEqual([]);
  });

  it('never asks for posts holding none of the terms, even below a threshold of 0', () => {
    // A negative k-th score (seen while posts were being indexed, before idf was kept positive) made the empty clause
    // "win", and its condition was the SQL "()".
    const bounds = [
      { body: 1, title: 2 },
      { body: 0.5, title: 0 },
    ];
    const clauses = clausesThatCanWin(bounds, -1);
    expect(clauses.length).toBeGreaterThan(0);
    expect(clauses.every((clause) => clause.some((state) => state !== ABSENT))).toBe(true);
    expect(clauses).toEqual(
      expect.arrayContaining([
        [PRESENT, ABSENT],
        [ABSENT, PRESENT],
      ]),
    );
  });

  it('asks for the title when only a title occurrence can win', () => {
    expect(clausesThatCanWin([{ body: 1.1, title: 2.1 }], 1.5)).toEqual([[IN_TITLE]]);
  });

  it('covers every winning assignment, and only winning clauses, over random bounds', () => {
    const next = random(14);
    let fallbacks = 0;
    for (let round = 0; round < 300; round++) {
      const terms = 1 + Math.floor(next() * 6);
      const bounds: TermBound[] = Array.from({ length: terms }, () => {
        const idf = next() * 4;
        const complete = next() < 0.2;
        const noTitle = next() < 0.3;
        return {
          body: complete ? 0 : idf * (1 + next() * 0.3),
          title: complete || noTitle ? 0 : idf * (2 + next() * 0.3),
        };
      });
      const best = bounds.reduce((sum, b) => sum + Math.max(b.body, b.title), 0);
      const threshold = next() * best;
      const clauses = clausesThatCanWin(bounds, threshold);
      // Past MAX_CLAUSES minimal clauses the answer is one clause per open term, PRESENT alone: a superset.
      if (clauses.some((clause) => boundOf(bounds, clause) <= threshold)) {
        fallbacks++;
        const open = bounds.filter((b) => b.body > 0 || b.title > 0).length;
        expect(clauses).toHaveLength(open);
        for (const clause of clauses) expect(clause.filter((s) => s === PRESENT)).toHaveLength(1);
      }
      for (const states of assignments(bounds)) {
        if (boundOf(bounds, states) <= threshold) continue;
        expect(
          clauses.some((clause) => satisfies(states, clause)),
          JSON.stringify({ bounds, threshold, states }),
        ).toBe(true);
      }
    }
    expect(fallbacks).toBeLessThan(30);
  });

  it('falls back to one clause per open term when there are too many terms to enumerate', () => {
    const bounds = Array.from({ length: 12 }, () => ({ body: 1, title: 2 }));
    const clauses = clausesThatCanWin(bounds, 3);
    expect(clauses).toHaveLength(12);
    for (const states of [bounds.map(() => PRESENT as TermState)]) {
      expect(clauses.some((clause) => satisfies(states, clause))).toBe(true);
    }
  });

  it('bounds a clause by its states and knows which clauses a clause implies', () => {
    const bounds = [
      { body: 1, title: 2 },
      { body: 0.5, title: 0 },
    ];
    expect(clauseBound(bounds, [IN_TITLE, PRESENT])).toBe(2.5);
    expect(clauseBound(bounds, [PRESENT, ABSENT])).toBe(1);
    expect(implies([IN_TITLE, PRESENT], [PRESENT, PRESENT])).toBe(true);
    expect(implies([IN_TITLE, ABSENT], [PRESENT, PRESENT])).toBe(false);
  });
});
