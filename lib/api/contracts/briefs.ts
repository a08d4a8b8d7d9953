import { z } from 'zod';
import { parseTimeWindow } from '@/lib/search/query/time-window';
import { IsoTimestamp } from './common';
import { PaymentInfo } from './paid';
import { PublicationSlug } from './path';
import { TimeWindow } from './search';

export const BRIEF_DEFAULT_SOURCES = 5;
export const BRIEF_MAX_SOURCES = 10;

/** A time phrase alone: what search reads from a query ("this week", "last 30 days"), with nothing else beside it. */
const WindowPhrase = z
  .string()
  .trim()
  .min(1, 'must be a time phrase such as "this week" or "last 30 days"')
  .max(60, 'must be at most 60 characters')
  .refine((phrase) => {
    const { window, rest } = parseTimeWindow(phrase, new Date());
    return window !== null && rest.trim() === '';
  }, 'must be a time phrase such as "this week", "last 30 days", "this month", "last month" or "latest"');

export const BriefRequest = z
  .strictObject({
    question: z
      .string()
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(500, 'must be at most 500 characters')
      .refine((q) => !q.includes('\u0000'), 'must not contain NUL characters')
      .meta({
        description:
          'The research question, 3 to 500 characters. Sources are picked by topic search over it: time phrases in it ("this month") set a window, as in GET /api/v1/search.',
      }),
    window: WindowPhrase.optional().meta({
      description:
        'A time window as a search time phrase ("this week", "last 30 days", "this month", "last month", "latest"). It replaces any time phrase in the question.',
    }),
    publications: z
      .array(PublicationSlug)
      .min(1, 'must name at least one publication')
      .max(20, 'must name at most 20 publications')
      .optional()
      .meta({
        description: 'Only posts of these publications (slugs or site URLs, as GET /api/v1/publications lists).',
      }),
    maxSources: z
      .number()
      .int('must be an integer from 1 to 10')
      .min(1, 'must be an integer from 1 to 10')
      .max(BRIEF_MAX_SOURCES, 'must be an integer from 1 to 10')
      .optional()
      .meta({ description: 'Most source articles to read and cite (1-10, default 5); the price counts each one.' }),
    quote: z
      .string()
      .regex(/^[0-9a-f]{16}$/u, 'must be the 16-character quote a 402 or the Ask box named')
      .optional()
      .meta({
        description:
          'Accept only this quote: the id a 402 names ("(quote …)" in its description) for these sources and this price. If the posts that answer the question changed since, the answer is 409 `quote_changed` with the new price, and nothing is charged. Without it, a key or session token pays the price of the sources found now.',
      }),
  })
  .meta({
    id: 'BriefRequest',
    example: {
      question: 'What are newsletters saying about regional bank credit?',
      window: 'this month',
      maxSources: 3,
    },
  });

export type BriefRequestBody = z.output<typeof BriefRequest>;

export const BriefCitation = z
  .strictObject({
    claim: z.number().int().min(1).meta({ description: 'The claim (1-based, in `claims`) this quote supports.' }),
    evidenceQuote: z
      .string()
      .meta({ description: "Verbatim text of the source post: found as is in the post's text." }),
  })
  .meta({ id: 'BriefCitation' });

export const BriefSource = z
  .strictObject({
    ref: z.number().int().min(1).meta({ description: 'The source\'s number: the answer cites it as "[ref]".' }),
    publicationSlug: z.string(),
    postSlug: z.string(),
    title: z.string(),
    publishedAt: IsoTimestamp.nullable(),
    url: z.string().meta({ description: "API path of the post's paid summary (GET it to buy the summary)." }),
    citations: z.array(BriefCitation).meta({ description: 'The quotes of this post that the answer cites.' }),
  })
  .meta({ id: 'BriefSource' });

export const BriefClaim = z
  .strictObject({
    text: z.string(),
    sources: z.array(z.number().int().min(1)).meta({ description: 'The `ref` of each source that supports it.' }),
  })
  .meta({ id: 'BriefClaim' });

export const ResearchBrief = z
  .strictObject({
    question: z.string(),
    answered: z.boolean().meta({
      description: 'Always true in a paid answer: a question no post answers is a 404 `no_sources`, never charged.',
    }),
    answer: z.string().meta({ description: 'One claim a line, each ending with its citations, such as "[1][3]".' }),
    claims: z.array(BriefClaim),
    sources: z.array(BriefSource).meta({
      description: 'Every source article paid for, in the order searched; each is cited by at least one claim.',
    }),
    timeWindow: TimeWindow.nullable(),
    generator: z.string().meta({ description: 'Who wrote the answer, e.g. "extractive-brief-v2" or "openai:…".' }),
    quote: z.string().meta({ description: 'The quote this answer was sold under: its sources and price.' }),
    asOf: IsoTimestamp,
    paymentInfo: PaymentInfo.optional().meta({ description: 'Present on a paid success.' }),
  })
  .meta({
    id: 'ResearchBrief',
    example: {
      question: 'What are newsletters saying about regional bank credit?',
      answered: true,
      answer:
        '- Net Interest Notes, 2026-11-20: Deposit costs have started to fall with policy rates while fixed-rate assets keep repricing higher [1].\n- Macro Tide, 2026-11-18: Banks had a rough stretch: the SPDR S&P Regional Banking ETF (KRE) moved -0.1% over the past two weeks, behind the S&P 500 [2].',
      claims: [
        {
          text: 'Net Interest Notes, 2026-11-20: Deposit costs have started to fall with policy rates while fixed-rate assets keep repricing higher.',
          sources: [1],
        },
        {
          text: 'Macro Tide, 2026-11-18: Banks had a rough stretch: the SPDR S&P Regional Banking ETF (KRE) moved -0.1% over the past two weeks, behind the S&P 500.',
          sources: [2],
        },
      ],
      sources: [
        {
          ref: 1,
          publicationSlug: 'netinterestnotes.com',
          postSlug: 'banks-where-credit-spreads-meets-earnings-season',
          title: 'Banks: where credit spreads meets earnings season',
          publishedAt: '2026-11-20T14:05:00.000Z',
          url: '/api/v1/publications/netinterestnotes.com/banks-where-credit-spreads-meets-earnings-season',
          citations: [
            {
              claim: 1,
              evidenceQuote:
                'Deposit costs have started to fall with policy rates while fixed-rate assets keep repricing higher.',
            },
          ],
        },
        {
          ref: 2,
          publicationSlug: 'macrotide.beehiiv.com',
          postSlug: '3-things-we-learned-in-banks-this-week',
          title: '3 things we learned in banks this week',
          publishedAt: '2026-11-18T09:00:00.000Z',
          url: '/api/v1/publications/macrotide.beehiiv.com/3-things-we-learned-in-banks-this-week',
          citations: [
            {
              claim: 2,
              evidenceQuote:
                'Banks had a rough stretch: the SPDR S&P Regional Banking ETF (KRE) moved -0.1% over the past two weeks, behind the S&P 500.',
            },
          ],
        },
      ],
      timeWindow: null,
      generator: 'extractive-brief-v2',
      quote: '3f9c2a7d1b0e4c68',
      asOf: '2026-11-28T15:00:00.000Z',
      paymentInfo: { amountUsd: '0.20', protocol: 'credits', spendSource: 'purchased' },
    },
  });

export type ResearchBriefBody = z.output<typeof ResearchBrief>;
