import path from 'node:path';
import { DirectoryRawStore } from './directory-raw-store';
import type { RawStore } from './raw-store';
import { RawStoreError } from './raw-store';
import { SupabaseRawStore } from './supabase-raw-store';

export interface RawStoreConfig {
  supabaseUrl?: string;
  supabaseServiceRoleKey?: string;
  /** Supabase Storage bucket; default `raw-sources`. */
  bucket?: string;
  /** The embedded default keeps raw sources in `<dataDir>/raw`. */
  dataDir: string;
}

export const DEFAULT_RAW_BUCKET = 'raw-sources';

/**
 * Supabase Storage when both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, a folder under DATA_DIR when
 * neither is. One without the other is a configuration mistake, refused rather than silently falling back to disk.
 */
export function rawStoreFromConfig(config: RawStoreConfig): RawStore {
  const url = config.supabaseUrl?.trim() || undefined;
  const key = config.supabaseServiceRoleKey?.trim() || undefined;
  if (url && key)
    return new SupabaseRawStore({ url, serviceRoleKey: key, bucket: config.bucket || DEFAULT_RAW_BUCKET });
  if (url || key) {
    throw new RawStoreError({
      code: 'misconfigured',
      operation: 'open',
      message: 'Raw sources in Supabase Storage need both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY',
    });
  }
  return new DirectoryRawStore(path.join(config.dataDir, 'raw'));
}
