import { z } from 'zod';
import { IsoTimestamp, integerParam, PICK_ACTIONS } from './common';

export const TRACK_RECORD_CALLS_DEFAULT_LIMIT = 100;
/** The most calls a record lists (and so the most its stored copy keeps). */
export const TRACK_RECORD_CALLS_MAX_LIMIT = 1000;

export const TrackRecordQuery = z.object({
  limit: integerParam(
    1,
    TRACK_RECORD_CALLS_MAX_LIMIT,
    `Number of calls listed in \`calls\`, newest first (1-${TRACK_RECORD_CALLS_MAX_LIMIT}, default ${TRACK_RECORD_CALLS_DEFAULT_LIMIT}). The record itself always covers every call.`,
  ).optional(),
});

const HORIZONS = ['1d', '5d', '30d', '90d', 'toDate'] as const;
const count = z.number().int().min(0);
const fraction = (description: string) => z.number().meta({ description: `${description} A fraction: 0.05 is 5%.` });

export const TrackRecordHorizon = z
  .strictObject({
    horizon: z.enum(HORIZONS),
    tradingDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Trading days after the entry close; null for toDate (the latest close, or the exit’s).' }),
    scoredCalls: count.meta({
      description: 'Calls with an excess return at this horizon: the count behind each figure.',
    }),
    hits: count.meta({ description: 'Scored calls whose direction-signed excess return is positive.' }),
    hitRate: z
      .number()
      .nullable()
      .meta({ description: 'hits / scoredCalls; null under 10 scored calls (hitRateNote says so).' }),
    hitRateNote: z.string().nullable(),
    meanExcessReturn: fraction(
      'Mean direction-signed excess return over the benchmark; null without scored calls.',
    ).nullable(),
    medianExcessReturn: fraction('Median direction-signed excess return; null without scored calls.').nullable(),
  })
  .meta({ id: 'TrackRecordHorizon' });

export const TrackRecordReturn = z
  .strictObject({
    exitDate: z.iso.date().meta({ description: 'The trading day whose close the return is read at.' }),
    return: fraction('The ticker’s return from the entry close, from adjusted closes.'),
    benchmarkReturn: fraction('The benchmark’s return between the same two days.').nullable(),
    excessReturn: fraction(
      '(return - benchmarkReturn), negated for a SHORT call: positive when the call beat the benchmark its way.',
    ).nullable(),
  })
  .meta({ id: 'TrackRecordReturn' });

export const TrackRecordCall = z
  .strictObject({
    callId: z.string(),
    postSlug: z.string(),
    publishedAt: IsoTimestamp.nullable().meta({ description: 'The post’s publication time.' }),
    ticker: z.string(),
    direction: z.enum(['LONG', 'SHORT']),
    action: z.enum(PICK_ACTIONS),
    status: z.enum(['scored', 'pending', 'unpriced', 'undated', 'exit']).meta({
      description:
        'scored: it has an entry close. pending: no close after the post yet. unpriced: no closes are known for the ticker (delisted, unknown to the provider, not a US listing). undated: the post has no publication time. exit: an exit or trim, which closes earlier calls instead of being scored.',
    }),
    unpricedReason: z.string().nullable().meta({
      description:
        'For an unpriced call: what the price provider last said about the ticker (no closes known, not a US listing, an error), or that no closes are stored.',
    }),
    entryDate: z.iso.date().nullable().meta({ description: 'The first trading day whose close came after the post.' }),
    entryClose: z.number().nullable().meta({ description: 'The adjusted close at entry.' }),
    benchmark: z.string().nullable(),
    closedBy: z.strictObject({ callId: z.string(), date: z.iso.date().nullable() }).nullable().meta({
      description: 'The later exit or trim of the same publication that closed this call, and its close’s day.',
    }),
    closes: z.array(z.string()).meta({ description: 'For an exit or trim: the earlier calls it closed.' }),
    returns: z.strictObject(
      Object.fromEntries(HORIZONS.map((h) => [h, TrackRecordReturn.nullable()])) as Record<
        (typeof HORIZONS)[number],
        z.ZodNullable<typeof TrackRecordReturn>
      >,
    ),
  })
  .meta({ id: 'TrackRecordCall' });

/** The horizon a record's headline is read at: about six weeks, which most calls of the last year have reached. */
export const HEADLINE_HORIZON = '30d' as const;

export const PublicationRecordHeadline = z
  .strictObject({
    horizon: z.literal(HEADLINE_HORIZON).meta({ description: 'The horizon of the figures: 30 trading days.' }),
    scoredCalls: count.meta({
      description: 'Calls with an excess return at that horizon: the count behind each figure.',
    }),
    hitRate: z.number().nullable().meta({
      description:
        'Share of scored calls whose direction-signed excess return is positive; null under 10 scored calls.',
    }),
    hitRateNote: z.string().nullable().meta({ description: 'Why hitRate is null: too few scored calls.' }),
    meanExcessReturn: fraction(
      'Mean direction-signed excess return over the benchmark; null without scored calls.',
    ).nullable(),
    benchmark: z.string(),
    pricesAsOf: z.iso.date().nullable().meta({ description: 'The latest benchmark close the figures use.' }),
    pricesSource: z.enum(['massive', 'demo']).nullable().meta({
      description: 'Where the closes come from; null when none are stored (then there are no figures).',
    }),
  })
  .meta({
    id: 'PublicationRecordHeadline',
    description:
      'The headline of the publication’s track record (GET /api/v1/publications/{publicationSlug}/track-record has every horizon and call). Past results are not advice.',
  });

/** The opt-in query parameter that adds the headline to the publication detail and to each stock pick. */
export const IncludePublicationRecord = z.literal('publicationRecord', 'must be "publicationRecord"').optional().meta({
  description:
    'Only `publicationRecord`: adds `publicationRecord`, the headline of the publication’s track record (calls scored, hit rate, mean excess over SPY at 30 trading days, as of the latest close). Without it the response is exactly the default shape.',
});

export const TICKER_PAST_CALLS_DEFAULT_LIMIT = 20;

export const TickerPastCall = TrackRecordCall.extend({
  publicationSlug: z.string().meta({ description: 'The publication that made the call.' }),
}).meta({
  id: 'TickerPastCall',
  description: 'A past call on the ticker with its outcome, as its publication’s track record scores it.',
});

export const TickerPastCalls = z
  .strictObject({
    total: count.meta({ description: 'Every stock and ETF call on the ticker, of every publication.' }),
    pricesAsOf: z.iso
      .date()
      .nullable()
      .meta({ description: 'The latest trading day with a benchmark close: every return is as of that close.' }),
    pricesSource: z.enum(['massive', 'demo']).nullable(),
    calls: z.array(TickerPastCall).meta({ description: 'Newest first, up to `callLimit`.' }),
  })
  .meta({
    id: 'TickerPastCalls',
    description:
      'The ticker’s past stock and ETF calls with their outcomes (entry at the first close after the post; returns after 1, 5, 30 and 90 trading days and to date; the excess over the benchmark signed by the call’s direction), computed as in the publications’ track records (GET /api/v1/publications/{publicationSlug}/track-record). Past results are not advice.',
  });

export const TrackRecord = z
  .strictObject({
    publicationSlug: z.string(),
    asOf: IsoTimestamp,
    pricesAsOf: z.iso
      .date()
      .nullable()
      .meta({ description: 'The latest trading day with a benchmark close: every figure is as of that close.' }),
    pricesSource: z.enum(['massive', 'demo']).nullable().meta({
      description:
        'Where the closes come from: massive (the configured end-of-day provider) or demo (the demo corpus’s own market model, not market data); null when there are none.',
    }),
    pricesNote: z.string().nullable().meta({ description: 'Why there are no figures, or what the closes are.' }),
    benchmark: z.string().meta({ description: 'The benchmark of US listings (others have none yet).' }),
    firstCallAt: IsoTimestamp.nullable(),
    lastCallAt: IsoTimestamp.nullable(),
    counts: z.strictObject({
      calls: count.meta({ description: 'Every stock and ETF call of the publication.' }),
      scored: count,
      pending: count,
      unpriced: count,
      undated: count,
      exits: count,
    }),
    horizons: z.array(TrackRecordHorizon).meta({ description: '1, 5, 30 and 90 trading days, and to date.' }),
    calls: z.array(TrackRecordCall).meta({ description: 'The calls, newest first, up to `limit`.' }),
  })
  .meta({
    id: 'TrackRecord',
    description:
      'What the publication’s past stock and ETF calls returned against the benchmark. Method: docs/track-record.md. Past results are not advice.',
  });

export type TrackRecord = z.infer<typeof TrackRecord>;
export type TrackRecordCall = z.infer<typeof TrackRecordCall>;
export type TickerPastCall = z.infer<typeof TickerPastCall>;
export type PublicationRecordHeadline = z.infer<typeof PublicationRecordHeadline>;
export type TickerPastCalls = z.infer<typeof TickerPastCalls>;
