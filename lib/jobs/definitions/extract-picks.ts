import { configuredGenerators } from '@/lib/content/generators';
import { extractPostPicks } from '@/lib/content/picks/extract-post-picks';
import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { JOB_EVENTS } from '@/lib/jobs/events';

/** A post's stock picks, extracted once per text (skipped when its current text was extracted already). */
export const extractPicksJob = defineJob({
  id: 'extract-picks',
  trigger: { event: 'posts/picks.requested' },
  retries: 3,
  concurrency: 4,
  singleton: { key: 'postId' },
  async handler({ event, step }) {
    const { postId } = JOB_EVENTS['posts/picks.requested'].parse(event.data);
    return step.run('extract', async () =>
      extractPostPicks(await getDb(), postId, { extractor: configuredGenerators().extractor }),
    );
  },
});
