/**
 * Picks the embedding provider from configuration (lib/env.ts reads EMBEDDINGS_PROVIDER, OPENAI_API_KEY,
 * OPENAI_BASE_URL, OPENAI_EMBEDDING_MODEL). 'none' switches semantic search off (null): callers then run full-text
 * search only and report `mode: "fts"`.
 */

import { LocalEmbeddingProvider, type LocalProviderOptions } from './local';
import { OpenAIEmbeddingProvider } from './openai';
import type { EmbeddingProvider } from './provider';

export type EmbeddingProviderName = 'local' | 'openai' | 'none';

export interface EmbeddingConfig {
  provider: EmbeddingProviderName;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiModel?: string;
  /** Output size; needed only for models the provider does not know (e.g. a local OpenAI-compatible server). */
  openaiDimensions?: number;
  /** Store location overrides for the local provider (tests); defaults are right for the app. */
  local?: LocalProviderOptions;
}

/** One provider per distinct configuration, so the local store is loaded once and the SDK client is reused. */
const cache = new Map<string, EmbeddingProvider>();

export function selectEmbeddingProvider(config: EmbeddingConfig): EmbeddingProvider | null {
  switch (config.provider) {
    case 'none':
      return null;
    case 'local': {
      const key = `local\u0000${JSON.stringify(config.local ?? {})}`;
      let provider = cache.get(key);
      if (!provider) {
        provider = new LocalEmbeddingProvider(config.local);
        cache.set(key, provider);
      }
      return provider;
    }
    case 'openai': {
      const apiKey = config.openaiApiKey?.trim();
      if (!apiKey) throw new Error('EMBEDDINGS_PROVIDER=openai needs OPENAI_API_KEY');
      const key = [
        'openai',
        apiKey,
        config.openaiBaseUrl ?? '',
        config.openaiModel ?? '',
        config.openaiDimensions ?? '',
      ].join('\u0000');
      let provider = cache.get(key);
      if (!provider) {
        provider = new OpenAIEmbeddingProvider({
          apiKey,
          baseURL: config.openaiBaseUrl,
          model: config.openaiModel,
          dimensions: config.openaiDimensions,
        });
        cache.set(key, provider);
      }
      return provider;
    }
    default: {
      const unknown: never = config.provider;
      throw new Error(`unknown embeddings provider ${JSON.stringify(unknown)} (expected local, openai or none)`);
    }
  }
}
