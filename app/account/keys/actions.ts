'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { API_KEY_SCOPES } from '@/lib/accounts/api-keys/scopes';
import { USAGE_PRODUCTS, type UsageProduct } from '@/lib/accounts/usage';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';

// A form without the field is asked for a name too.
const KeyName = z
  .string({ error: 'Give the key a name.' })
  .trim()
  .min(1, 'Give the key a name.')
  .max(100, 'Names are at most 100 characters.');

// A cap in dollars as typed ("2", "0.50"); empty is no cap.
const CapUsd = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const cents = Math.round(Number(value) * 100);
    if (!/^\d+(?:\.\d{1,2})?$/u.test(value) || cents < 1 || cents > 100_000_000) {
      ctx.addIssue({ code: 'custom', message: 'A cap is an amount in dollars from 0.01 to 1,000,000.' });
      return z.NEVER;
    }
    return cents;
  });

const CapProducts = z.object(
  Object.fromEntries(USAGE_PRODUCTS.map((product) => [`buy_${product}`, z.string().optional()])) as Record<
    `buy_${UsageProduct}`,
    z.ZodOptional<z.ZodString>
  >,
);

/** The products ticked; none ticked is no limit on products. */
function productsOf(input: Partial<Record<`buy_${UsageProduct}`, string>>): UsageProduct[] | null {
  const ticked = USAGE_PRODUCTS.filter((product) => input[`buy_${product}`] !== undefined);
  return ticked.length > 0 ? ticked : null;
}

// The form's checkbox sends the one scope there is; absent, the key reads only its own spending. Anything else is a
// forged form, refused rather than dropped, so nobody believes a key has a permission it lacks.
const Scope = z
  .enum(API_KEY_SCOPES, { error: 'Unknown key permission.' })
  .optional()
  .transform((scope) => (scope ? [scope] : []));

export interface CreatedKey {
  key: string;
  name: string;
  displayPrefix: string;
}

const createKey = accountAction({
  returnTo: '/account/keys',
  input: z
    .object({ name: KeyName, dailyCapUsd: CapUsd, monthlyCapUsd: CapUsd, scopes: Scope })
    .extend(CapProducts.shape),
  limit: true,
  run: async ({ user, input }): Promise<CreatedKey> => {
    const cap = { dailyCents: input.dailyCapUsd, monthlyCents: input.monthlyCapUsd, products: productsOf(input) };
    const created = await createApiKey(await getDb(), user.userId, input.name, cap, input.scopes);
    revalidatePath('/account/keys');
    return { key: created.key, name: created.name, displayPrefix: created.displayPrefix };
  },
});

/** Creates an API key for the signed-in user; the raw key comes back this once and is never stored. */
export async function createKeyAction(_previous: unknown, form: FormData): Promise<ActionResult<CreatedKey>> {
  return actionResult(() => createKey(form));
}

// A missing id, like another user's key id, revokes nothing.
const revokeKey = accountAction({
  returnTo: '/account/keys',
  input: z.object({ id: z.string().default('') }),
  run: async ({ user, input }) => {
    await revokeApiKey(await getDb(), input.id, user.userId);
    revalidatePath('/account/keys');
  },
});

/** Revokes one of the signed-in user's keys (another user's key id revokes nothing). */
export async function revokeKeyAction(form: FormData): Promise<void> {
  await revokeKey(form);
}
