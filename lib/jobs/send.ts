import { appContext, builtAppContext } from '@/lib/app/process-context';
import type { Queryable } from '@/lib/db/types';
import { env } from '@/lib/env';
import { ALL_JOBS } from './all';
import type { JobEvent } from './events';
import { inngest } from './inngest/client';
import { enqueueRuns } from './local/enqueue';

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
  await enqueueRuns(db ?? (await appContext()).db, ALL_JOBS, events);
  // The engine, if this process runs one, looks at the queue now instead of at its next poll. Only a context already
  // built is asked: a sender handed its own database (a test, a script) does not open the process's.
  builtAppContext()?.jobs?.wake();
}
