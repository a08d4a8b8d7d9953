import { z } from 'zod';

/** E-mail addresses identify users; they are compared in lower case. */
export const UserEmail = z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address').max(320));

export function parseUserEmail(value: string): string {
  const result = UserEmail.safeParse(value);
  if (!result.success) throw new Error(`invalid e-mail address: ${JSON.stringify(value)}`);
  return result.data;
}
