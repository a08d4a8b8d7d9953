import type { RouteDefinition } from '@/lib/api/route';
import { getAccount, listAccountLedger } from './account';
import { createBrief } from './create-brief';
import { getPublication } from './get-publication';
import { getTicker } from './get-ticker';
import { getTrackRecord } from './get-track-record';
import { listPublications } from './list-publications';
import { listStockPicks } from './list-stock-picks';
import { accessPublicationPost, getPublicationPostBySlug } from './publication-post';
import { searchByTopic } from './search-by-topic';
import { searchPublications } from './search-publications';
import { createWatchRoute, deleteWatchRoute, getWatchFeedRoute, getWatchRoute, listWatchesRoute } from './watches';

/**
 * Every public API operation, in the order the OpenAPI document (and so llms.txt and /.well-known/x402) lists them.
 * Each one is mounted by the app/api route file at its path; tests/unit/routes.test.ts checks the two agree.
 */
export const API_ROUTES: readonly RouteDefinition[] = [
  searchByTopic,
  listPublications,
  searchPublications,
  getPublication,
  getTrackRecord,
  getTicker,
  getPublicationPostBySlug,
  accessPublicationPost,
  listStockPicks,
  createBrief,
  getAccount,
  listAccountLedger,
  createWatchRoute,
  listWatchesRoute,
  getWatchRoute,
  deleteWatchRoute,
  getWatchFeedRoute,
];
