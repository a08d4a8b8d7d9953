const MAX_REASON = 500;

/**
 * A failure's reason as stored and shown to the operator: the error's message on one line, bounded (a tsvector syntax
 * error quotes the text it choked on, which may be long).
 */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? `${error.message}` : String(error);
  const line = message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}
