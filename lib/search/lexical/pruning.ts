/**
 * Which posts outside the term lists could still enter the top k. A post on no list weighs at most its terms' floors,
 * so its score is at most the sum of floorScore over the terms it contains. A term whose list is complete (floorScore
 * 0) cannot be in such a post at all.
 */
export interface Bound {
  /** idf x (presence + floor); 0 when every post containing the term is on its list. */
  floorScore: number;
}

// Past this many term sets the query would be unwieldy; then any post containing one of the incomplete terms is a
// candidate (still exact, only slower).
const MAX_SUBSETS = 128;

/**
 * The minimal sets of term indexes (each as a list) whose bound exceeds `threshold`: an unlisted post can beat the
 * k-th score only if it contains all the terms of one of them. Empty when none can, i.e. the listed posts' top k is
 * already exact.
 */
export function subsetsThatCanWin(bounds: Bound[], threshold: number): number[][] {
  const open = bounds.flatMap((b, i) => (b.floorScore > 0 ? [i] : []));
  const boundOf = (subset: number[]) => subset.reduce((sum, i) => sum + bounds[i]!.floorScore, 0);
  if (open.length === 0 || boundOf(open) <= threshold) return [];
  if (open.length > 16) return open.map((i) => [i]);
  const minimal: number[][] = [];
  for (let mask = 1; mask < 1 << open.length; mask++) {
    const subset = open.filter((_, bit) => mask & (1 << bit));
    if (boundOf(subset) <= threshold) continue;
    // Minimal: dropping any one term takes the bound back under the threshold.
    if (subset.some((_, drop) => boundOf(subset.filter((__, j) => j !== drop)) > threshold)) continue;
    minimal.push(subset);
    if (minimal.length > MAX_SUBSETS) return open.map((i) => [i]);
  }
  return minimal;
}
