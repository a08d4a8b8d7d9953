import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { dueRetryEvents } from '@/lib/post-failures/retry-events';

/**
 * Every five minutes: quarantined posts whose backoff has passed (lib/post-failures) are tried again, each stage by
 * the job that does it. A post that keeps failing is tried at most once a day.
 */
export const retryFailedPostsJob = defineJob({
  id: 'retry-failed-posts',
  trigger: { cron: '*/5 * * * *' },
  retries: 1,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    const events = await step.run('find due posts', async () => dueRetryEvents(await getDb()));
    if (events.length > 0) await step.sendEvent('retry each stage', events);
    return { events: events.length };
  },
});
