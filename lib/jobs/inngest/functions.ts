import { ALL_JOBS } from '@/lib/jobs/all';
import type { JobDefinition, JobStep } from '@/lib/jobs/definition';
import { inngest } from './client';

/** A job definition as an Inngest function: same id, trigger, retries, concurrency and singleton rule. */
export function toInngestFunction(job: JobDefinition) {
  return inngest.createFunction(
    {
      id: job.id,
      triggers: ['event' in job.trigger ? { event: job.trigger.event } : { cron: job.trigger.cron }],
      retries: job.retries as 0,
      concurrency: { limit: job.concurrency },
      ...(job.singleton && {
        singleton: { mode: 'skip' as const, ...(job.singleton.key && { key: `event.data.${job.singleton.key}` }) },
      }),
    },
    async ({ event, step }) => {
      const jobStep: JobStep = {
        run: (id, fn) => step.run(id, fn) as ReturnType<typeof fn>,
        sendEvent: async (id, events) => {
          await step.sendEvent(id, events);
        },
      };
      return job.handler({ event: { name: event.name, data: event.data }, step: jobStep });
    },
  );
}

export const INNGEST_FUNCTIONS = ALL_JOBS.map(toInngestFunction);
