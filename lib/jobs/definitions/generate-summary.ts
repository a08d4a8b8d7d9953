import { configuredGenerators } from '@/lib/content/generators';
import { generatePostSummary } from '@/lib/content/summaries/generate-post-summary';
import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { JOB_EVENTS } from '@/lib/jobs/events';
import { trackStage } from '@/lib/post-failures/track-stage';

/**
 * A post's summary, requested by the paid route's 503 path or by a sync. A summary that exists for the post's current
 * text is not generated again; stock-pick extraction follows a summary.
 */
export const generateSummaryJob = defineJob({
  id: 'generate-summary',
  trigger: { event: 'posts/summary.requested' },
  retries: 3,
  concurrency: 4,
  singleton: { key: 'postId' },
  async handler({ event, step }) {
    const { postId } = JOB_EVENTS['posts/summary.requested'].parse(event.data);
    const result = await step.run('summarize', async () => {
      const db = await getDb();
      // A failure is recorded on the post (admin posts failed) as well as retried.
      return trackStage(db, postId, 'summary', () =>
        generatePostSummary(db, postId, { summarizer: configuredGenerators().summarizer }),
      );
    });
    if (result.status === 'generated' || result.status === 'unchanged') {
      await step.sendEvent('extract picks', [{ name: 'posts/picks.requested', data: { postId } }]);
    }
    return result;
  },
});
