/**
 * Which posts outside the term lists could still enter the top k. A post on no list weighs, for each term it holds,
 * at most that term's floor if it holds it in the title, and at most its body floor otherwise (a title occurrence
 * weighs at least TITLE_WEIGHT, any other less). Its score is bounded by the sum over the terms it holds.
 */
export interface TermBound {
  /** idf x (presence + body floor); 0 when no unlisted post holds the term outside its title. */
  body: number;
  /** idf x (presence + floor); 0 when no unlisted post holds the term in its title. */
  title: number;
}

/** What a candidate condition asks of one term: nothing, that the post holds it, or that its title does. */
export const ABSENT = 0;
export const PRESENT = 1;
export const IN_TITLE = 2;
export type TermState = typeof ABSENT | typeof PRESENT | typeof IN_TITLE;

// 3^9 profiles are enumerated at most; past that (or past MAX_PROFILES minimal ones) any post holding one of the open
// terms is a candidate: still exact, only slower (a common word's every post). The ranking seeks the profiles a few
// at a time, the strongest first, and each round retires many, so a long list costs little.
const MAX_ENUMERATED_TERMS = 9;
const MAX_PROFILES = 1024;

/** The most one term in this state adds to an unlisted post's score. */
function worth(bound: TermBound, state: TermState): number {
  return state === IN_TITLE ? bound.title : state === PRESENT ? bound.body : 0;
}

/** The most a post meeting the profile (and no more) can score. */
export function profileBound(bounds: TermBound[], profile: TermState[]): number {
  return profile.reduce<number>((sum, state, i) => sum + worth(bounds[i]!, state), 0);
}

/** Whether every post meeting `profile` also meets `other` (it asks at least as much of every term). */
export function meets(profile: TermState[], other: TermState[]): boolean {
  return profile.every((state, i) => state >= other[i]!);
}

/**
 * The minimal profiles (one state per term) whose bound exceeds `threshold`: an unlisted post can beat the k-th score
 * only if it meets one of them, since meeting a profile means holding at least its states and the bound grows with
 * each state. Empty when none can, i.e. the listed posts' top k is already exact.
 */
export function profilesThatCanWin(bounds: TermBound[], scoreToBeat: number): TermState[][] {
  // A post holding none of the terms is no candidate whatever the score to beat: with a threshold below 0 (a negative
  // k-th score), the empty profile would "win", and its SQL condition was "()".
  const threshold = Math.max(0, scoreToBeat);
  const states = bounds.map((b) => [ABSENT, ...(b.body > 0 ? [PRESENT] : []), ...(b.title > 0 ? [IN_TITLE] : [])]);
  const best = profileBound(
    bounds,
    states.map((s) => s.at(-1) as TermState),
  );
  if (best <= threshold) return [];
  const open = states.flatMap((s, i) => (s.length > 1 ? [i] : []));
  const anyOpenTerm = () => open.map((i) => bounds.map((_, j) => (j === i ? PRESENT : ABSENT) as TermState));
  if (open.length > MAX_ENUMERATED_TERMS) return anyOpenTerm();

  const minimal: TermState[][] = [];
  const choice = open.map(() => 0);
  for (;;) {
    const profile = bounds.map(() => ABSENT as TermState);
    open.forEach((term, k) => {
      profile[term] = states[term]![choice[k]!] as TermState;
    });
    const bound = profileBound(bounds, profile);
    // Minimal: taking any one term a state down brings the bound back to the threshold.
    const isMinimal =
      bound > threshold &&
      open.every((term, k) => {
        if (choice[k] === 0) return true;
        const lower = states[term]![choice[k]! - 1] as TermState;
        return bound - worth(bounds[term]!, profile[term]!) + worth(bounds[term]!, lower) <= threshold;
      });
    if (isMinimal) {
      minimal.push(profile);
      if (minimal.length > MAX_PROFILES) return anyOpenTerm();
    }
    // Next combination (mixed radix over each open term's possible states).
    let k = 0;
    while (k < open.length && ++choice[k]! === states[open[k]!]!.length) choice[k++] = 0;
    if (k === open.length) return minimal;
  }
}
