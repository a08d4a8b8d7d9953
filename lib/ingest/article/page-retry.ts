import type { PageOutcome, PageState } from '@/lib/posts/post-draft';

const HOUR = 60 * 60 * 1000;

/**
 * How long a page that gave no article waits before it is fetched again. A failure (a timeout, a 5xx, a 404 before
 * the page went up) may pass soon; a paywall, a bot wall or a page Readability cannot read rarely changes, and
 * asking daily would only load the site.
 */
const RETRY_AFTER_MS: Partial<Record<PageOutcome, number>> = {
  failed: 24 * HOUR,
  blocked: 3 * 24 * HOUR,
  paywalled: 7 * 24 * HOUR,
  unreadable: 7 * 24 * HOUR,
};

/** The page gave no article (the teaser stayed) and may be tried again later. */
export function isRetryable(outcome: PageOutcome): boolean {
  return RETRY_AFTER_MS[outcome] !== undefined;
}

/**
 * When this page is next due: at once while pending, after its wait once it failed, never once it was read or found
 * no longer than the feed text (only a change of the item brings it back).
 */
export function nextPageDue(page: PageState, now: Date): Date | null {
  if (page.outcome === 'pending') return now;
  const wait = RETRY_AFTER_MS[page.outcome];
  if (wait === undefined) return null;
  return page.checkedAt ? new Date(page.checkedAt.getTime() + wait) : now;
}

/** The earliest time any of these pages is due, for publications.page_due_at; null when none will be. */
export function earliestPageDue(pages: Array<PageState | null | undefined>, now: Date): Date | null {
  let earliest: Date | null = null;
  for (const page of pages) {
    const due = page ? nextPageDue(page, now) : null;
    if (due && (earliest === null || due < earliest)) earliest = due;
  }
  return earliest;
}
