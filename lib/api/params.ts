import type { z } from 'zod';
import { InvalidQueryError } from './errors';

type Issues = Record<string, string[]>;

function addIssue(issues: Issues, key: string, message: string) {
  issues[key] = [...(issues[key] ?? []), message];
}

/** Validates an object of parameters with schema; failures become 400 with issues keyed by parameter name. */
export function parseParams<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: Issues = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'query';
    // Zod's own wording for a missing value is "expected string, received undefined"; say it plainly.
    const missing = issue.code === 'invalid_type' && input[key] === undefined;
    addIssue(issues, key, missing ? 'is required' : issue.message);
  }
  throw new InvalidQueryError(issues);
}

/**
 * Turns a query string into an object for parseParams. Each parameter may appear once: repeated parameters are
 * ambiguous (which limit wins?), so they are refused rather than silently picking one.
 */
export function parseQuery<S extends z.ZodType>(schema: S, searchParams: URLSearchParams): z.output<S> {
  const input: Record<string, string> = {};
  const issues: Issues = {};
  for (const [key, value] of searchParams) {
    if (key in input) addIssue(issues, key, 'must be given only once');
    input[key] = value;
  }
  if (Object.keys(issues).length > 0) throw new InvalidQueryError(issues);
  return parseParams(schema, input);
}
