import type { Queryable } from '@/lib/db/types';
import { type JobDefinition, singletonValue } from '@/lib/jobs/definition';

export interface QueuedEvent {
  name: string;
  data: unknown;
}

/** The event name a scheduled run carries, as Inngest names its cron events. */
export const SCHEDULED_EVENT_NAME = 'inngest/scheduled.timer';

/**
 * Queues one run per job triggered by each event, durably: the row survives a restart and is picked up by the next
 * process. A run whose singleton value is already queued or running is not queued twice (the partial unique index
 * job_runs_active_dedupe_idx). Returns the number of runs queued.
 */
export async function enqueueRuns(db: Queryable, jobs: readonly JobDefinition[], events: QueuedEvent[]) {
  let queued = 0;
  for (const event of events) {
    for (const job of jobs) {
      if ('event' in job.trigger && job.trigger.event === event.name) queued += await enqueueRun(db, job, event);
    }
  }
  return queued;
}

/** Queues one run of `job` for `event` (a scheduled job gets the timer event); 0 when a singleton run is active. */
export async function enqueueRun(db: Queryable, job: JobDefinition, event: QueuedEvent): Promise<number> {
  const rows = await db.query(
    `insert into job_runs (function_id, event_name, event_data, dedupe_key, max_attempts)
     values ($1, $2, $3::text::jsonb, $4, $5)
     on conflict do nothing returning id`,
    [job.id, event.name, JSON.stringify(event.data ?? {}), singletonValue(job, event.data), job.retries + 1],
  );
  return rows.length;
}
