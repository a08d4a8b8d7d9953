import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { FetchError } from './fetch-error';

/** The Content-Encodings we ask for and can undo. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

// HTTP "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: the first two bytes tell them apart
// (RFC 1950: compression method 8, header checksum divisible by 31).
class Inflate extends Transform {
  private inner?: zlib.Inflate | zlib.InflateRaw;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.inner) {
      const zlibHeader = chunk.length >= 2 && (chunk[0]! & 0x0f) === 8 && ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;
      this.inner = zlibHeader ? zlib.createInflate() : zlib.createInflateRaw();
      this.inner.on('data', (data: Buffer) => this.push(data));
      this.inner.on('error', (error) => this.destroy(error));
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) {
      callback();
      return;
    }
    this.inner.once('end', () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}

/**
 * A stream that undoes `contentEncoding` (gzip, x-gzip, deflate, br, or several of them in order), or null for an
 * identity body. An encoding we do not know is a FetchError `bad_encoding`: its bytes would be garbage to the parser.
 */
export function createDecompressor(contentEncoding: string | undefined, url: string): Transform | null {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return null;
  // Encodings are listed in the order they were applied, so they are undone from the last.
  const stages = codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip();
    if (coding === 'deflate') return new Inflate();
    if (coding === 'br') return zlib.createBrotliDecompress();
    throw new FetchError('bad_encoding', `unsupported Content-Encoding "${coding.slice(0, 40)}"`, { url });
  });
  const first = stages[0]!;
  if (stages.length === 1) return first;
  // Chain the stages and expose them as one stream; an error in any stage ends the first.
  let last: Transform = first;
  for (const stage of stages.slice(1)) {
    last.pipe(stage);
    stage.on('error', (error) => first.destroy(error));
    last = stage;
  }
  const chained = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!first.write(chunk)) first.once('drain', () => callback());
      else callback();
    },
    flush(callback) {
      last.once('end', () => callback());
      first.end();
    },
    destroy(error, callback) {
      for (const stage of stages) stage.destroy();
      callback(error);
    },
  });
  last.on('data', (data: Buffer) => chained.push(data));
  first.on('error', (error) => chained.destroy(error));
  return chained;
}
