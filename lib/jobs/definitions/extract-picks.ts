import { configuredGenerators } from '@/lib/content/generators';
import { extractPostPicks } from '@/lib/content/picks/extract-post-picks';
import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { JOB_EVENTS } from '@/lib/jobs/events';
import { trackStage } from '@/lib/post-failures/track-stage';

/** A post's stock picks, extracted once per text (skipped when its current text was extracted already). */
export const extractPicksJob = defineJob({
  id: 'extract-picks',
  trigger: { event: 'posts/picks.requested' },
  retries: 3,
  concurrency: 4,
  singleton: { key: 'postId' },
  async handler({ event, step }) {
    const { postId } = JOB_EVENTS['posts/picks.requested'].parse(event.data);
    return step.run('extract', async () => {
      const db = await getDb();
      // A failure is recorded on the post (admin posts failed) as well as retried.
      return trackStage(db, postId, 'picks', () =>
        extractPostPicks(db, postId, { extractor: configuredGenerators().extractor }),
      );
    });
  },
});
