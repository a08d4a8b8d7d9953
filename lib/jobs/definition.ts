import type { JobEvent, JobEventName } from './events';

/** What a handler receives: a job event, or Inngest's timer event for a scheduled job. Handlers parse `data`. */
export interface ReceivedEvent {
  name: string;
  data: unknown;
}

/** The step tools a job uses; both engines provide them with Inngest's semantics (memoized, retried separately). */
export interface JobStep {
  /** Runs fn once per run: a retry after a later failure gets the recorded result back. The result must be JSON. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /** Sends events, once per run. */
  sendEvent(id: string, events: JobEvent[]): Promise<void>;
}

export type JobTrigger = { event: JobEventName } | { cron: string };

/**
 * One background job, defined once and run by either engine: on Inngest in production (lib/jobs/inngest) or in this
 * process on the embedded default (lib/jobs/local). Handlers are thin: they call domain verbs inside steps.
 */
export interface JobDefinition {
  id: string;
  trigger: JobTrigger;
  /** Attempts after the first one; retried with exponential backoff. */
  retries: number;
  /** Runs of this job at once, across the whole deployment. */
  concurrency: number;
  /**
   * While a run is queued or running, another event starts no second run (Inngest's singleton "skip" mode): per value
   * of the event data field `key`, or for the whole job without one.
   */
  singleton?: { key?: string };
  handler(context: { event: ReceivedEvent; step: JobStep }): Promise<unknown>;
}

export function defineJob(definition: JobDefinition): JobDefinition {
  return definition;
}

/** The value a run is deduplicated on (see singletonKey), or null when the job runs for every event. */
export function singletonValue(job: JobDefinition, data: unknown): string | null {
  if (!job.singleton) return null;
  if (!job.singleton.key) return job.id;
  const value = (data as Record<string, unknown> | null)?.[job.singleton.key];
  return value === undefined || value === null ? null : String(value);
}
