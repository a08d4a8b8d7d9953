'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requestOrigin } from '@/components/request-origin';
import { WatchRequest } from '@/lib/api/contracts/watches';
import { ApiError } from '@/lib/api/errors';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult, UserInputError } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';
import { createWatch } from '@/lib/watches/create';
import { deleteWatch } from '@/lib/watches/remove';
import { configuredSecretKey } from '@/lib/watches/signing-secret';
import { configuredWebhookNetwork } from '@/lib/watches/webhook-destination';

export interface CreatedWatchView {
  /** Named `name` for CreateSecretForm-like display: what is watched. */
  name: string;
  secret: string;
  feedUrl: string;
}

// The form's one subject field is the ticker, topic or publication, by kind; empty optional fields are absent.
const WatchForm = z.object({
  kind: z.enum(['ticker', 'query', 'publication'], { error: 'Choose what to watch.' }),
  subject: z.string().trim().min(1, 'Say what to watch: a ticker, a topic or a publication.').max(200),
  webhookUrl: z.string().trim().max(2000).optional(),
  minConfidence: z.enum(['weak', 'strong']).optional(),
});

/** A refusal from the domain (the same checks as the API) as a message for the page. */
function asUserError(error: unknown): never {
  if (error instanceof ApiError) {
    const detail = error.issues
      ? Object.entries(error.issues).map(([field, problems]) => `${field} ${problems.join(', ')}`)
      : [];
    throw new UserInputError(detail.length > 0 ? `The ${detail.join('; ')}.` : error.message, { code: error.code });
  }
  throw error;
}

const create = accountAction({
  returnTo: '/account/watches',
  input: WatchForm,
  limit: true,
  run: async ({ user, input }): Promise<CreatedWatchView> => {
    const field = { ticker: 'ticker', query: 'query', publication: 'publicationSlug' }[input.kind];
    const request = WatchRequest.safeParse({
      kind: input.kind,
      [field]: input.subject,
      ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
      ...(input.kind === 'query' && input.minConfidence ? { minConfidence: input.minConfidence } : {}),
    });
    if (!request.success) throw new UserInputError(`The ${input.kind} ${request.error.issues[0]!.message}.`);
    const created = await createWatch(await getDb(), user.userId, request.data, {
      baseUrl: await requestOrigin(),
      network: configuredWebhookNetwork(),
      secretKey: configuredSecretKey(),
    }).catch(asUserError);
    revalidatePath('/account/watches');
    return { name: input.subject, secret: created.secret, feedUrl: created.feedUrl };
  },
});

/** Creates a watch for the signed-in user; its signing secret and feed URL come back this once. */
export async function createWatchAction(_previous: unknown, form: FormData): Promise<ActionResult<CreatedWatchView>> {
  return actionResult(() => create(form));
}

const remove = accountAction({
  returnTo: '/account/watches',
  input: z.object({ id: z.uuid().catch('00000000-0000-0000-0000-000000000000') }),
  run: async ({ user, input }) => {
    // Another user's watch, like an unknown one, deletes nothing.
    await deleteWatch(await getDb(), user.userId, input.id).catch(() => undefined);
    revalidatePath('/account/watches');
  },
});

/** Deletes one of the signed-in user's watches. */
export async function deleteWatchAction(form: FormData): Promise<void> {
  await remove(form);
}
