import type { z } from 'zod';
import { requireUser, type SignedInUser } from '@/lib/auth/session';
import { limitAccountAction } from '@/lib/rate-limits/account-limit';
import { UserInputError } from './action-result';

interface AccountActionOptions<Input extends z.ZodType, T> {
  /** Where sign-in comes back to when nobody is signed in. */
  returnTo: string;
  /** The action's input: a form's fields by name, or the arguments a page passes. */
  input: Input;
  /** The message for any refused input, when the schema's own would not help the person on the page. */
  invalid?: string;
  /** Counts the call against the user's account limit (whatever creates something: a key, a token, a checkout). */
  limit?: boolean;
  run: (context: { user: SignedInUser; input: z.output<Input> }) => Promise<T>;
}

/**
 * Every dashboard server action goes through here, so that code rather than convention does the checks, in this
 * order and before `run`: the signed-in user (or a redirect to sign in), the input parsed by its schema (refused as a
 * UserInputError), then the account limit (refused as 429 rate_limited). The action decides how a refusal is shown:
 * `actionResult` turns it into a message, a plain form may redirect.
 */
export function accountAction<Input extends z.ZodType, T>(
  options: AccountActionOptions<Input, T>,
): (fields: FormData | z.input<Input>) => Promise<T> {
  return async (fields) => {
    const user = await requireUser(options.returnTo);
    const input = options.input.safeParse(fields instanceof FormData ? Object.fromEntries(fields) : fields);
    if (!input.success) throw new UserInputError(options.invalid ?? input.error.issues[0]!.message);
    if (options.limit) await limitAccountAction(`user:${user.userId}`);
    return options.run({ user, input: input.data });
  };
}
