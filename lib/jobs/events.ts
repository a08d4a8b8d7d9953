import { z } from 'zod';

/**
 * Every event the jobs react to, with its payload schema: the one list both engines (Inngest and the in-process
 * one) and every sender agree on. Payloads carry ids only; a job reads the current state when it runs.
 */
export const JOB_EVENTS = {
  'feeds/publication.sync.requested': z.object({ publicationId: z.uuid() }),
  'posts/summary.requested': z.object({ postId: z.uuid() }),
  'posts/picks.requested': z.object({ postId: z.uuid() }),
  'search/embeddings.requested': z.object({}),
  'watches/deliveries.requested': z.object({}),
} as const;

export type JobEventName = keyof typeof JOB_EVENTS;

export type JobEvent = {
  [N in JobEventName]: { name: N; data: z.infer<(typeof JOB_EVENTS)[N]> };
}[JobEventName];

/** Parses an event from outside (a queue row, an Inngest delivery); throws on an unknown name or a bad payload. */
export function parseJobEvent(name: string, data: unknown): JobEvent {
  const schema = (JOB_EVENTS as Record<string, z.ZodType>)[name];
  if (!schema) throw new Error(`Unknown job event "${name}"`);
  return { name, data: schema.parse(data ?? {}) } as JobEvent;
}
