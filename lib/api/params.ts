import type { z } from 'zod';
import { type Issues, invalidInput } from './errors';

/**
 * Validates an object of parameters with schema; failures become 400 `invalid_<where>` with issues keyed by
 * parameter name (a rule that spans parameters reports each of them, through the path zod gives it).
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  where: 'query' | 'path' | 'body' = 'query',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: Issues = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : where;
    // Zod's own wording for a missing value is "expected string, received undefined"; say it plainly.
    const missing = issue.code === 'invalid_type' && input[key] === undefined;
    issues[key] = [...(issues[key] ?? []), missing ? 'is required' : issue.message];
  }
  throw invalidInput(where, issues);
}

/**
 * Turns a query string into an object for parseParams. Each parameter may appear once: repeated parameters are
 * ambiguous (which limit wins?), so they are refused rather than silently picking one.
 */
export function parseQuery<S extends z.ZodType>(schema: S, searchParams: URLSearchParams): z.output<S> {
  const input: Record<string, string> = {};
  const issues: Issues = {};
  for (const [key, value] of searchParams) {
    if (key in input) issues[key] = ['must be given only once'];
    input[key] = value;
  }
  if (Object.keys(issues).length > 0) throw invalidInput('query', issues);
  return parseParams(schema, input);
}
