import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { configuredSyncDeps } from '@/lib/ingest/sync/sync-deps';
import { syncPublication } from '@/lib/ingest/sync/sync-publication';
import { defineJob } from '@/lib/jobs/definition';
import { JOB_EVENTS } from '@/lib/jobs/events';
import { generationEvents } from '@/lib/jobs/generation-events';

/** One feed's sync, then summaries (when generated on ingest) and embeddings for its new or changed posts. */
export const syncPublicationJob = defineJob({
  id: 'sync-publication',
  trigger: { event: 'feeds/publication.sync.requested' },
  retries: 2,
  concurrency: 8,
  singleton: { key: 'publicationId' },
  async handler({ event, step }) {
    const { publicationId } = JOB_EVENTS['feeds/publication.sync.requested'].parse(event.data);
    const report = await step.run('sync feed', async () =>
      syncPublication(await getDb(), publicationId, await configuredSyncDeps()),
    );
    await step.sendEvent('process changed posts', generationEvents(report.changedPostIds, env()));
    return report;
  },
});
