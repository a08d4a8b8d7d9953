import { InngestTestEngine } from '@inngest/test';
import { describe, expect, it } from 'vitest';
import { ALL_JOBS } from '@/lib/jobs/all';
import { defineJob } from '@/lib/jobs/definition';
import { extractPicksJob } from '@/lib/jobs/definitions/extract-picks';
import { generateSummaryJob } from '@/lib/jobs/definitions/generate-summary';
import { syncDueFeeds } from '@/lib/jobs/definitions/sync-due-feeds';
import { syncPublicationJob } from '@/lib/jobs/definitions/sync-publication';
import { INNGEST_FUNCTIONS, toInngestFunction } from '@/lib/jobs/inngest/functions';

// The job definitions as Inngest runs them, executed by @inngest/test with their database steps mocked.
const POST = '0b0e8a3e-57a4-4c9b-9d3e-8d1f6d2c6a01';
const OTHER = '6f1b7c2d-2a3e-4f5a-8b9c-0d1e2f3a4b5c';
const PUBLICATION = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

interface RegisteredConfig {
  triggers: unknown[];
  concurrency?: unknown;
  singleton?: { mode: string; key?: string };
}

const sentEvents = (ctx: { step: { sendEvent: { mock: { calls: unknown[][] } } } }) =>
  ctx.step.sendEvent.mock.calls.flatMap((call) => call[1] as Array<{ name: string; data: unknown }>);

describe('job definitions as Inngest functions', () => {
  it('registers every job with its id, trigger, retries, concurrency and singleton rule', () => {
    expect(INNGEST_FUNCTIONS.map((fn) => fn.id())).toEqual(ALL_JOBS.map((job) => job.id));
    for (const [i, job] of ALL_JOBS.entries()) {
      // getConfig is what the serve handler registers with Inngest; private in the types, so reached by a cast.
      const fn = INNGEST_FUNCTIONS[i] as unknown as { getConfig(options: object): RegisteredConfig[] };
      const config = fn.getConfig({ baseUrl: new URL('http://127.0.0.1/api/inngest'), appPrefix: 'app' })[0]!;
      expect(config.triggers).toEqual([
        'event' in job.trigger ? { event: job.trigger.event } : { cron: job.trigger.cron },
      ]);
      expect(config.concurrency).toEqual(expect.objectContaining({ limit: job.concurrency }));
      expect(config.singleton?.mode).toBe(job.singleton ? 'skip' : undefined);
      if (job.singleton?.key) expect(config.singleton?.key).toBe(`event.data.${job.singleton.key}`);
    }
  });

  it('sync-publication sends a summary request per changed post, one embeddings request and one for watch deliveries', async () => {
    const t = new InngestTestEngine({ function: toInngestFunction(syncPublicationJob) });
    const { result, ctx } = await t.execute({
      events: [{ name: 'feeds/publication.sync.requested', data: { publicationId: PUBLICATION } }],
      steps: [
        { id: 'sync feed', handler: () => ({ slug: 'x.example.com', changedPostIds: [POST, OTHER] }) },
        { id: 'process changed posts', handler: () => ({ ids: [] }) },
      ],
    });
    expect(result).toMatchObject({ slug: 'x.example.com' });
    expect(sentEvents(ctx as never)).toEqual([
      { name: 'posts/summary.requested', data: { postId: POST } },
      { name: 'posts/summary.requested', data: { postId: OTHER } },
      { name: 'search/embeddings.requested', data: {} },
      { name: 'watches/deliveries.requested', data: {} },
    ]);
  });

  it('sync-publication sends nothing when no post changed', async () => {
    const t = new InngestTestEngine({ function: toInngestFunction(syncPublicationJob) });
    const { ctx } = await t.execute({
      events: [{ name: 'feeds/publication.sync.requested', data: { publicationId: PUBLICATION } }],
      steps: [
        { id: 'sync feed', handler: () => ({ changedPostIds: [] }) },
        { id: 'process changed posts', handler: () => ({ ids: [] }) },
      ],
    });
    expect(sentEvents(ctx as never)).toEqual([]);
  });

  it('generate-summary asks for picks after a summary, and not when there was nothing to summarize', async () => {
    const engine = () => new InngestTestEngine({ function: toInngestFunction(generateSummaryJob) });
    const sent = { id: 'extract picks', handler: () => ({ ids: [] }) };
    const generated = await engine().execute({
      events: [{ name: 'posts/summary.requested', data: { postId: POST } }],
      steps: [{ id: 'summarize', handler: () => ({ postId: POST, status: 'generated' }) }, sent],
    });
    expect(sentEvents(generated.ctx as never)).toEqual([{ name: 'posts/picks.requested', data: { postId: POST } }]);
    const empty = await engine().execute({
      events: [{ name: 'posts/summary.requested', data: { postId: POST } }],
      steps: [{ id: 'summarize', handler: () => ({ postId: POST, status: 'no_text' }) }, sent],
    });
    expect(sentEvents(empty.ctx as never)).toEqual([]);
  });

  it('refuses an event whose payload does not match its schema', async () => {
    const t = new InngestTestEngine({ function: toInngestFunction(extractPicksJob) });
    const { error } = await t.execute({ events: [{ name: 'posts/picks.requested', data: { postId: 'not-a-uuid' } }] });
    expect(String((error as Error | undefined)?.message ?? error)).toMatch(/uuid|Invalid/i);
  });

  it('the scheduled tick fans out one sync event per due publication', async () => {
    const t = new InngestTestEngine({ function: toInngestFunction(syncDueFeeds) });
    const { result, ctx } = await t.execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }],
      steps: [
        { id: 'find due publications', handler: () => [PUBLICATION, OTHER] },
        { id: 'sync each publication', handler: () => ({ ids: [] }) },
      ],
    });
    expect(result).toEqual({ publications: 2 });
    expect(sentEvents(ctx as never)).toEqual([
      { name: 'feeds/publication.sync.requested', data: { publicationId: PUBLICATION } },
      { name: 'feeds/publication.sync.requested', data: { publicationId: OTHER } },
    ]);
  });

  it('memoized step results reach the handler as Inngest returns them', async () => {
    const job = defineJob({
      id: 'test-memo',
      trigger: { event: 'search/embeddings.requested' },
      retries: 0,
      concurrency: 1,
      async handler({ step }) {
        const first = await step.run('first', async () => ({ n: 1 }));
        const second = await step.run('second', async () => first.n + 1);
        return { first, second };
      },
    });
    const { result } = await new InngestTestEngine({ function: toInngestFunction(job) }).execute({
      events: [{ name: 'search/embeddings.requested', data: {} }],
    });
    expect(result).toEqual({ first: { n: 1 }, second: 2 });
  });
});
