import { afterEach, describe, expect, it } from 'vitest';
import { defineJob, type JobDefinition } from '@/lib/jobs/definition';
import { listJobRuns } from '@/lib/jobs/list-runs';
import { enqueueRuns } from '@/lib/jobs/local/enqueue';
import { type LocalJobs, startLocalJobs } from '@/lib/jobs/local/runner';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The embedded default's job engine against a real database, with test jobs (the real ones touch the process DB).
const db = suiteDatabase();
const engines: LocalJobs[] = [];
const POST = '0b0e8a3e-57a4-4c9b-9d3e-8d1f6d2c6a01';

function start(jobs: JobDefinition[]) {
  const engine = startLocalJobs({ db, jobs, pollMs: 50, backoffBaseMs: 20 });
  engines.push(engine);
  return engine;
}

async function until<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const runsOf = (jobId: string) =>
  db.query<{ status: string; attempts: number; last_error: string | null }>(
    'select status, attempts, last_error from job_runs where function_id = $1 order by created_at',
    [jobId],
  );
const allFinished = (jobId: string, count: number) => async () => {
  const runs = await runsOf(jobId);
  return runs.length === count && runs.every((run) => run.status === 'completed' || run.status === 'failed') && runs;
};

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  await db.query('delete from job_runs');
  await db.query('delete from job_schedules');
});

describe('local job engine', () => {
  it('runs an event once per singleton key while one is queued, and again after it finished', async () => {
    const seen: string[] = [];
    const job = defineJob({
      id: 'once-per-post',
      trigger: { event: 'posts/summary.requested' },
      retries: 0,
      concurrency: 2,
      singleton: { key: 'postId' },
      async handler({ event }) {
        seen.push((event.data as { postId: string }).postId);
      },
    });
    const event = { name: 'posts/summary.requested', data: { postId: POST } };
    expect(await enqueueRuns(db, [job], [event, event, event])).toBe(1);
    start([job]);
    await until(allFinished(job.id, 1), 'the first run');
    expect(await enqueueRuns(db, [job], [event])).toBe(1);
    await until(allFinished(job.id, 2), 'the second run');
    expect(seen).toEqual([POST, POST]);
  });

  it('retries with backoff, replaying succeeded steps from memory', async () => {
    let firstStep = 0;
    let secondStep = 0;
    const job = defineJob({
      id: 'flaky',
      trigger: { event: 'search/embeddings.requested' },
      retries: 3,
      concurrency: 1,
      async handler({ step }) {
        const a = await step.run('first', async () => {
          firstStep += 1;
          return { at: new Date('2026-11-23T00:00:00Z') };
        });
        return step.run('second', async () => {
          secondStep += 1;
          if (secondStep < 3) throw new Error(`transient failure ${secondStep}`);
          return a.at;
        });
      },
    });
    await enqueueRuns(db, [job], [{ name: 'search/embeddings.requested', data: {} }]);
    start([job]);
    const [run] = await until(allFinished(job.id, 1), 'the flaky run');
    expect(run).toMatchObject({ status: 'completed', attempts: 3, last_error: null });
    expect(firstStep).toBe(1);
    expect(secondStep).toBe(3);
    const [output] = await db.query<{ output: unknown }>('select output from job_runs where function_id = $1', [
      job.id,
    ]);
    // Step results come back as JSON, as Inngest gives them: the date is a string on the retries.
    expect(output!.output).toBe('2026-11-23T00:00:00.000Z');
  });

  it('marks a run failed after its last attempt, visible to the jobs command', async () => {
    const job = defineJob({
      id: 'always-fails',
      trigger: { event: 'search/embeddings.requested' },
      retries: 1,
      concurrency: 1,
      async handler() {
        throw new Error('the provider is down');
      },
    });
    await enqueueRuns(db, [job], [{ name: 'search/embeddings.requested', data: {} }]);
    start([job]);
    const [run] = await until(allFinished(job.id, 1), 'the failing run');
    expect(run).toMatchObject({ status: 'failed', attempts: 2, last_error: 'the provider is down' });
    const listed = await listJobRuns(db, { failedOnly: true });
    expect(listed.counts.failed).toBe(1);
    expect(listed.runs[0]).toMatchObject({ job: 'always-fails', status: 'failed', lastError: 'the provider is down' });
  });

  it('keeps each job within its concurrency limit', async () => {
    const peaks = new Map<string, number>();
    const active = new Map<string, number>();
    const slow = (id: string, concurrency: number) =>
      defineJob({
        id,
        trigger: { event: 'posts/picks.requested' },
        retries: 0,
        concurrency,
        async handler() {
          active.set(id, (active.get(id) ?? 0) + 1);
          peaks.set(id, Math.max(peaks.get(id) ?? 0, active.get(id)!));
          await new Promise((resolve) => setTimeout(resolve, 60));
          active.set(id, active.get(id)! - 1);
        },
      });
    const jobs = [slow('one-at-a-time', 1), slow('three-at-a-time', 3)];
    const events = Array.from({ length: 6 }, (_, i) => ({
      name: 'posts/picks.requested',
      data: { postId: `0b0e8a3e-57a4-4c9b-9d3e-8d1f6d2c6a0${i}` },
    }));
    await enqueueRuns(db, jobs, events);
    start(jobs);
    await until(allFinished('one-at-a-time', 6), 'the serial job');
    await until(allFinished('three-at-a-time', 6), 'the parallel job');
    expect(peaks.get('one-at-a-time')).toBe(1);
    expect(peaks.get('three-at-a-time')).toBeGreaterThan(1);
    expect(peaks.get('three-at-a-time')).toBeLessThanOrEqual(3);
  });

  it('survives a restart: queued runs wait in the database, abandoned ones are taken again after their lease', async () => {
    let runs = 0;
    const job = defineJob({
      id: 'durable',
      trigger: { event: 'posts/summary.requested' },
      retries: 0,
      concurrency: 1,
      singleton: { key: 'postId' },
      async handler() {
        runs += 1;
      },
    });
    await enqueueRuns(db, [job], [{ name: 'posts/summary.requested', data: { postId: POST } }]);
    // A process died while running this one: its lease has passed.
    await db.query(
      `insert into job_runs (function_id, event_name, event_data, status, attempts, max_attempts, lease_until)
       values ('durable', 'posts/summary.requested', '{"postId":"6f1b7c2d-2a3e-4f5a-8b9c-0d1e2f3a4b5c"}', 'running', 1,
               2, now() - interval '1 minute')`,
    );
    start([job]);
    await until(allFinished(job.id, 2), 'both runs');
    expect(runs).toBe(2);
  });

  it('sends events from a step once, even when the run is retried', async () => {
    let attempts = 0;
    const received: unknown[] = [];
    const sender = defineJob({
      id: 'sender',
      trigger: { event: 'feeds/publication.sync.requested' },
      retries: 2,
      concurrency: 1,
      async handler({ step }) {
        await step.sendEvent('request summary', [{ name: 'posts/summary.requested', data: { postId: POST } }]);
        attempts += 1;
        if (attempts === 1) throw new Error('fails after sending');
      },
    });
    const receiver = defineJob({
      id: 'receiver',
      trigger: { event: 'posts/summary.requested' },
      retries: 0,
      concurrency: 1,
      async handler({ event }) {
        received.push(event.data);
      },
    });
    const publicationId = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
    await enqueueRuns(db, [sender, receiver], [{ name: 'feeds/publication.sync.requested', data: { publicationId } }]);
    start([sender, receiver]);
    await until(allFinished('sender', 1), 'the sender');
    await until(allFinished('receiver', 1), 'the receiver');
    expect(attempts).toBe(2);
    expect(received).toEqual([{ postId: POST }]);
  });

  it('fires a scheduled job on its cron, once per tick even with two engines on one database', async () => {
    let ticks = 0;
    const job = defineJob({
      id: 'every-second',
      trigger: { cron: '* * * * * *' },
      retries: 0,
      concurrency: 1,
      singleton: {},
      async handler() {
        ticks += 1;
      },
    });
    start([job]);
    start([job]);
    await until(async () => (await runsOf(job.id)).filter((r) => r.status === 'completed').length >= 2, 'two ticks');
    const [schedule] = await db.query<{ n: number }>(
      `select count(*)::int as n from job_schedules where function_id = 'every-second'`,
    );
    expect(schedule!.n).toBe(1);
    const fired = await runsOf(job.id);
    // Every fired tick is one run: the two engines never both claimed the same tick.
    expect(ticks).toBeLessThanOrEqual(fired.length);
    const perSecond = await db.query<{ n: number }>(
      `select count(*)::int as n from job_runs where function_id = 'every-second'
        group by date_trunc('second', created_at) order by n desc limit 1`,
    );
    expect(perSecond[0]!.n).toBe(1);
  });
});
