import { ApiError } from '@/lib/api/errors';
import type { ResolvedTerm } from './resolve-terms';

/**
 * The fallback's deadline, as work rather than time: the postings its terms hold in the whole corpus (each term's
 * document count, a bound on the posts SQL scores and on how often it scores them). PGlite cannot cut a statement
 * (it ignores statement_timeout and runs in this thread), so the deadline is decided before the statement starts, the
 * same way on both databases. Scoring costs about 10 µs a posting on PostgreSQL here (`npm run bench`'s fallback
 * row, docs/benchmarks.md): this budget keeps the slowest allowed query near half a second.
 */
export const BRUTE_FORCE_BUDGET = 60_000;

// The postings of 100,000 posts load in about 5 s (docs/benchmarks.md): a retry after that finds them loaded.
const RETRY_AFTER_SECONDS = 5;

/** Whether scoring every post holding these terms stays within the fallback's budget. */
export function withinBruteForceBudget(terms: ResolvedTerm[]): boolean {
  return terms.reduce((sum, t) => sum + t.docCount, 0) <= BRUTE_FORCE_BUDGET;
}

/** The answer to a query past the budget while the postings load: 503 with Retry-After, nothing waits for long. */
export function searchWarming(): ApiError {
  return new ApiError({
    code: 'service_busy',
    message:
      'Search is loading its index into memory (after a start or a large change) and this query matches too many posts to rank exactly meanwhile. Retry after Retry-After seconds.',
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });
}
