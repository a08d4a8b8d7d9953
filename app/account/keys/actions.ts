'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';

// A form without the field is asked for a name too.
const KeyName = z
  .string({ error: 'Give the key a name.' })
  .trim()
  .min(1, 'Give the key a name.')
  .max(100, 'Names are at most 100 characters.');

export interface CreatedKey {
  key: string;
  name: string;
  displayPrefix: string;
}

const createKey = accountAction({
  returnTo: '/account/keys',
  input: z.object({ name: KeyName }),
  limit: true,
  run: async ({ user, input }): Promise<CreatedKey> => {
    const created = await createApiKey(await getDb(), user.userId, input.name);
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
