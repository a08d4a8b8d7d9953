/**
 * The one-off preparation of the local provider's compact word-vector store (see compact-store.ts), with the same
 * settings the provider uses. Run by scripts/prepare-embeddings.mjs from `npm ci` (postinstall); idempotent.
 */
import { type PrepareResult, prepareCompactStore, type StoreLocation } from './compact-store';
import { tickerVocabulary } from './tickers';

export function prepareLocalEmbeddings(location: StoreLocation = {}): Promise<PrepareResult> {
  return prepareCompactStore({ ...location, extraWords: location.extraWords ?? tickerVocabulary() });
}
