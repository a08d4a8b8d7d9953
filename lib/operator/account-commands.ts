import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { API_KEY_SCOPES, type ApiKeyScope } from '@/lib/accounts/api-keys/scopes';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { USAGE_PRODUCTS, type UsageProduct } from '@/lib/accounts/usage';
import { UserEmail } from '@/lib/accounts/users/email';
import { ensureUser, findUserByEmail } from '@/lib/accounts/users/ensure';
import { readCreditBalance } from '@/lib/credits/balance';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { listRecentPayments } from '@/lib/payments/list-recent';
import { damagedOutboxLines, listOutbox } from '@/lib/payments/settlements/outbox';
import { listOpenSettlements } from '@/lib/payments/settlements/store';
import { setPublicationMember } from '@/lib/sales/members';
import { type CommandDefinition, CommandError } from './command';

/** Operator verbs over accounts and credits; the dashboard puts the same domain functions behind its UI. */
async function userByEmail(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new CommandError(`No user with e-mail ${email}; create one with: users create --email ${email}`);
  return user;
}

const email = UserEmail;
const capCents = z.coerce.number().int().min(1).max(100_000_000);

export const ACCOUNT_COMMANDS: CommandDefinition[] = [
  {
    name: 'users create',
    summary: 'Create a user (or return the existing one) by e-mail.',
    usage: 'users create --email E',
    args: z.strictObject({ email }),
    async run(db, args: { email: string }) {
      const user = await ensureUser(db, args.email);
      return { id: user.id, email: user.email, created: user.created, createdAt: user.createdAt };
    },
  },
  {
    name: 'keys create',
    summary: 'Issue an API key for a user; the raw key is shown only this once.',
    usage:
      'keys create --email E [--name N] [--daily-cap-cents N] [--monthly-cap-cents N] [--products P,P] [--scopes account:read]',
    args: z.strictObject({
      email,
      name: z.string().trim().min(1).max(100).optional(),
      'daily-cap-cents': capCents.optional(),
      'monthly-cap-cents': capCents.optional(),
      products: z
        .string()
        .transform((list) => list.split(',').map((p) => p.trim()))
        .pipe(z.array(z.enum(USAGE_PRODUCTS)).min(1))
        .optional(),
      // Without it the key reads its own spending only; account:read reads the whole account (scopes.ts).
      scopes: z
        .string()
        .transform((list) => list.split(',').map((s) => s.trim()))
        .pipe(z.array(z.enum(API_KEY_SCOPES)).min(1))
        .optional(),
    }),
    async run(
      db,
      args: {
        email: string;
        name?: string;
        'daily-cap-cents'?: number;
        'monthly-cap-cents'?: number;
        products?: UsageProduct[];
        scopes?: ApiKeyScope[];
      },
    ) {
      const user = await userByEmail(db, args.email);
      const cap = {
        dailyCents: args['daily-cap-cents'] ?? null,
        monthlyCents: args['monthly-cap-cents'] ?? null,
        products: args.products ?? null,
      };
      const key = await createApiKey(db, user.id, args.name, cap, args.scopes);
      return {
        cap,
        scopes: key.scopes,
        key: key.key,
        id: key.id,
        name: key.name,
        displayPrefix: key.displayPrefix,
        email: user.email,
        createdAt: key.createdAt,
      };
    },
  },
  {
    name: 'keys revoke',
    summary: 'Revoke an API key by id; requests with it then get 401.',
    usage: 'keys revoke --id ID',
    args: z.strictObject({ id: z.string().min(1) }),
    async run(db, args: { id: string }) {
      const revoked = await revokeApiKey(db, args.id);
      if (!revoked) throw new CommandError(`No API key with id ${args.id}`);
      return revoked;
    },
  },
  {
    name: 'credits grant',
    summary: 'Add purchased credits (US cents) to a user, recorded in the ledger.',
    usage: 'credits grant --email E --cents N',
    args: z.strictObject({ email, cents: z.coerce.number().int().min(1).max(10_000_000) }),
    async run(db, args: { email: string; cents: number }) {
      const user = await userByEmail(db, args.email);
      const granted = await grantPurchasedCredits(db, {
        userId: user.id,
        cents: args.cents,
        ledgerKey: `operator-grant:${randomUUID()}`,
        kind: 'grant',
        description: 'granted by the operator',
      });
      return { email: user.email, grantedCents: args.cents, purchasedCents: granted?.balanceCents };
    },
  },
  {
    name: 'session-token',
    summary: 'Issue a session token for a user (spends the weekly allowance, then purchased credits).',
    usage: 'session-token --email E',
    args: z.strictObject({ email }),
    async run(db, args: { email: string }) {
      const user = await userByEmail(db, args.email);
      const session = await issueSessionToken(db, user.id);
      return { token: session.token, expiresAt: session.expiresAt, email: user.email };
    },
  },
  {
    name: 'balance',
    summary: "Show a user's purchased credits, this week's allowance and recent ledger entries.",
    usage: 'balance --email E [--entries N]',
    args: z.strictObject({ email, entries: z.coerce.number().int().min(1).max(1000).default(20) }),
    async run(db, args: { email: string; entries: number }) {
      const user = await userByEmail(db, args.email);
      return {
        email: user.email,
        ...(await readCreditBalance(db, user.id, env().SESSION_WEEKLY_ALLOWANCE_CENTS, new Date(), args.entries)),
      };
    },
  },
  {
    name: 'payments',
    summary:
      'List the newest payments (any protocol) with the sales each paid for; --pending lists wallet settlements not yet confirmed or delivered, and settled payments waiting in the outbox (with any outbox line too damaged to read).',
    usage: 'payments [--limit N] [--pending]',
    args: z.strictObject({
      limit: z.coerce.number().int().min(1).max(1000).default(20),
      pending: z.literal(true, 'is a flag and takes no value').optional(),
    }),
    async run(db, args: { limit: number; pending?: true }) {
      if (args.pending) {
        // The signed payloads stay out of the listing: what an operator acts on is who paid, what and how it stands.
        const settlements = (await listOpenSettlements(db, args.limit)).map(
          ({ payload: _payload, requirements: _requirements, ...settlement }) => settlement,
        );
        return { settlements, outbox: await listOutbox(db), damagedOutboxLines: damagedOutboxLines() };
      }
      return { payments: await listRecentPayments(db, args.limit) };
    },
  },
  {
    name: 'publishers add',
    summary: "Let a user (a publisher) see a publication's sales on the dashboard.",
    usage: 'publishers add --email E --slug SLUG',
    args: z.strictObject({ email, slug: z.string().trim().toLowerCase().min(1).max(253) }),
    async run(db, args: { email: string; slug: string }) {
      const user = await userByEmail(db, args.email);
      const result = await setPublicationMember(db, { slug: args.slug, userId: user.id, member: true });
      if (!result) throw new CommandError(`No publication ${args.slug}`);
      return { email: user.email, ...result };
    },
  },
  {
    name: 'publishers remove',
    summary: "Stop a user from seeing a publication's sales.",
    usage: 'publishers remove --email E --slug SLUG',
    args: z.strictObject({ email, slug: z.string().trim().toLowerCase().min(1).max(253) }),
    async run(db, args: { email: string; slug: string }) {
      const user = await userByEmail(db, args.email);
      const result = await setPublicationMember(db, { slug: args.slug, userId: user.id, member: false });
      if (!result) throw new CommandError(`No publication ${args.slug}`);
      return { email: user.email, ...result };
    },
  },
];
