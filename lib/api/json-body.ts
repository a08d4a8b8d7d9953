import type { z } from 'zod';
import { invalidInput } from './errors';
import { parseParams } from './params';
import { readLimitedBody } from './read-limited-body';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a required JSON object body and validates it with its contract: 400 `invalid_body` with issues keyed by field
 * otherwise (413 past 64 KiB, cut as a stream). Returns the parsed input and the raw text, which payments bind to.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ input: z.output<S>; raw: string }> {
  const raw = (await readLimitedBody(request, MAX_BODY_BYTES)).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidInput('body', { body: [raw.trim() === '' ? 'is required: a JSON object' : 'must be JSON'] });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalidInput('body', { body: ['must be a JSON object'] });
  }
  return { input: parseParams(schema, parsed as Record<string, unknown>, 'body'), raw };
}
