/** Time one sync spends on pages in all; the items left over wait for the next sync. */
const SYNC_PAGE_TIME_MS = 60_000;

/**
 * How many article pages one sync may still fetch. A feed's first sync can hold thousands of teasers: fetching them
 * all would keep the sync (and the site) busy for hours, so it fetches a few, newest first as feeds list them, and
 * the rest stay teasers marked `pending` until later syncs reach them.
 */
export interface PageBudget {
  /** False when this process fetches no pages at all (a budget of 0: tests, benchmarks, an operator's choice). */
  readonly enabled: boolean;
  /** Takes one page from the budget; false when none is left (by count or by time). */
  take(): boolean;
}

export function pageBudget(pages: number, options: { timeMs?: number; clock?: () => number } = {}): PageBudget {
  const clock = options.clock ?? Date.now;
  const deadline = clock() + (options.timeMs ?? SYNC_PAGE_TIME_MS);
  let left = pages;
  return {
    enabled: pages > 0,
    take() {
      if (left <= 0 || clock() >= deadline) return false;
      left -= 1;
      return true;
    },
  };
}
