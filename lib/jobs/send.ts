import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { env } from '@/lib/env';
import { ALL_JOBS } from './all';
import type { JobEvent } from './events';
import { inngest } from './inngest/client';
import { enqueueRuns } from './local/enqueue';
import { wakeLocalJobs } from './local/process-engine';

/**
 * Sends job events: to Inngest when it is configured, else into the durable local queue (job_runs), which the
 * service's in-process engine runs. The queue row is written before this returns, so a requested summary survives
 * a restart.
 */
export async function sendJobEvents(events: JobEvent[], db?: Queryable): Promise<void> {
  if (events.length === 0) return;
  if (env().jobsEngine === 'inngest') {
    await inngest.send(events);
    return;
  }
  await enqueueRuns(db ?? (await getDb()), ALL_JOBS, events);
  wakeLocalJobs();
}
