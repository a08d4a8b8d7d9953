import { ApiError } from './errors';

/**
 * Reads a request body into memory up to `maxBytes`, whatever its transfer encoding: a declared Content-Length over
 * the limit is refused before reading, and a chunked body is cut as soon as it passes the limit, so a huge upload
 * never sits in memory. Over the limit: 413 payload_too_large.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new ApiError({ code: 'payload_too_large', message: `The request body must be at most ${maxBytes} bytes.` });
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
