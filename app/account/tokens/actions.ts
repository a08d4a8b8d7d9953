'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { revokeSessionToken } from '@/lib/accounts/sessions/manage';
import { requireUser } from '@/lib/auth/session';
import { type ActionResult, actionResult, UserInputError } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';
import { limitAccountAction } from '@/lib/rate-limits/account-limit';

const TokenName = z.string().trim().min(1, 'Give the token a name.').max(100, 'Names are at most 100 characters.');

/** Creates a session token for an agent; it spends this week's allowance first, then purchased credits. */
export async function createTokenAction(
  _previous: unknown,
  form: FormData,
): Promise<ActionResult<{ token: string; name: string }>> {
  const user = await requireUser('/account/tokens');
  return actionResult(async () => {
    const name = TokenName.safeParse(form.get('name') ?? '');
    if (!name.success) throw new UserInputError(name.error.issues[0]!.message);
    await limitAccountAction(`user:${user.userId}`);
    const issued = await issueSessionToken(await getDb(), user.userId, { name: name.data, kind: 'agent' });
    revalidatePath('/account/tokens');
    return { token: issued.token, name: issued.name };
  });
}

/** Revokes one of the signed-in user's session tokens (revoking a dashboard one signs that browser out). */
export async function revokeTokenAction(form: FormData): Promise<void> {
  const user = await requireUser('/account/tokens');
  await revokeSessionToken(await getDb(), user.userId, String(form.get('id') ?? ''));
  revalidatePath('/account/tokens');
}
