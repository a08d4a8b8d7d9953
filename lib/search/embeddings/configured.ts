import { env } from '@/lib/env';
import type { EmbeddingProvider } from './provider';
import { selectEmbeddingProvider } from './select';

const holder = globalThis as typeof globalThis & { __embeddings?: EmbeddingProvider | null };

/** The embedding provider chosen by environment (local by default), one per process. */
export function configuredEmbeddings(): EmbeddingProvider | null {
  if (holder.__embeddings === undefined) {
    const config = env();
    holder.__embeddings = selectEmbeddingProvider({
      provider: config.EMBEDDINGS_PROVIDER,
      openaiApiKey: config.OPENAI_API_KEY,
      openaiBaseUrl: config.OPENAI_BASE_URL,
      openaiModel: config.OPENAI_EMBEDDING_MODEL,
    });
  }
  return holder.__embeddings ?? null;
}
