import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { writePostingsSnapshot } from '@/lib/search/postings/live-postings';

/**
 * Every hour: writes this process's search postings, up to date, to the raw store, so that a process starting later
 * loads them and reads only the change log since (lib/search/postings/snapshot.ts) instead of every post. One run at a
 * time across the deployment; an hour keeps every snapshot well inside the change log's day.
 */
export const snapshotSearchPostingsJob = defineJob({
  id: 'snapshot-search-postings',
  trigger: { cron: '41 * * * *' },
  retries: 1,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    const written = await step.run('write the postings snapshot', async () => writePostingsSnapshot(await getDb()));
    return written ?? { skipped: 'postings off or no snapshot store' };
  },
});
