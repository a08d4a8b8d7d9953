import { env } from '@/lib/env';
import type { RawStore } from './raw-store';
import { rawStoreFromConfig } from './raw-store-from-config';

let cached: RawStore | undefined;

/** The process's raw-source store: Supabase Storage when configured, else DATA_DIR/raw (built once). */
export function configuredRawStore(): RawStore {
  const config = env();
  cached ??= rawStoreFromConfig({
    supabaseUrl: config.SUPABASE_URL,
    supabaseServiceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY,
    bucket: config.RAW_SOURCES_BUCKET,
    dataDir: config.DATA_DIR,
  });
  return cached;
}
