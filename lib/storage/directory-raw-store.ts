import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { checkContentType } from './content-type';
import { assertRawKey } from './raw-key';
import { type RawObject, type RawStore, RawStoreError } from './raw-store';

// '#' can never appear in a key (see rawKey), so a sidecar or a temp file can never collide with an object.
const TYPE_SUFFIX = '#type';
const DEFAULT_TYPE = 'application/octet-stream';

function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;
}

// A key that names nothing, or a folder of other objects, is not an object: nothing to read or remove.
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

async function unlinkIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!ABSENT.has(errorCode(error) ?? '')) throw error;
  }
}

/**
 * Raw sources in a folder (the embedded default, under DATA_DIR). Files are 0600 and folders 0700 because raw
 * e-mails and transcripts are paid content. Each write goes to a temp file that is renamed into place, so a reader
 * never sees half an object. The content type sits in a `<key>#type` sidecar next to the bytes, which stay exactly
 * as they arrived (a `.eml` can be opened as is).
 */
export class DirectoryRawStore implements RawStore {
  private readonly root: string;

  constructor(rootDir: string) {
    if (typeof rootDir !== 'string' || rootDir.length === 0) {
      throw new RawStoreError({ code: 'misconfigured', operation: 'open', message: 'Raw store folder is empty' });
    }
    this.root = path.resolve(rootDir);
  }

  describe(): string {
    return `folder ${this.root}`;
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void> {
    const file = this.fileOf(key, 'put');
    checkContentType(contentType, 'put', key);
    if (!(body instanceof Uint8Array)) {
      throw new RawStoreError({ code: 'failed', operation: 'put', key, message: 'Raw store put: body must be bytes' });
    }
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // The sidecar first: a crash between the two renames leaves the old bytes with the new type, never bytes
      // without a type.
      await this.writeAtomically(`${file}${TYPE_SUFFIX}`, Buffer.from(contentType, 'utf8'));
      await this.writeAtomically(file, body);
    } catch (error) {
      throw this.failure('put', key, error);
    }
  }

  async get(key: string): Promise<RawObject | null> {
    const file = this.fileOf(key, 'get');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (ABSENT.has(errorCode(error) ?? '')) return null;
      throw this.failure('get', key, error);
    }
    let contentType = DEFAULT_TYPE;
    try {
      contentType = (await readFile(`${file}${TYPE_SUFFIX}`, 'utf8')).trim() || DEFAULT_TYPE;
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw this.failure('get', key, error);
    }
    return { body, contentType };
  }

  async remove(key: string): Promise<void> {
    const file = this.fileOf(key, 'remove');
    try {
      await unlinkIfPresent(file);
      await unlinkIfPresent(`${file}${TYPE_SUFFIX}`);
    } catch (error) {
      throw this.failure('remove', key, error);
    }
  }

  private fileOf(key: string, operation: string): string {
    assertRawKey(key);
    const file = path.resolve(this.root, key);
    // assertRawKey already forbids '..' and absolute paths; this is the second lock on the same door.
    if (!file.startsWith(this.root + path.sep)) {
      throw new RawStoreError({ code: 'invalid_key', operation, key, message: 'Raw key escapes the store folder' });
    }
    return file;
  }

  private async writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
    const temp = `${file}#tmp-${randomBytes(6).toString('hex')}`;
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temp).catch(() => {});
      throw error;
    }
    await handle.close();
    try {
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  private failure(operation: string, key: string, error: unknown): RawStoreError {
    const code = errorCode(error);
    return new RawStoreError({
      code: 'failed',
      operation,
      key,
      message: `Raw store ${operation} of ${key} failed${code ? ` (${code})` : ''}`,
    });
  }
}
