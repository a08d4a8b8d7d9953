import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { listDuePublications } from '@/lib/ingest/sync/list-due';
import { defineJob } from '@/lib/jobs/definition';

/**
 * The scheduled tick: every publication whose next poll time has come gets its own sync event, so one slow or failing
 * feed never holds up another. How often each feed is due is decided per feed (lib/ingest/schedule/next-poll-at).
 */
export const syncDueFeeds = defineJob({
  id: 'sync-due-feeds',
  trigger: { cron: env().FEED_SYNC_CRON },
  retries: 2,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    const due = await step.run('find due publications', async () => listDuePublications(await getDb(), new Date()));
    await step.sendEvent(
      'sync each publication',
      due.map((publicationId) => ({ name: 'feeds/publication.sync.requested', data: { publicationId } })),
    );
    return { publications: due.length };
  },
});
