import { Cron } from 'croner';
import type { Db } from '@/lib/db/types';
import type { JobDefinition } from '@/lib/jobs/definition';
import { enqueueRun, SCHEDULED_EVENT_NAME } from './enqueue';
import { localStep } from './step';

export interface LocalJobsOptions {
  db: Db;
  jobs: readonly JobDefinition[];
  log?: (line: string) => void;
  /** How often the queue and the schedules are looked at when nothing wakes the runner. Default 1 s. */
  pollMs?: number;
  /** Runs at once over all jobs (each job's own concurrency applies too). Default 4. */
  maxInFlight?: number;
  /** First retry delay; doubles per attempt up to 10 minutes. Default 5 s. */
  backoffBaseMs?: number;
  /** A running row whose lease passed belongs to a process that died, and is run again. Default 15 minutes. */
  leaseMs?: number;
}

export interface LocalJobs {
  /** Look at the queue now (a sender just queued something). */
  wake(): void;
  /** Stops taking runs and waits for the ones in flight. */
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 10 * 60_000;

interface ClaimedRow {
  [key: string]: unknown;
  id: string;
  event_name: string;
  event_data: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * The embedded default's job engine: runs the same job definitions as Inngest, in this process, from the durable
 * queue in job_runs. Runs are retried with exponential backoff, limited per job and overall, and steps are memoized;
 * scheduled jobs fire on their cron expression, remembered in job_schedules so a restart neither repeats nor skips a
 * tick (missed ticks while stopped collapse into one). Runs interrupted by a crash are taken again after their lease.
 */
export function startLocalJobs(options: LocalJobsOptions): LocalJobs {
  const { db, jobs } = options;
  const log = options.log ?? (() => {});
  const pollMs = options.pollMs ?? 1000;
  const maxInFlight = options.maxInFlight ?? 4;
  const backoffBaseMs = options.backoffBaseMs ?? 5000;
  const leaseMs = options.leaseMs ?? 15 * 60_000;
  const inFlight = new Map<string, Promise<void>>();
  const perJob = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
  };

  const tick = async () => {
    if (ticking) {
      again = true;
      return;
    }
    ticking = (async () => {
      try {
        await fireDueSchedules();
        await requeueExpiredLeases();
        await claimAndRun();
      } catch (error) {
        log(`jobs: ${(error as Error).message}`);
      }
    })();
    await ticking;
    ticking = null;
    if (again) {
      again = false;
      schedule(0);
    } else schedule(pollMs);
  };

  const fireDueSchedules = async () => {
    for (const job of jobs) {
      if (!('cron' in job.trigger)) continue;
      const now = new Date();
      const [row] = await db.query<{ last_fired_at: Date }>(
        'select last_fired_at from job_schedules where function_id = $1',
        [job.id],
      );
      if (!row) {
        await db.query(
          'insert into job_schedules (function_id, last_fired_at) values ($1, $2) on conflict do nothing',
          [job.id, now],
        );
        continue;
      }
      const next = new Cron(job.trigger.cron, { paused: true, timezone: 'UTC' }).nextRun(row.last_fired_at);
      if (!next || next > now) continue;
      // The update decides which process fires the tick when several share the database.
      const claimed = await db.query(
        'update job_schedules set last_fired_at = $2 where function_id = $1 and last_fired_at = $3 returning 1',
        [job.id, now, row.last_fired_at],
      );
      if (claimed.length > 0) await enqueueRun(db, job, { name: SCHEDULED_EVENT_NAME, data: {} });
    }
  };

  const requeueExpiredLeases = () =>
    db.query(
      `update job_runs set status = 'queued', lease_until = null, updated_at = now()
        where status = 'running' and lease_until < now()`,
    );

  const claimAndRun = async () => {
    for (const job of jobs) {
      const free = Math.min(job.concurrency - (perJob.get(job.id) ?? 0), maxInFlight - inFlight.size);
      if (free <= 0) continue;
      const claimed = await db.query<ClaimedRow>(
        `update job_runs set status = 'running', attempts = attempts + 1, updated_at = now(),
                lease_until = now() + make_interval(secs => $3)
          where id in (select id from job_runs
                        where function_id = $1 and status = 'queued' and run_after <= now()
                        order by run_after, created_at limit $2 for update skip locked)
          returning id, event_name, event_data, attempts, max_attempts`,
        [job.id, free, leaseMs / 1000],
      );
      for (const row of claimed) start(job, row);
    }
  };

  const start = (job: JobDefinition, row: ClaimedRow) => {
    perJob.set(job.id, (perJob.get(job.id) ?? 0) + 1);
    const running = execute(job, row).finally(() => {
      inFlight.delete(row.id);
      perJob.set(job.id, (perJob.get(job.id) ?? 1) - 1);
      schedule(0);
    });
    inFlight.set(row.id, running);
  };

  const execute = async (job: JobDefinition, row: ClaimedRow) => {
    try {
      const step = localStep(db, row.id, jobs, () => schedule(0));
      const output = await job.handler({ event: { name: row.event_name, data: row.event_data }, step });
      await db.query(
        `update job_runs set status = 'completed', output = $2::text::jsonb, last_error = null, lease_until = null,
                finished_at = now(), updated_at = now() where id = $1`,
        [row.id, JSON.stringify(output ?? null)],
      );
    } catch (error) {
      const message = (error as Error).message?.slice(0, 2000) || String(error);
      const retry = row.attempts < row.max_attempts && !stopped;
      const delay = Math.min(MAX_BACKOFF_MS, backoffBaseMs * 2 ** (row.attempts - 1));
      await db
        .query(
          `update job_runs set status = $2, last_error = $3, lease_until = null, updated_at = now(),
                  run_after = now() + make_interval(secs => $4), finished_at = case when $2 = 'failed' then now() end
            where id = $1`,
          [row.id, retry || stopped ? 'queued' : 'failed', message, retry ? delay / 1000 : 0],
        )
        .catch((recordError: Error) => log(`jobs: could not record a failure: ${recordError.message}`));
      log(`jobs: ${job.id} attempt ${row.attempts}/${row.max_attempts} failed: ${message}`);
    }
  };

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
