import { configuredGenerators } from '@/lib/content/generators';
import { extractPostPicks } from '@/lib/content/picks/extract-post-picks';
import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { JOB_EVENTS } from '@/lib/jobs/events';
import { trackStage } from '@/lib/post-failures/track-stage';
import { matchPostCalls } from '@/lib/watches/match/match-calls';

/**
 * A post's stock picks, extracted once per text (skipped when its current text was extracted already); then the
 * ticker watches its new calls alert, and their webhooks.
 */
export const extractPicksJob = defineJob({
  id: 'extract-picks',
  trigger: { event: 'posts/picks.requested' },
  retries: 3,
  concurrency: 4,
  singleton: { key: 'postId' },
  async handler({ event, step }) {
    const { postId } = JOB_EVENTS['posts/picks.requested'].parse(event.data);
    const extracted = await step.run('extract', async () => {
      const db = await getDb();
      // A failure is recorded on the post (admin posts failed) as well as retried.
      return trackStage(db, postId, 'picks', () =>
        extractPostPicks(db, postId, { extractor: configuredGenerators().extractor }),
      );
    });
    const events = await step.run(
      'match ticker watches',
      async () => (await matchPostCalls(await getDb(), postId)).length,
    );
    if (events > 0) await step.sendEvent('deliver watch events', [{ name: 'watches/deliveries.requested', data: {} }]);
    return extracted;
  },
});
