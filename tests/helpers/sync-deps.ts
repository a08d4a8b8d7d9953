import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHostLimiter } from '@/lib/ingest/schedule/create-host-limiter';
import { deriveKey } from '@/lib/ingest/secrets/encrypt-secret';
import type { SyncDeps } from '@/lib/ingest/sync/sync-deps';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';

/** SyncDeps for tests: loopback allowed, raw sources in a fresh temp folder, a fixed credentials key, no OpenAI. */
export function testSyncDeps(overrides: Partial<SyncDeps> = {}): SyncDeps & { rawDir: string } {
  const rawDir = mkdtempSync(path.join(tmpdir(), 'finpub-sync-raw-'));
  return {
    allowHosts: ['127.0.0.1'],
    userAgent: 'finpub-test',
    rawStore: new DirectoryRawStore(rawDir),
    credentialsKey: deriveKey('a'.repeat(40)),
    transcription: null,
    hostLimiter: createHostLimiter({ perHost: 4, total: 8 }),
    now: () => new Date(),
    rawDir,
    ...overrides,
  };
}
