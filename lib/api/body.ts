import { invalidInput } from './errors';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a request body that may be empty or JSON (the paid POST route takes no parameters in its body). Returns the
 * raw text, which payments bind to; anything else is a 400 before any payment is considered.
 */
export async function readOptionalJsonBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw invalidInput('body', { body: [`must be at most ${MAX_BODY_BYTES} bytes`] });
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw invalidInput('body', { body: [`must be at most ${MAX_BODY_BYTES} bytes`] });
  if (text.trim() === '') return text;
  try {
    JSON.parse(text);
  } catch {
    throw invalidInput('body', { body: ['must be empty or JSON'] });
  }
  return text;
}
