import type { JobDefinition } from './definition';
import { deliverWebhooksJob, retryWebhooksJob } from './definitions/deliver-webhooks';
import { embedPostsJob } from './definitions/embed-posts';
import { extractPicksJob } from './definitions/extract-picks';
import { fetchDailyPricesJob } from './definitions/fetch-daily-prices';
import { generateSummaryJob } from './definitions/generate-summary';
import { reconcilePaymentsJob } from './definitions/reconcile-payments';
import { retryFailedPostsJob } from './definitions/retry-failed-posts';
import { snapshotSearchPostingsJob } from './definitions/snapshot-search-postings';
import { syncDueFeeds } from './definitions/sync-due-feeds';
import { syncPublicationJob } from './definitions/sync-publication';

/** Every background job; both engines serve exactly this list. */
export const ALL_JOBS: readonly JobDefinition[] = [
  syncDueFeeds,
  syncPublicationJob,
  generateSummaryJob,
  extractPicksJob,
  embedPostsJob,
  reconcilePaymentsJob,
  retryFailedPostsJob,
  snapshotSearchPostingsJob,
  fetchDailyPricesJob,
  deliverWebhooksJob,
  retryWebhooksJob,
];
