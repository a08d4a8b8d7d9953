import { isOverloadError } from '@/lib/db/postgres';

/** What a dashboard form action answers: a value to show, or a message a person can act on. */
export type ActionResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: string;
      /** The API's error code when the refusal came from it (a page may wait and retry on summary_not_ready). */
      code?: string;
      retryAfterSeconds?: number;
    };

/**
 * Runs an action's work and turns the failures a user can meet (a limit reached, a busy service, a refused input)
 * into a message; anything else is logged and answered generically, never with its internals.
 */
export async function actionResult<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    // Next's redirect() and notFound() are thrown; they must keep travelling.
    if (isNextControlFlow(error)) throw error;
    const code = (error as { code?: unknown })?.code;
    if (code === 'rate_limited') return { ok: false, error: 'Too many attempts: wait a minute and try again.' };
    if (error instanceof UserInputError) return { ok: false, error: error.message, ...error.details };
    if (isOverloadError(error)) return { ok: false, error: 'The service is busy: try again in a moment.' };
    console.error('[dashboard] action failed:', error);
    return { ok: false, error: 'Something went wrong on our side. Please try again.' };
  }
}

/** A refusal whose message is meant for the person who filled in the form (with the API's code, when it has one). */
export class UserInputError extends Error {
  constructor(
    message: string,
    readonly details: { code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown })?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR'));
}
