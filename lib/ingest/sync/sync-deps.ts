import type OpenAI from 'openai';
import { createOpenAIClient } from '@/lib/ai/client';
import { appContext } from '@/lib/app/process-context';
import { env } from '@/lib/env';
import { parseAllowHosts } from '@/lib/ingest/fetch/allow-hosts';
import { DEFAULT_USER_AGENT } from '@/lib/ingest/fetch/fetch-resource';
import type { Resolve } from '@/lib/ingest/fetch/resolve-destination';
import { createHostLimiter, type HostLimiter } from '@/lib/ingest/schedule/create-host-limiter';
import type { RawStore } from '@/lib/storage/raw-store';
import { feedCredentialsKey } from './credentials-key';

/** What a sync needs from the outside world, injectable for tests. */
export interface SyncDeps {
  allowHosts: readonly string[];
  userAgent: string;
  rawStore: RawStore;
  /** Encrypts private feed credentials; null refuses private feeds. */
  credentialsKey: Buffer | null;
  /** Speech-to-text for podcast episodes without a published transcript; null uses the show notes. */
  transcription: { client: OpenAI; model: string } | null;
  /** At most a few requests at once to one host, however many feeds it serves (politeness, and fairness). */
  hostLimiter: HostLimiter;
  resolve?: Resolve;
  /** Time for a whole feed fetch; the fetcher's 60 s default when unset. */
  fetchTimeoutMs?: number;
  /**
   * Article pages one sync may fetch for items whose feed text is a teaser (lib/ingest/article); absent or 0 fetches
   * none (tests, benchmarks), and the service takes INGEST_ARTICLE_PAGES_PER_SYNC.
   */
  articlePagesPerSync?: number;
  now(): Date;
}

// One per process: every sync running here shares the per-host slots.
let processLimiter: HostLimiter | undefined;

export async function configuredSyncDeps(): Promise<SyncDeps> {
  const config = env();
  processLimiter ??= createHostLimiter({ perHost: 2, total: 16, maxQueued: 100_000 });
  return {
    allowHosts: parseAllowHosts(config.INGEST_ALLOW_HOSTS),
    userAgent: config.INGEST_USER_AGENT ?? DEFAULT_USER_AGENT,
    rawStore: (await appContext()).rawStore,
    credentialsKey: feedCredentialsKey(config),
    transcription: config.OPENAI_API_KEY
      ? {
          client: createOpenAIClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL }),
          model: config.OPENAI_TRANSCRIPTION_MODEL,
        }
      : null,
    hostLimiter: processLimiter,
    articlePagesPerSync: config.INGEST_ARTICLE_PAGES_PER_SYNC,
    now: () => new Date(),
  };
}
