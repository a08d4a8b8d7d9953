'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { requireUser } from '@/lib/auth/session';
import { type ActionResult, actionResult, UserInputError } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';
import { limitAccountAction } from '@/lib/rate-limits/account-limit';

const KeyName = z.string().trim().min(1, 'Give the key a name.').max(100, 'Names are at most 100 characters.');

export interface CreatedKey {
  key: string;
  name: string;
  displayPrefix: string;
}

/** Creates an API key for the signed-in user; the raw key comes back this once and is never stored. */
export async function createKeyAction(_previous: unknown, form: FormData): Promise<ActionResult<CreatedKey>> {
  const user = await requireUser('/account/keys');
  return actionResult(async () => {
    const name = KeyName.safeParse(form.get('name') ?? '');
    if (!name.success) throw new UserInputError(name.error.issues[0]!.message);
    await limitAccountAction(`user:${user.userId}`);
    const created = await createApiKey(await getDb(), user.userId, name.data);
    revalidatePath('/account/keys');
    return { key: created.key, name: created.name, displayPrefix: created.displayPrefix };
  });
}

/** Revokes one of the signed-in user's keys (another user's key id revokes nothing). */
export async function revokeKeyAction(form: FormData): Promise<void> {
  const user = await requireUser('/account/keys');
  await revokeApiKey(await getDb(), String(form.get('id') ?? ''), user.userId);
  revalidatePath('/account/keys');
}
