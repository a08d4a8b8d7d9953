import { z } from 'zod';
import { IsoTimestamp, integerParam } from './common';

export const TopicSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(500, 'must be at most 500 characters')
    .refine((q) => !q.includes('\u0000'), 'must not contain NUL characters')
    .meta({
      description:
        'Natural-language topic, 2 to 500 characters. Time phrases ("this week", "last 3 days", "latest") set a time window.',
    }),
  limit: integerParam(1, 30, 'Number of results (1-30, default 10).').optional(),
  mode: z
    .enum(['fts', 'hybrid'])
    .optional()
    .meta({ description: '`fts` lexical only, `hybrid` lexical plus semantic (default).' }),
});

export const TimeWindowLabel = z.enum([
  'this_week',
  'last_week',
  'last_n_days',
  'last_n_weeks',
  'this_month',
  'past_month',
  'last_month',
  'today',
  'yesterday',
  'latest_recent',
]);

export const TimeWindow = z
  .strictObject({
    label: TimeWindowLabel,
    startIso: IsoTimestamp,
    endIso: IsoTimestamp,
    days: z.number().int().min(1),
  })
  .meta({ id: 'TimeWindow', description: 'Resolved time window, UTC.' });

export const FreshnessCoverage = z
  .strictObject({
    requestedWindow: TimeWindow,
    rankedInWindow: z.number().int().min(0),
    researchCandidatesInWindow: z.number().int().min(0),
    staleFallbackMode: z
      .boolean()
      .meta({ description: 'True when older results were used because in-window coverage was low.' }),
  })
  .meta({ id: 'FreshnessCoverage' });

export const TopicSearchPostItem = z
  .strictObject({
    publicationSlug: z.string(),
    slug: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    isScopedPublisher: z.boolean(),
    relevanceScore: z.number().meta({ description: 'Higher is better, on a 0-100 scale.' }),
    matchedTokenCount: z.number().int().min(0),
    totalTokenCount: z.number().int().min(0),
    topicCoverageRatio: z.number().optional().meta({ description: 'matchedTokenCount / totalTokenCount' }),
    whyMatched: z.array(z.string()),
    publishedAt: IsoTimestamp.nullable(),
    isInTimeWindow: z.boolean().optional(),
    snippet: z.string().nullable().optional(),
    priceCents: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: 'Stored price of the summary in USD cents when known, for budgeting.' }),
  })
  .meta({ id: 'TopicSearchPostItem' });

export const TopicSearchResponse = z
  .strictObject({
    mode: z.enum(['fts', 'hybrid']).meta({ description: 'The mode actually used.' }),
    asOf: IsoTimestamp,
    query: z.string(),
    normalizedQuery: z.string(),
    matchConfidence: z.enum(['strong', 'weak', 'none']),
    searchTierUsed: z.enum(['scoped', 'non_scoped']),
    timeWindow: TimeWindow.nullable(),
    freshnessCoverage: FreshnessCoverage.nullable(),
    totalCount: z.number().int().min(0),
    count: z.number().int().min(0),
    items: z.array(TopicSearchPostItem),
  })
  .meta({ id: 'TopicSearchResponse' });
