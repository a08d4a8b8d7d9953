import type { Queryable } from '@/lib/db/types';
import type { JobDefinition, JobStep } from '@/lib/jobs/definition';
import { enqueueRuns } from './enqueue';

/**
 * Step tools of the local engine, memoized per run in job_steps as Inngest memoizes them: when a run is retried after
 * a failure, the steps that had succeeded return their recorded result instead of running again.
 */
export function localStep(db: Queryable, runId: string, jobs: readonly JobDefinition[], onSend: () => void): JobStep {
  const run = async <T>(id: string, fn: () => Promise<T>): Promise<T> => {
    const [done] = await db.query<{ output: T }>('select output from job_steps where run_id = $1 and step_id = $2', [
      runId,
      id,
    ]);
    if (done) return done.output;
    const output = await fn();
    // Stored as JSON, as Inngest does: a retry sees what JSON gives back (dates become strings).
    const json = JSON.stringify(output ?? null);
    await db.query(
      `insert into job_steps (run_id, step_id, output) values ($1, $2, $3::text::jsonb)
       on conflict (run_id, step_id) do nothing`,
      [runId, id, json],
    );
    return JSON.parse(json) as T;
  };
  return {
    run,
    async sendEvent(id, events) {
      await run(`send:${id}`, async () => {
        await enqueueRuns(db, jobs, events);
        return null;
      });
      onSend();
    },
  };
}
