'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { revokeSessionToken } from '@/lib/accounts/sessions/manage';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';

// A form without the field is asked for a name too.
const TokenName = z
  .string({ error: 'Give the token a name.' })
  .trim()
  .min(1, 'Give the token a name.')
  .max(100, 'Names are at most 100 characters.');

const createToken = accountAction({
  returnTo: '/account/tokens',
  input: z.object({ name: TokenName }),
  limit: true,
  run: async ({ user, input }) => {
    const issued = await issueSessionToken(await getDb(), user.userId, { name: input.name, kind: 'agent' });
    revalidatePath('/account/tokens');
    return { token: issued.token, name: issued.name };
  },
});

/** Creates a session token for an agent; it spends this week's allowance first, then purchased credits. */
export async function createTokenAction(
  _previous: unknown,
  form: FormData,
): Promise<ActionResult<{ token: string; name: string }>> {
  return actionResult(() => createToken(form));
}

// A missing id, like another user's token id, revokes nothing.
const revokeToken = accountAction({
  returnTo: '/account/tokens',
  input: z.object({ id: z.string().default('') }),
  run: async ({ user, input }) => {
    await revokeSessionToken(await getDb(), user.userId, input.id);
    revalidatePath('/account/tokens');
  },
});

/** Revokes one of the signed-in user's session tokens (revoking a dashboard one signs that browser out). */
export async function revokeTokenAction(form: FormData): Promise<void> {
  await revokeToken(form);
}
