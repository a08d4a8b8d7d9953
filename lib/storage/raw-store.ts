/**
 * Where raw sources are kept exactly as they arrived (an e-mail's MIME, a fetched transcript, a publication's image),
 * so a post can be re-processed after a parser fix. Two implementations: a folder under DATA_DIR (embedded default)
 * and a private Supabase Storage bucket (production). Keys come from `rawKey` and are checked by every store.
 */
export interface RawObject {
  body: Buffer;
  contentType: string;
}

export interface RawStore {
  /** Writes or replaces the object at `key`. */
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** The object at `key`, or null when there is none. */
  get(key: string): Promise<RawObject | null>;
  /** Removes the object at `key`; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Where the objects go, for logs and operator output; never contains a credential. */
  describe(): string;
}

export type RawStoreErrorCode = 'invalid_key' | 'invalid_content_type' | 'misconfigured' | 'failed';

export class RawStoreError extends Error {
  readonly code: RawStoreErrorCode;
  readonly operation: string;
  readonly key: string | undefined;
  readonly status: number | undefined;

  constructor(options: {
    code: RawStoreErrorCode;
    operation: string;
    message: string;
    key?: string;
    status?: number;
  }) {
    super(options.message);
    this.name = 'RawStoreError';
    this.code = options.code;
    this.operation = options.operation;
    this.key = options.key;
    this.status = options.status;
  }
}
