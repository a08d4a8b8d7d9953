import { invalidInput } from './errors';
import { readLimitedBody } from './read-limited-body';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a request body that may be empty or JSON (the paid POST route takes no parameters in its body). Returns the
 * raw text, which payments bind to; anything else is a 400 before any payment is considered.
 */
export async function readOptionalJsonBody(request: Request): Promise<string> {
  // Read as a stream and cut at the limit (413), whatever the transfer encoding: a chunked upload of any size never
  // sits in memory.
  const text = (await readLimitedBody(request, MAX_BODY_BYTES)).toString('utf8');
  if (text.trim() === '') return text;
  try {
    JSON.parse(text);
  } catch {
    throw invalidInput('body', { body: ['must be empty or JSON'] });
  }
  return text;
}
