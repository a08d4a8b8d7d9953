import type { Env } from '@/lib/env';
import type { EmbeddingProvider } from './provider';
import { selectEmbeddingProvider } from './select';

/** The embedding provider this configuration chooses (local by default); selectEmbeddingProvider keeps one per setting. */
export function configuredEmbeddings(config: Env): EmbeddingProvider | null {
  return selectEmbeddingProvider({
    provider: config.EMBEDDINGS_PROVIDER,
    openaiApiKey: config.OPENAI_API_KEY,
    openaiBaseUrl: config.OPENAI_BASE_URL,
    openaiModel: config.OPENAI_EMBEDDING_MODEL,
  });
}
