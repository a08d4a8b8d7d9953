import { z } from 'zod';
import { Account, Ledger, LedgerQuery } from '@/lib/api/contracts/account';
import { ErrorMessage } from '@/lib/api/contracts/common';
import { invalidQuery, jsonBody, serverError } from '@/lib/api/openapi/responses';
import { defineRoute } from '@/lib/api/route';

const BearerHeader = z.object({
  authorization: z.string().meta({ description: '`Bearer <API key or session token>`: the account to read.' }),
});

const unauthorized = jsonBody(
  'No Authorization header, or an API key or session token that is unknown, revoked or expired. Never a 402: these routes are free.',
  ErrorMessage,
);

export const getAccount = defineRoute({
  method: 'get',
  path: '/api/v1/account',
  operationId: 'getAccount',
  summary: 'The balance behind an API key or session token',
  rateLimit: 'free',
  tags: ['Account'],
  description:
    "Free, with `Authorization: Bearer <API key or session token>`. Purchased credits left; this week's allowance (sponsored credits, spent by session tokens only) with its limit, what is left and when it renews; which balances the credential spends, in order, and what it reads (`scopes`); an API key's spend cap and its spending against it; and `spendableCents`, what it can spend right now. An API key without the `account:read` scope gets `allowance: null`: what the owner's sessions spent is not its business. 401 without a valid credential, never 402.",
  headers: BearerHeader,
  responses: {
    '200': jsonBody("The credential's account.", Account),
    '401': unauthorized,
    '500': serverError('Reading the account'),
  },
});

export const listAccountLedger = defineRoute({
  method: 'get',
  path: '/api/v1/account/ledger',
  operationId: 'listAccountLedger',
  summary: "The account's credit ledger, newest first",
  rateLimit: 'free',
  tags: ['Account'],
  description:
    "Free, with `Authorization: Bearer <API key or session token>`. Every debit, refund, purchase, grant and reversal of the credential's account, both balances (purchased and sponsored) interleaved, newest first (for a session token, or an API key created with the `account:read` scope; an API key without it sees only its own debits and refunds: no other key's id, no purchase or grant, nothing spent from the weekly allowance): the amount, the balance it moved and that balance after it, and for a paid request what it bought (product, resource path, a summary's post title), the protocol and the paid answer's request id (its X-Request-Id). Page with `cursor` (the previous page's `nextCursor`). 401 without a valid credential, never 402; 400 for a cursor this route did not write.",
  headers: BearerHeader,
  query: LedgerQuery,
  responses: {
    '200': jsonBody('One page of the ledger.', Ledger),
    '400': invalidQuery,
    '401': unauthorized,
    '500': serverError('Reading the ledger'),
  },
});
