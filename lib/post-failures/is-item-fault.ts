/**
 * Whether a failed statement can be the fault of the row it wrote: PostgreSQL refused the data (a malformed value, a
 * limit, a constraint, a trigger's exception). A connection that is gone, a deadlock, a server shutting down or out
 * of resources fails whatever is written, so those are not quarantined on a post: the caller fails and retries.
 * Errors without a SQLSTATE (a closed connection, a network error) are not the row's fault either.
 */
const NOT_THE_ROWS_FAULT = new Set(['08', '25', '40', '53', '55', '57', '58', 'XX']);
// Five digits or capitals, at least one a digit (every SQLSTATE has one; Node's EPIPE or EPERM have none).
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

export function isDataFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SQLSTATE.test(code) && !NOT_THE_ROWS_FAULT.has(code.slice(0, 2));
}

/** A post's text could not be analysed (thrown by our code, not the database): always that post's fault. */
export class PostAnalysisError extends Error {
  constructor(
    readonly postId: string,
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PostAnalysisError';
  }
}
