import { z } from 'zod';
import { IsoTimestamp } from './common';
import { PublicationSlug } from './path';
import { Ticker } from './tickers';

export const WATCH_KINDS = ['ticker', 'query', 'publication'] as const;
export const TICKER_WATCH_EVENTS = ['call', 'mention'] as const;
export const WATCH_CONFIDENCES = ['weak', 'strong'] as const;

/**
 * What POST /api/v1/watches accepts: one flat object (MCP tools take the same fields as arguments), whose fields
 * depend on `kind`; the rule is checked here, so a handler gets a consistent watch or the client a 400 naming the field.
 */
export const WatchRequest = z
  .strictObject({
    kind: z.enum(WATCH_KINDS).meta({
      description:
        '`ticker`: posts naming a ticker and calls extracted on it; `query`: posts on a topic, matched by the ranking of topic search; `publication`: every new post of a publication.',
    }),
    ticker: Ticker.optional().meta({ description: 'kind ticker: the ticker (NVDA, BRK.B, 6758.T).', example: 'NVDA' }),
    events: z.array(z.enum(TICKER_WATCH_EVENTS)).min(1).max(2).optional().meta({
      description:
        'kind ticker: `mention` (a new post names the ticker) and/or `call` (a call on it is extracted from a post: ticker, direction, action). Default both.',
    }),
    query: z
      .string()
      .trim()
      .min(2)
      .max(200)
      .optional()
      .meta({ description: 'kind query: the topic, as you would search it.', example: 'regional bank credit' }),
    minConfidence: z.enum(WATCH_CONFIDENCES).optional().meta({
      description:
        "kind query: how well a post must match on its own, in topic search's terms (matchConfidence): `weak` (default) or `strong`.",
    }),
    publicationSlug: PublicationSlug.optional().meta({
      description: 'kind publication: the publication slug (or its site URL).',
      example: 'netinterestnotes.com',
    }),
    webhookUrl: z.string().max(2000).optional().meta({
      description:
        'Where to POST each event, signed per Standard Webhooks. Must be https on a public address. Optional: without it, read the feed.',
    }),
  })
  .superRefine((value, ctx) => {
    const need = (field: keyof typeof value, message: string) => {
      if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const forbid = (fields: (keyof typeof value)[]) => {
      for (const field of fields) {
        if (value[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: `is not taken by a ${value.kind} watch` });
        }
      }
    };
    if (value.kind === 'ticker') {
      need('ticker', 'is required for a ticker watch');
      forbid(['query', 'minConfidence', 'publicationSlug']);
    } else if (value.kind === 'query') {
      need('query', 'is required for a query watch');
      forbid(['ticker', 'events', 'publicationSlug']);
    } else {
      need('publicationSlug', 'is required for a publication watch');
      forbid(['ticker', 'events', 'query', 'minConfidence']);
    }
  })
  .meta({
    id: 'WatchRequest',
    example: { kind: 'ticker', ticker: 'NVDA', events: ['call'], webhookUrl: 'https://agent.example.com/hooks/finpub' },
  });

export type WatchInput = z.output<typeof WatchRequest>;

export const WatchIdParam = z.object({
  id: z.uuid().meta({ description: 'The watch id.' }),
});

export const Watch = z
  .strictObject({
    id: z.string(),
    kind: z.enum(WATCH_KINDS),
    ticker: z.string().nullable(),
    events: z.array(z.enum(TICKER_WATCH_EVENTS)).nullable().meta({ description: 'kind ticker only; else null.' }),
    query: z.string().nullable(),
    minConfidence: z.enum(WATCH_CONFIDENCES).nullable(),
    publicationSlug: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    webhookStatus: z.enum(['none', 'ok', 'failing']).meta({
      description:
        '`none`: no webhook; `failing`: an event exhausted its retries (a day of them), until the next one is delivered.',
    }),
    feedUrls: z.strictObject({ json: z.string(), atom: z.string() }).meta({
      description: "The watch's feeds, without the token: add `&token=<feedToken>` (shown once, at creation).",
    }),
    createdAt: IsoTimestamp,
    eventCount: z.int().min(0),
    lastEventAt: IsoTimestamp.nullable(),
  })
  .meta({ id: 'Watch' });

export const CreatedWatch = z
  .strictObject({
    watch: Watch,
    secret: z.string().meta({
      description:
        'The webhook signing secret (`whsec_…`, Standard Webhooks): verify `webhook-signature` with it. Shown once.',
    }),
    feedToken: z.string().meta({ description: 'The feed token (`wft_…`). Shown once.' }),
    feedUrl: z
      .string()
      .meta({ description: 'The JSON Feed with its token; the Atom feed is `feedUrls.atom` followed by `&token=…`.' }),
  })
  .meta({ id: 'CreatedWatch' });

export const WatchList = z.strictObject({ watches: z.array(Watch) }).meta({ id: 'WatchList' });

export const DeletedWatch = z.strictObject({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'DeletedWatch' });

export const WatchEventSummary = z
  .strictObject({
    id: z.string().meta({ description: 'The event id: the `webhook-id` header of its deliveries.' }),
    type: z.enum(['post.matched', 'call.extracted']),
    createdAt: IsoTimestamp,
    publicationSlug: z.string(),
    postSlug: z.string(),
    title: z.string(),
    deliveryStatus: z.enum(['none', 'pending', 'delivered', 'failing']),
    attempts: z.int().min(0),
    lastResponseCode: z
      .int()
      .nullable()
      .meta({ description: 'The HTTP status of the last attempt; null if none answered.' }),
    nextAttemptAt: IsoTimestamp.nullable(),
  })
  .meta({ id: 'WatchEventSummary' });

export const WatchDetail = z
  .strictObject({
    ...Watch.shape,
    recentEvents: z.array(WatchEventSummary).meta({ description: 'Newest first, at most 20.' }),
  })
  .meta({ id: 'WatchDetail' });

export const WatchFeedQuery = z.object({
  format: z.enum(['json', 'atom']).optional().meta({ description: '`json` (JSON Feed, the default) or `atom`.' }),
  token: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'The feed token (`wft_…`); or send it as `Authorization: Bearer wft_…`.' }),
});
