import type { JobEvent } from './events';

/**
 * What follows new or changed posts: embeddings for search (one event covers them all), the delivery of the watch
 * events they matched (recorded when they were indexed; one event covers them all) and, when generation on ingest is
 * on, a summary request each (stock picks follow each summary). With it off, summaries wait for the first paid
 * request's 503 or `admin summaries generate`.
 */
export function generationEvents(postIds: string[], config: { AI_GENERATE_ON_INGEST: boolean }): JobEvent[] {
  if (postIds.length === 0) return [];
  const summaries: JobEvent[] = config.AI_GENERATE_ON_INGEST
    ? postIds.map((postId) => ({ name: 'posts/summary.requested', data: { postId } }))
    : [];
  return [
    ...summaries,
    { name: 'search/embeddings.requested', data: {} },
    { name: 'watches/deliveries.requested', data: {} },
  ];
}
