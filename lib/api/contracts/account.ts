import { z } from 'zod';
import { API_KEY_SCOPES } from '@/lib/accounts/api-keys/scopes';
import { IsoTimestamp, integerParam } from './common';

const cents = z.number().int();
const usd = z.string().meta({ description: 'The same amount in USD, decimal text such as "1.20" or "-0.10".' });

export const AccountCredential = z
  .strictObject({
    kind: z.enum(['api_key', 'session_token']),
    id: z.string().meta({ description: 'The API key or session token id (never the secret).' }),
    name: z.string().nullable().meta({ description: "The API key's name; null for a session token." }),
    spends: z.array(z.enum(['sponsored', 'purchased'])).meta({
      description:
        "What a paid request made with this credential draws on, in order: an API key spends purchased credits only; a session token spends this week's allowance (sponsored) first, then purchased credits.",
    }),
    scopes: z.array(z.enum(API_KEY_SCOPES)).meta({
      description:
        "What the credential reads. `account:read`: the whole account (every key's spending and id, purchases, grants and the weekly allowance), as a session token always does. Empty (an API key created without it, and every key created before scopes existed): the balance, its own cap and its own debits and refunds only.",
    }),
  })
  .meta({ id: 'AccountCredential', description: 'The credential the request was made with.' });

export const Account = z
  .strictObject({
    credential: AccountCredential,
    purchasedCents: cents.min(0).meta({ description: 'Purchased credits left, in US cents.' }),
    purchasedUsd: usd,
    allowance: z
      .strictObject({
        weekStart: z.iso.date().meta({ description: 'The Monday (UTC) this week of the allowance began.' }),
        resetsAt: IsoTimestamp.meta({ description: 'When the allowance renews: the next Monday 00:00 UTC.' }),
        limitCents: cents.min(0),
        remainingCents: cents.min(0).meta({ description: "This week's sponsored credits left, in US cents." }),
      })
      .nullable()
      .meta({
        description:
          "The signed-in user's weekly allowance (sponsored credits), spent by session tokens only; null for an API key without the `account:read` scope, which never spends it and is not shown what the owner's sessions spent.",
      }),
    cap: z
      .strictObject({
        dailyCents: cents
          .min(1)
          .nullable()
          .meta({ description: 'At most this many cents per UTC day; null: no daily cap.' }),
        monthlyCents: cents
          .min(1)
          .nullable()
          .meta({ description: 'At most this many cents per UTC month; null: no monthly cap.' }),
        products: z
          .array(z.enum(['post_summary', 'stock_picks', 'research_brief']))
          .nullable()
          .meta({ description: 'The only products the key may buy; null: all.' }),
        spentTodayCents: cents.min(0),
        spentThisMonthCents: cents.min(0),
        dayResetsAt: IsoTimestamp,
        monthResetsAt: IsoTimestamp,
      })
      .nullable()
      .meta({
        description:
          "The API key's spend cap and what it spent against it (refunds left out); null for a key without one and for a session token. Over a cap a paid request answers 402 `spend_cap_reached`.",
      }),
    spendableCents: cents.min(0).meta({
      description:
        'What this credential can spend right now: purchased credits, plus the allowance for a session token.',
    }),
    spendableUsd: usd,
    asOf: IsoTimestamp,
  })
  .meta({
    id: 'Account',
    description: 'The balance behind the request’s Bearer credential.',
    example: {
      credential: { kind: 'api_key', id: '2f0c…', name: 'research agent', spends: ['purchased'], scopes: [] },
      purchasedCents: 480,
      purchasedUsd: '4.80',
      allowance: null,
      cap: null,
      spendableCents: 480,
      spendableUsd: '4.80',
      asOf: '2026-11-28T18:00:00.000Z',
    },
  });

export const LEDGER_DEFAULT_LIMIT = 20;

export const LedgerQuery = z.object({
  cursor: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "The previous page's nextCursor; absent for the newest entries." }),
  limit: integerParam(1, 100, `Entries per page (1-100, default ${LEDGER_DEFAULT_LIMIT}).`).optional(),
});

export const LedgerEntry = z
  .strictObject({
    id: z.string().meta({ description: 'The entry id; entries are ordered by it, newest first.' }),
    createdAt: IsoTimestamp,
    kind: z.enum(['debit', 'refund', 'purchase', 'grant', 'reversal']).meta({
      description:
        'debit: a paid request; refund: a debit given back (its answer could not be sent); purchase: credits bought; grant: credits an operator gave; reversal: a purchase refunded or disputed at the card processor.',
    }),
    amountCents: cents.meta({ description: 'Signed: negative for a debit, positive for credits added.' }),
    amountUsd: usd,
    spendSource: z.enum(['purchased', 'sponsored']).meta({
      description: 'Which balance the entry moved: purchased credits, or the weekly allowance (sponsored).',
    }),
    balanceAfterCents: cents.meta({ description: 'That balance right after the entry.' }),
    product: z.enum(['post_summary', 'stock_picks', 'research_brief']).nullable().meta({
      description: 'What a debit (or its refund) bought; null for other entries.',
    }),
    resource: z.string().nullable().meta({
      description: 'The resource path a debit paid for, e.g. /api/v1/publications/{publicationSlug}/{postSlug}.',
    }),
    title: z.string().nullable().meta({ description: "The post's title, for a summary." }),
    protocol: z.enum(['credits']).nullable().meta({
      description:
        'How the paid request was paid: "credits" for every debit; null when its payment was never recorded (then refunded) and for other entries.',
    }),
    requestId: z.string().nullable().meta({
      description: 'The paid answer’s X-Request-Id, to match the charge with the response; null when unknown.',
    }),
    apiKeyId: z.string().nullable().meta({
      description:
        'The API key that spent it; null for a session token and for credits added. A key without `account:read` sees only its own id here.',
    }),
  })
  .meta({ id: 'LedgerEntry' });

export const Ledger = z
  .strictObject({
    entries: z.array(LedgerEntry),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for older entries; null on the last page.' }),
  })
  .meta({
    id: 'Ledger',
    description:
      "The account's credit ledger (both balances), newest first; for an API key without `account:read`, only that key's own debits and refunds.",
    example: {
      entries: [
        {
          id: '1042',
          createdAt: '2026-11-28T17:59:12.000Z',
          kind: 'debit',
          amountCents: -10,
          amountUsd: '-0.10',
          spendSource: 'purchased',
          balanceAfterCents: 480,
          product: 'post_summary',
          resource: '/api/v1/publications/netinterestnotes.com/banks-scorecard-for-q3-2026',
          title: 'Banks scorecard for Q3 2026',
          protocol: 'credits',
          requestId: '6f1d2c9e-4b7a-4e0f-9a51-0c2d7e8b1a33',
          apiKeyId: '2f0c…',
        },
      ],
      nextCursor: 'MTA0Mg',
    },
  });
