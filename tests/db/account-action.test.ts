import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { authSecret } from '@/lib/auth/secret-key';
import { accountAction } from '@/lib/dashboard/account-action';
import { UserInputError } from '@/lib/dashboard/action-result';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The request's cookies, as next/headers would read them; the rest of the sign-in check is the real one.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
}));

const db = suiteDatabase();

beforeAll(async () => {
  // The limiter and the sign-in secret reach the database through the process's context, as in the service.
  await openTestAppContext(db);
  return closeTestAppContext;
});

/** Signs a new user in on this "browser", as the dashboard's sign-in leaves the cookie. */
async function signIn(email: string): Promise<void> {
  const user = await ensureUser(db, email);
  const issued = await issueSessionToken(db, user.id, { name: 'Dashboard sign-in', kind: 'dashboard' });
  const token = { sub: user.id, email: user.email, sessionToken: issued.token, sessionTokenId: issued.id };
  jar.set('next-auth.session-token', await encode({ token, secret: await authSecret() }));
}

function nameAction() {
  const run = vi.fn(async ({ input }: { input: { name: string } }) => input.name);
  const action = accountAction({
    returnTo: '/account/keys',
    input: z.object({ name: z.string().min(1, 'Give it a name.') }),
    limit: true,
    run,
  });
  return { run, action };
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('accountAction', () => {
  it('sends a signed-out call to sign in, coming back to the page, without running the action', async () => {
    jar.clear();
    const { run, action } = nameAction();
    const refusal = await action(form({ name: 'a key' })).catch((error: unknown) => error);
    expect((refusal as { digest?: string }).digest).toContain(
      `/signin?callbackUrl=${encodeURIComponent('/account/keys')}`,
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a bad form with the schema message, before counting it against the limit', async () => {
    await signIn('bad-form@example.com');
    const { run, action } = nameAction();
    for (let i = 0; i < 20; i++) {
      const refusal = await action(form({ name: '' })).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(UserInputError);
      expect((refusal as Error).message).toBe('Give it a name.');
    }
    expect(run).not.toHaveBeenCalled();
    // Twenty refused forms used none of the account's limit.
    expect(await action(form({ name: 'a key' }))).toBe('a key');
  });

  it("applies the account limit to the signed-in user's calls, refusing them before the action runs", async () => {
    await signIn('limited@example.com');
    const { run, action } = nameAction();
    const outcomes = [];
    for (let i = 0; i < 12; i++)
      outcomes.push(await action(form({ name: `key ${i}` })).catch((error: unknown) => error));
    const refused = outcomes.filter((outcome) => (outcome as { code?: string }).code === 'rate_limited');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(12);
    expect(run).toHaveBeenCalledTimes(12 - refused.length);
  });
});
