/**
 * Which posts outside the champion lists could still enter the top k (MaxScore's pruning, with each term's upper bound
 * split by where the post holds it). A post on no list weighs, for each term it holds, at most that term's max unlisted
 * weight if it holds it in the title, and at most its max body weight otherwise (a title occurrence weighs at least
 * TITLE_WEIGHT, any other less). Its score is bounded by the sum over the terms it holds.
 */
export interface TermBound {
  /** idf x (presence + max body weight, or max unlisted weight if less); 0 when no unlisted post holds it so. */
  body: number;
  /** idf x (presence + max unlisted weight); 0 when no unlisted post holds the term in its title. */
  title: number;
}

/**
 * What a clause of the candidate condition asks of one term: nothing, that the post holds it, or that its title does.
 * A clause (one state per term) is a conjunction; the candidate condition is the disjunction of the minimal clauses
 * whose bound beats the k-th score. Each of those holds one of MaxScore's essential terms at least (the non-essential
 * ones together cannot beat it), so the condition is MaxScore's "any essential term", made tighter.
 */
export const ABSENT = 0;
export const PRESENT = 1;
export const IN_TITLE = 2;
export type TermState = typeof ABSENT | typeof PRESENT | typeof IN_TITLE;

// 3^9 clauses are enumerated at most; past that (or past MAX_CLAUSES minimal ones) any post holding one of the open
// terms is a candidate: still exact, only slower (a common word's every post). The ranking seeks the clauses a few
// at a time, the strongest first, and each round retires many, so a long list costs little.
const MAX_ENUMERATED_TERMS = 9;
const MAX_CLAUSES = 1024;

/** The most one term in this state adds to an unlisted post's score. */
function worth(bound: TermBound, state: TermState): number {
  return state === IN_TITLE ? bound.title : state === PRESENT ? bound.body : 0;
}

/** The most an unlisted post meeting the clause (and no more) can score. */
export function clauseBound(bounds: TermBound[], clause: TermState[]): number {
  return clause.reduce<number>((sum, state, i) => sum + worth(bounds[i]!, state), 0);
}

/** Whether every post meeting `clause` also meets `other` (it asks at least as much of every term). */
export function implies(clause: TermState[], other: TermState[]): boolean {
  return clause.every((state, i) => state >= other[i]!);
}

/**
 * The minimal clauses (one state per term) whose bound exceeds `threshold`: an unlisted post can beat the k-th score
 * only if it meets one of them, since meeting a clause means holding at least its states and the bound grows with
 * each state. Empty when none can, i.e. the listed posts' top k is already exact.
 */
export function clausesThatCanWin(bounds: TermBound[], scoreToBeat: number): TermState[][] {
  // A post holding none of the terms is no candidate whatever the score to beat: with a threshold below 0 (a negative
  // k-th score), the empty clause would "win", and its SQL condition was "()".
  const threshold = Math.max(0, scoreToBeat);
  const states = bounds.map((b) => [ABSENT, ...(b.body > 0 ? [PRESENT] : []), ...(b.title > 0 ? [IN_TITLE] : [])]);
  const best = clauseBound(
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
    const clause = bounds.map(() => ABSENT as TermState);
    open.forEach((term, k) => {
      clause[term] = states[term]![choice[k]!] as TermState;
    });
    const bound = clauseBound(bounds, clause);
    // Minimal: taking any one term a state down brings the bound back to the threshold.
    const isMinimal =
      bound > threshold &&
      open.every((term, k) => {
        if (choice[k] === 0) return true;
        const lower = states[term]![choice[k]! - 1] as TermState;
        return bound - worth(bounds[term]!, clause[term]!) + worth(bounds[term]!, lower) <= threshold;
      });
    if (isMinimal) {
      minimal.push(clause);
      if (minimal.length > MAX_CLAUSES) return anyOpenTerm();
    }
    // Next combination (mixed radix over each open term's possible states).
    let k = 0;
    while (k < open.length && ++choice[k]! === states[open[k]!]!.length) choice[k++] = 0;
    if (k === open.length) return minimal;
  }
}
