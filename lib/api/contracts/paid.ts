import { z } from 'zod';
import { IsoTimestamp, integerParam } from './common';
import { PostSlug, PublicationSlug } from './path';
import { Ticker } from './tickers';
import { IncludePublicationRecord, PublicationRecordHeadline } from './track-record';

export const PaymentInfo = z
  .strictObject({
    amountUsd: z.string().meta({ description: 'Amount paid in USD, decimal text such as "0.10".' }),
    protocol: z.enum(['x402', 'mpp', 'credits', 'privileged']),
    spendSource: z
      .string()
      .optional()
      .meta({ description: 'For credit payments: `sponsored` (weekly allowance) or `purchased`.' }),
  })
  .meta({ id: 'PaymentInfo' });

export const PaidPublicationPost = z
  .strictObject({
    id: z.string().meta({ description: 'Internal post id' }),
    publicationId: z.string(),
    publicationSlug: z.string(),
    guid: z.string().meta({ description: 'Feed-level unique id' }),
    slug: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string().meta({ description: 'Original post URL' }),
    author: z.string().nullable(),
    imageUrl: z.string().nullable(),
    publishedAt: IsoTimestamp.nullable(),
    synthesizedSummary: z.string(),
    createdAt: IsoTimestamp.meta({ description: 'First import' }),
    updatedAt: IsoTimestamp,
    paymentInfo: PaymentInfo.optional().meta({ description: 'Present on a paid success.' }),
  })
  .meta({ id: 'PaidPublicationPost' });

export const PostPathParams = z.object({
  publicationSlug: PublicationSlug.meta({ description: 'Publication slug (normalized host).' }),
  postSlug: PostSlug.meta({ description: 'Post slug from the publication detail.' }),
});

/** The validated path of a paid post: a normalized publication slug and a lower-case post slug. */
export type PostPath = z.output<typeof PostPathParams>;

export const PaymentHeaders = z.object({
  authorization: z
    .string()
    .optional()
    .meta({ description: '`Payment <credential>` (MPP) or `Bearer <API key or session token>` (credits).' }),
  'payment-signature': z.string().optional().meta({ description: 'x402 v2 payment payload (base64 JSON).' }),
});

const conviction = z.number().int().min(0).max(5);

export const PublicStockPickItem = z
  .strictObject({
    id: z.string(),
    callId: z.string().meta({ description: 'Stable extraction call id' }),
    author: z.string().meta({ description: 'Analyst attributed' }),
    articleTitle: z.string(),
    articleUrl: z.string(),
    publishedAt: IsoTimestamp.nullable().meta({
      description: 'Source article publication time; when null, omit date context.',
    }),
    ticker: z.string(),
    tickerExchange: z.string().nullable(),
    instrumentType: z.enum(['EQUITY', 'ETF', 'OPTION', 'OTHER']),
    action: z.enum(['NEW_POSITION', 'ADD', 'HOLD', 'RECOMMENDATION', 'REDUCE', 'EXIT']),
    direction: z.enum(['LONG', 'SHORT']),
    authorConviction: conviction,
    convictionLabel: z.string(),
    activePick: z.boolean(),
    evidenceQuote: z.string(),
    rationaleSnippet: z.string().nullable(),
    publicationSlug: z.string().nullable(),
    postSlug: z.string().nullable(),
  })
  .meta({ id: 'PublicStockPickItem' });

export const PublicStockPicksResponse = z
  .strictObject({
    dateUsed: z.iso
      .date()
      .meta({ description: 'The single UTC day returned (YYYY-MM-DD); with `days`, the last day of the range.' }),
    startDate: z.iso.date().meta({ description: "First UTC day covered: dateUsed, or the range's first day." }),
    endDate: z.iso.date().meta({ description: 'Last UTC day covered (equal to dateUsed).' }),
    asOf: IsoTimestamp,
    count: z.number().int().min(0),
    items: z.array(PublicStockPickItem),
  })
  .meta({ id: 'PublicStockPicksResponse' });

/** A pick with include=publicationRecord: the spec's item plus its publication's track record headline. */
export const PublicStockPickItemWithRecord = PublicStockPickItem.extend({
  publicationRecord: PublicationRecordHeadline,
}).meta({ id: 'PublicStockPickItemWithRecord' });

export const PublicStockPicksResponseWithRecord = PublicStockPicksResponse.extend({
  items: z.array(PublicStockPickItemWithRecord),
}).meta({ id: 'PublicStockPicksResponseWithRecord' });

export const STOCK_PICKS_DEFAULT_LIMIT = 200;
/** The longest range GET /api/v1/stock-picks?days= sells: the ticker page's longest window. */
export const STOCK_PICKS_MAX_DAYS = 90;

export const StockPicksQuery = z
  .object({
    date: z.iso
      .date('must be a real calendar day as YYYY-MM-DD')
      .optional()
      .meta({ description: 'UTC day, YYYY-MM-DD. Mutually exclusive with `period` and `days`.' }),
    period: z
      .literal('latest', 'must be "latest"')
      .optional()
      .meta({ description: 'Only `latest`: the latest day that has picks (same as omitting `date`).' }),
    limit: integerParam(1, 500, 'Number of picks (1-500, default 200).').optional(),
    ticker: Ticker.optional().meta({
      description:
        'Only the picks on this ticker (any case, "$" allowed: NVDA, BRK.B). Without `date` or `days`, the latest day that has picks on it.',
      example: 'NVDA',
    }),
    days: integerParam(
      1,
      STOCK_PICKS_MAX_DAYS,
      `The last N UTC days, today included (1-${STOCK_PICKS_MAX_DAYS}), instead of one day. Not with \`date\` or \`period\`.`,
    ).optional(),
    include: IncludePublicationRecord,
  })
  .superRefine(
    (query, ctx) => {
      // Both parameters of a pair are at fault, so each carries an issue under its own name.
      const exclusive = (a: 'date' | 'period' | 'days', b: 'date' | 'period' | 'days') => {
        if (query[a] === undefined || query[b] === undefined) return;
        ctx.addIssue({ code: 'custom', path: [a], message: `must not be sent together with ${b}` });
        ctx.addIssue({ code: 'custom', path: [b], message: `must not be sent together with ${a}` });
      };
      exclusive('date', 'period');
      exclusive('date', 'days');
      exclusive('period', 'days');
    },
    // Judged only once every parameter is valid on its own, so a malformed date is reported alone, as before.
    { when: (payload) => payload.issues.length === 0 },
  );
