export type { EmbeddingProvider } from './provider';
export { cosine, normalised, normaliseInPlace, zeroVector } from './provider';
export { LocalEmbeddingProvider, createLocalEmbeddingProvider, LOCAL_PROVIDER_ID, LOCAL_DIMENSIONS } from './local';
export { OpenAIEmbeddingProvider, createOpenAIEmbeddingProvider, EmbeddingRequestError, DEFAULT_OPENAI_EMBEDDING_MODEL } from './openai';
export { selectEmbeddingProvider, type EmbeddingConfig, type EmbeddingProviderName } from './select';
export { embeddingText, EMBEDDING_BODY_CHARS } from './document-text';
export { prepareLocalEmbeddings } from './prepare';
