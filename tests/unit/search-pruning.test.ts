/**
 * The candidate profiles of exact lexical ranking (lib/search/lexical/pruning.ts), checked against brute force: every
 * assignment of states whose bound beats the threshold must meet one of the returned profiles, and every returned
 * profile must itself beat it. A missed assignment would be a post the ranking never scores.
 */
import { describe, expect, it } from 'vitest';
import {
  ABSENT,
  IN_TITLE,
  meets,
  PRESENT,
  profileBound,
  profilesThatCanWin,
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

/** A post whose terms are in `states` satisfies `profile`: it holds each PRESENT term, and each IN_TITLE one in its title. */
const satisfies = (states: TermState[], profile: TermState[]) => profile.every((wanted, i) => states[i]! >= wanted);

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('profilesThatCanWin', () => {
  it('returns nothing when even every term at its best cannot beat the threshold', () => {
    expect(profilesThatCanWin([{ body: 1, title: 2 }], 2)).toEqual([]);
  });

  it('never asks for posts holding none of the terms, even below a threshold of 0', () => {
    // A negative k-th score (seen while posts were being indexed, before idf was kept positive) made the empty profile
    // "win", and its condition was the SQL "()".
    const bounds = [
      { body: 1, title: 2 },
      { body: 0.5, title: 0 },
    ];
    const profiles = profilesThatCanWin(bounds, -1);
    expect(profiles.length).toBeGreaterThan(0);
    expect(profiles.every((profile) => profile.some((state) => state !== ABSENT))).toBe(true);
    expect(profiles).toEqual(
      expect.arrayContaining([
        [PRESENT, ABSENT],
        [ABSENT, PRESENT],
      ]),
    );
  });

  it('asks for the title when only a title occurrence can win', () => {
    expect(profilesThatCanWin([{ body: 1.1, title: 2.1 }], 1.5)).toEqual([[IN_TITLE]]);
  });

  it('covers every winning assignment, and only winning profiles, over random bounds', () => {
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
      const profiles = profilesThatCanWin(bounds, threshold);
      // Past MAX_PROFILES minimal profiles the answer is one profile per open term, PRESENT alone: a superset.
      if (profiles.some((profile) => boundOf(bounds, profile) <= threshold)) {
        fallbacks++;
        const open = bounds.filter((b) => b.body > 0 || b.title > 0).length;
        expect(profiles).toHaveLength(open);
        for (const profile of profiles) expect(profile.filter((s) => s === PRESENT)).toHaveLength(1);
      }
      for (const states of assignments(bounds)) {
        if (boundOf(bounds, states) <= threshold) continue;
        expect(
          profiles.some((profile) => satisfies(states, profile)),
          JSON.stringify({ bounds, threshold, states }),
        ).toBe(true);
      }
    }
    expect(fallbacks).toBeLessThan(30);
  });

  it('falls back to one profile per open term when there are too many terms to enumerate', () => {
    const bounds = Array.from({ length: 12 }, () => ({ body: 1, title: 2 }));
    const profiles = profilesThatCanWin(bounds, 3);
    expect(profiles).toHaveLength(12);
    for (const states of [bounds.map(() => PRESENT as TermState)]) {
      expect(profiles.some((profile) => satisfies(states, profile))).toBe(true);
    }
  });

  it('bounds a profile by its states and knows which profiles a profile meets', () => {
    const bounds = [
      { body: 1, title: 2 },
      { body: 0.5, title: 0 },
    ];
    expect(profileBound(bounds, [IN_TITLE, PRESENT])).toBe(2.5);
    expect(profileBound(bounds, [PRESENT, ABSENT])).toBe(1);
    expect(meets([IN_TITLE, PRESENT], [PRESENT, PRESENT])).toBe(true);
    expect(meets([IN_TITLE, ABSENT], [PRESENT, PRESENT])).toBe(false);
  });
});
