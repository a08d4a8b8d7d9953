import { ApiError } from '@/lib/api/errors';
import type { ResolvedTerm } from './resolve-terms';

/**
 * The fallback's deadline, as work rather than time: the postings its terms hold in the whole corpus (each term's
 * document count, a bound on the posts SQL scores and on how often it scores them). PGlite cannot cut a statement
 * (it ignores statement_timeout and runs in this thread), so the deadline is decided before the statement starts, the
 * same way on both databases. At 100,000 posts the slowest query the budget lets through ("market") took 0.8 s on
 * PostgreSQL and 1.3 s on PGlite, the rest of the bench's mix a sixth of that or less (`npm run bench`'s fallback row,
 * docs/benchmarks.md).
 */
export const BRUTE_FORCE_BUDGET = 60_000;

// A process starting from the postings snapshot serves from them within 2 s at 100,000 posts, and reading every post
// takes 13-17 s (docs/benchmarks.md): a retry after 5 s finds them loaded or is told again.
const RETRY_AFTER_SECONDS = 5;

/** Whether scoring every post holding these terms stays within the fallback's budget. */
export function withinBruteForceBudget(terms: ResolvedTerm[]): boolean {
  return terms.reduce((sum, t) => sum + t.docCount, 0) <= BRUTE_FORCE_BUDGET;
}

/**
 * The answer to a query past the budget where search runs through SQL alone (SEARCH_POSTINGS=sql): the postings never
 * load, so a retry is answered the same. No Retry-After, which clients follow for ever; the message says what helps.
 */
export function searchTooBroad(): ApiError {
  return new ApiError({
    code: 'query_too_broad',
    message:
      "This query's words are in too many posts to rank exactly in this deployment's search mode (ranking in SQL, without an index in memory), and retrying will not change that. Search with rarer, more specific words.",
  });
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
