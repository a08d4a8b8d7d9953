import { appContext } from '@/lib/app/process-context';
import { briefIndexes } from '@/lib/briefs/lead-meaning';
import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { searchIndexingRun } from '@/lib/search/index/runs';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';

/**
 * Search documents and embeddings for every post waiting for them. One run at a time: each run takes everything
 * pending, so events that arrive while it runs are covered by the next one.
 */
export const embedPostsJob = defineJob({
  id: 'embed-posts',
  trigger: { event: 'search/embeddings.requested' },
  retries: 3,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    return step.run('index and embed', async () => {
      const db = await getDb();
      // A start-up backlog being indexed in the background (lib/search/index/background.ts) is joined, not raced
      // with 5,000-post batches that would hold PGlite's one connection for seconds each; what is left is done here.
      await searchIndexingRun(db);
      const indexed = await indexPendingPosts(db);
      const { embeddings: provider, config } = await appContext();
      let embedded = provider ? await embedPendingPosts(db, provider) : 0;
      for (const extra of briefIndexes(config)) embedded += await embedPendingPosts(db, extra);
      return { indexed, embedded };
    });
  },
});
