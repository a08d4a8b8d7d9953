/**
 * A forward-only reader of JSON text from a file handle, for files too large to JSON.parse (the 307 MB word-vector
 * source, see wink-source.ts). It reads the few constructs that source needs (strings, flat number arrays, single
 * characters) and lets the caller skip the rest by searching for a marker; it is not a general JSON parser. Measured
 * against stream-json 3.8 (a maintained streaming tokenizer): that took 6.6 s for the first 50 MB of the source, this
 * whole preparation ~5.5 s for the ~215 MB it reads: it finds the end of each vector with indexOf and parses numbers
 * only for the words it keeps.
 */
import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

/** Sequential UTF-8 text reader over a file handle, with a sliding string buffer. */
export class TextReader {
  buf = '';
  pos = 0;
  eof = false;
  bytes = 0;
  private readonly decoder = new StringDecoder('utf8');
  private readonly chunk: Buffer;
  constructor(
    private readonly handle: FileHandle,
    chunkBytes = 1 << 20,
  ) {
    this.chunk = Buffer.allocUnsafe(Math.max(1, chunkBytes));
  }

  /** Appends the next chunk (dropping consumed text); false at end of file. */
  async fill(): Promise<boolean> {
    if (this.eof) return false;
    const { bytesRead } = await this.handle.read(this.chunk, 0, this.chunk.length, null);
    this.buf = this.buf.slice(this.pos);
    this.pos = 0;
    if (bytesRead === 0) {
      this.eof = true;
      this.buf += this.decoder.end();
      return false;
    }
    this.bytes += bytesRead;
    this.buf += this.decoder.write(this.chunk.subarray(0, bytesRead));
    return true;
  }

  /** Moves past `marker` (searching forward); throws if the file ends first. */
  async skipPast(marker: string): Promise<void> {
    for (;;) {
      const at = this.buf.indexOf(marker, this.pos);
      if (at >= 0) {
        this.pos = at + marker.length;
        return;
      }
      this.pos = Math.max(this.pos, this.buf.length - marker.length);
      if (!(await this.fill())) throw new Error(`unexpected end of file looking for ${marker}`);
    }
  }

  /** Next non-whitespace character (not consumed), or '' at end of file. */
  async peek(): Promise<string> {
    for (;;) {
      while (this.pos < this.buf.length) {
        const c = this.buf.charCodeAt(this.pos);
        if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return this.buf[this.pos]!;
        this.pos += 1;
      }
      if (!(await this.fill())) return '';
    }
  }

  async expect(char: string): Promise<void> {
    const c = await this.peek();
    if (c !== char)
      throw new Error(`expected ${JSON.stringify(char)} at byte ~${this.bytes}, found ${JSON.stringify(c)}`);
    this.pos += 1;
  }

  /** Reads a JSON string literal starting at the current (non-whitespace) position. */
  async string(): Promise<string> {
    await this.expect('"');
    this.pos -= 1; // keep the opening quote: fill() re-bases the buffer at pos
    let from = this.pos + 1;
    for (;;) {
      const end = this.buf.indexOf('"', from);
      if (end < 0) {
        const scanned = from - this.pos;
        if (!(await this.fill())) throw new Error('unterminated string');
        from = this.pos + scanned;
        continue;
      }
      let slashes = 0;
      for (let i = end - 1; i > this.pos && this.buf.charCodeAt(i) === 0x5c; i -= 1) slashes += 1;
      if (slashes % 2 === 1) {
        from = end + 1;
        continue;
      }
      const literal = this.buf.slice(this.pos, end + 1);
      this.pos = end + 1;
      return literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
    }
  }

  /** Reads a flat JSON array of numbers `[...]` and returns its raw comma-separated text. */
  async numberList(): Promise<string> {
    await this.expect('[');
    for (;;) {
      const end = this.buf.indexOf(']', this.pos);
      if (end >= 0) {
        const text = this.buf.slice(this.pos, end);
        this.pos = end + 1;
        return text;
      }
      // fill() keeps the unconsumed text from pos, so the partial list survives.
      if (!(await this.fill())) throw new Error('unterminated array');
    }
  }
}
