import { z } from 'zod';

/** A backlog that indexes in a few seconds, even on PGlite (about 2.5 ms a post there), is indexed before serving. */
export const DEFAULT_BACKGROUND_INDEXING_ABOVE = 2000;

/**
 * Connection pool limits for a PostgreSQL DATABASE_URL (lib/env.ts is the reader; PGlite has one connection), and
 * how start-up treats posts waiting for search.
 */
export const DatabaseEnv = {
  // Connections this process opens; behind a transaction-mode pooler (Supabase's port 6543) they are cheap.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  // Queries allowed to wait for a connection; beyond it a request answers 503 service_busy at once.
  DATABASE_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
  // A statement outside a transaction still running after this is cancelled (0 turns it off).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // More posts than this waiting for search at start-up are indexed in the background (search/index/index-on-open.ts).
  SEARCH_INDEX_BACKGROUND_ABOVE: z.coerce.number().int().min(0).default(DEFAULT_BACKGROUND_INDEXING_ABOVE),
  // Where lexical search reads its postings: in this process's memory once loaded, or always through SQL.
  SEARCH_POSTINGS: z.enum(['memory', 'sql']).default('memory'),
};
