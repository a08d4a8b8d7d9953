import { z } from 'zod';
import { normalizeTicker } from '@/lib/ai/text/tickers';
import { IsoTimestamp, integerParam, PICK_ACTIONS } from './common';
import { TopicSearchPostItem } from './search';
import { TICKER_PAST_CALLS_DEFAULT_LIMIT, TickerPastCalls } from './track-record';

/**
 * A ticker as a client writes it ("nvda", "$NVDA", "brk-b", "6758.t"), normalized the way posts' mentions and picks
 * are stored ("NVDA", "BRK.B", "6758.T"). A transform: OpenAPI shows the plain string sent.
 */
export const Ticker = z.string().transform((value, ctx) => {
  const ticker = value.length <= 24 ? normalizeTicker(value) : null;
  if (ticker !== null) return ticker;
  ctx.issues.push({ code: 'custom', input: value, message: 'must be a ticker such as NVDA, BRK.B or 6758.T' });
  return z.NEVER;
});

export const TickerPathParam = z.object({
  ticker: Ticker.meta({
    description: 'The ticker, any case, with or without "$": NVDA, BRK.B (or BRK-B), 6758.T for a non-US listing.',
    example: 'NVDA',
  }),
});

export const TICKER_POSTS_DEFAULT_LIMIT = 10;

export const TickerDetailQuery = z.object({
  limit: integerParam(
    1,
    50,
    `Number of latest posts that mention the ticker (1-50, default ${TICKER_POSTS_DEFAULT_LIMIT}).`,
  ).optional(),
  callLimit: integerParam(
    1,
    500,
    `Number of past calls listed with their outcomes in \`pastCalls.calls\`, newest first (1-500, default ${TICKER_PAST_CALLS_DEFAULT_LIMIT}).`,
  ).optional(),
});

const count = z.number().int().min(0);

export const TickerCallCounts = z
  .strictObject({
    total: count,
    byDirection: z.strictObject({ LONG: count, SHORT: count }),
    byAction: z.strictObject(
      Object.fromEntries(PICK_ACTIONS.map((action) => [action, count])) as Record<
        (typeof PICK_ACTIONS)[number],
        typeof count
      >,
    ),
  })
  .meta({ id: 'TickerCallCounts', description: 'Stock picks (calls) on the ticker, by direction and by action.' });

export const TickerWindow = z
  .strictObject({
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    startDate: z.iso.date().meta({ description: 'First UTC day of the window (the window ends today, UTC).' }),
    posts: count.meta({ description: 'Posts published in the window that mention the ticker.' }),
    calls: TickerCallCounts,
  })
  .meta({ id: 'TickerWindow' });

export const TickerCompany = z
  .strictObject({
    name: z.string(),
    exchange: z.string().nullable(),
    type: z.enum(['EQUITY', 'ETF']),
  })
  .meta({ id: 'TickerCompany', description: "The company or fund from the service's reference data." });

export const TickerPublication = z
  .strictObject({
    publicationSlug: z.string(),
    title: z.string().nullable(),
    calls: count.meta({ description: 'Stock picks on the ticker extracted from its posts, all time.' }),
    lastCallDate: z.iso.date().meta({ description: 'UTC day of its latest call on the ticker.' }),
  })
  .meta({ id: 'TickerPublication' });

export const TickerDetail = z
  .strictObject({
    ticker: z.string().meta({ description: 'The normalized ticker.' }),
    company: TickerCompany.nullable().meta({ description: 'Null when the reference data does not list the ticker.' }),
    asOf: IsoTimestamp,
    windows: z.array(TickerWindow).meta({ description: 'The last 7, 30 and 90 UTC days, in that order.' }),
    publications: z
      .array(TickerPublication)
      .meta({ description: 'Every publication with a call on the ticker, latest call first.' }),
    pastCalls: TickerPastCalls,
    latestPosts: z.array(TopicSearchPostItem).meta({
      description:
        'The newest posts that mention the ticker, shaped as search results: candidates for a paid summary (GET /api/v1/publications/{publicationSlug}/{slug}).',
    }),
  })
  .meta({ id: 'TickerDetail' });

export type TickerDetail = z.infer<typeof TickerDetail>;
export type TickerCallCounts = z.infer<typeof TickerCallCounts>;
