import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';

/**
 * SQL fragments for one model's vectors. The model id is inlined as a literal (not a parameter) so the planner can
 * match the partial HNSW index, and the cast fixes the dimension the index was built for.
 */
export function vectorSql(provider: Pick<EmbeddingProvider, 'id' | 'dimensions'>) {
  if (!/^[A-Za-z0-9:._-]{1,80}$/.test(provider.id) || !Number.isInteger(provider.dimensions)) {
    throw new Error(`Unusable embedding model id: ${provider.id}`);
  }
  const slug = provider.id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 40);
  return {
    model: `'${provider.id}'`,
    column: `embedding::vector(${provider.dimensions})`,
    cast: `::vector(${provider.dimensions})`,
    indexName: `post_embeddings_${slug}_hnsw`,
  };
}
