import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { checkContentType } from './content-type';
import { assertRawKey } from './raw-key';
import { type RawObject, type RawStore, RawStoreError } from './raw-store';

export interface SupabaseRawStoreOptions {
  /** The project URL, e.g. https://abcd.supabase.co */
  url: string;
  /** The service-role key: server only; it bypasses row-level security, so it never appears in a message. */
  serviceRoleKey: string;
  bucket: string;
}

interface StorageFailure {
  message?: string;
  status?: number;
  statusCode?: string;
  originalError?: unknown;
}

// Bucket ids: Supabase allows more, we keep to what reads unambiguously in a URL path.
const BUCKET = /^[a-z0-9][a-z0-9_-]{1,62}$/;

// Storage answers "not found" as HTTP 404, or (older servers, still deployed) HTTP 400 with statusCode "404".
function isNotFound(error: StorageFailure): boolean {
  return error.status === 404 || error.statusCode === '404' || error.statusCode === 'not_found';
}

function isDuplicate(error: StorageFailure): boolean {
  return error.status === 409 || error.statusCode === '409' || /already exists|duplicate/i.test(error.message ?? '');
}

/**
 * Raw sources in a private Supabase Storage bucket, through the official client (`@supabase/supabase-js`). The
 * bucket is created private on first use when missing; an existing public bucket is refused, because raw e-mails
 * and transcripts are paid content.
 */
export class SupabaseRawStore implements RawStore {
  private readonly client: SupabaseClient;
  private readonly bucket: string;
  private readonly host: string;
  private readonly secret: string;
  private ready: Promise<void> | null = null;

  constructor(options: SupabaseRawStoreOptions) {
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw misconfigured('SUPABASE_URL is not a URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw misconfigured('SUPABASE_URL must be http(s)');
    if (typeof options.serviceRoleKey !== 'string' || options.serviceRoleKey.length < 20) {
      throw misconfigured('SUPABASE_SERVICE_ROLE_KEY is missing or too short');
    }
    if (typeof options.bucket !== 'string' || !BUCKET.test(options.bucket)) {
      throw misconfigured('Storage bucket name must match [a-z0-9][a-z0-9_-]{1,62}');
    }
    this.secret = options.serviceRoleKey;
    this.bucket = options.bucket;
    this.host = parsed.host;
    this.client = createClient(parsed.origin, options.serviceRoleKey, {
      // A server-side client with a fixed key: no session to keep, refresh or read from a URL.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  describe(): string {
    return `Supabase Storage ${this.host}, bucket ${this.bucket}`;
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void> {
    assertRawKey(key);
    checkContentType(contentType, 'put', key);
    if (!(body instanceof Uint8Array)) {
      throw new RawStoreError({ code: 'failed', operation: 'put', key, message: 'Raw store put: body must be bytes' });
    }
    await this.ensureBucket();
    const { error } = await this.files().upload(key, body, { contentType, upsert: true });
    if (error) throw this.failure('put', key, error);
  }

  async get(key: string): Promise<RawObject | null> {
    assertRawKey(key);
    await this.ensureBucket();
    const { data, error } = await this.files().download(key);
    if (error) {
      if (isNotFound(error)) return null;
      throw this.failure('get', key, error);
    }
    const body = Buffer.from(await data.arrayBuffer());
    return { body, contentType: data.type || 'application/octet-stream' };
  }

  async remove(key: string): Promise<void> {
    assertRawKey(key);
    await this.ensureBucket();
    // Storage answers 200 with an empty list for a missing object, so removing twice is fine.
    const { error } = await this.files().remove([key]);
    if (error && !isNotFound(error)) throw this.failure('remove', key, error);
  }

  private files() {
    return this.client.storage.from(this.bucket);
  }

  /** Once per store (retried after a failure): checks the bucket is private, creating it when missing. */
  private ensureBucket(): Promise<void> {
    if (!this.ready) {
      this.ready = this.checkBucket().catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    }
    return this.ready;
  }

  private async checkBucket(): Promise<void> {
    const found = await this.client.storage.getBucket(this.bucket);
    if (!found.error) {
      if (found.data.public) {
        throw misconfigured(`Storage bucket ${this.bucket} is public; raw sources need a private bucket`);
      }
      return;
    }
    if (!isNotFound(found.error)) throw this.failure('bucket', undefined, found.error);
    const created = await this.client.storage.createBucket(this.bucket, { public: false });
    // Another process may have created it between our two calls.
    if (created.error && !isDuplicate(created.error)) throw this.failure('bucket', undefined, created.error);
  }

  private failure(operation: string, key: string | undefined, error: StorageFailure): RawStoreError {
    const cause = error.originalError as { cause?: { code?: unknown } } | undefined;
    const networkCode = typeof cause?.cause?.code === 'string' ? ` (${cause.cause.code})` : '';
    const status = error.status ? `HTTP ${error.status}: ` : '';
    const detail = `${status}${error.message ?? 'unknown error'}${networkCode}`.slice(0, 300);
    return new RawStoreError({
      code: 'failed',
      operation,
      key,
      status: error.status,
      // The server's message is echoed for diagnosis, with the service key scrubbed in case anything reflects it.
      message: `Supabase Storage ${operation}${key ? ` of ${key}` : ''} failed: ${detail}`.replaceAll(
        this.secret,
        '[redacted]',
      ),
    });
  }
}

function misconfigured(message: string): RawStoreError {
  return new RawStoreError({ code: 'misconfigured', operation: 'open', message });
}
