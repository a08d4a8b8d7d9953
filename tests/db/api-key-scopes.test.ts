import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyAction } from '@/app/account/keys/actions';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { listApiKeys } from '@/lib/accounts/api-keys/list';
import { verifyApiKey } from '@/lib/accounts/api-keys/verify';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { authSecret } from '@/lib/auth/secret-key';
import { runCommand } from '@/lib/operator/registry';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// Giving a key the account:read scope where keys are made (the dashboard's form, the operator's `keys create`), and
// refusing a scope that does not exist; the key list shows each key's scopes. What a scope lets a key read is tested
// over the account routes in account.test.ts.

// The request's cookies, as next/headers would read them; the rest of the sign-in check is the real one.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
}));

// revalidatePath needs a Next request to refresh the page's cache in; outside one it throws. The key list is read from
// the database here instead.
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const db = suiteDatabase();

beforeAll(async () => {
  await openTestAppContext(db);
  return closeTestAppContext;
});

/** Signs a new user in on this "browser", as the dashboard's sign-in leaves the cookie. */
async function signIn(email: string): Promise<string> {
  const user = await ensureUser(db, email);
  const issued = await issueSessionToken(db, user.id, { name: 'Dashboard sign-in', kind: 'dashboard' });
  const token = { sub: user.id, email: user.email, sessionToken: issued.token, sessionTokenId: issued.id };
  jar.set('next-auth.session-token', await encode({ token, secret: await authSecret() }));
  return user.id;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the dashboard key form', () => {
  it('creates a key with account:read when the box is ticked, without any scope otherwise, and lists both', async () => {
    const userId = await signIn('scopes-form@example.com');
    const reader = await createKeyAction(undefined, form({ name: 'bookkeeper', scopes: 'account:read' }));
    const agent = await createKeyAction(undefined, form({ name: 'agent' }));
    expect(reader.ok && agent.ok).toBe(true);
    if (!reader.ok || !agent.ok) return;
    expect((await verifyApiKey(db, reader.value.key))?.scopes).toEqual(['account:read']);
    expect((await verifyApiKey(db, agent.value.key))?.scopes).toEqual([]);
    const listed = await listApiKeys(db, userId);
    expect(listed.map((key) => [key.name, key.scopes])).toEqual([
      ['agent', []],
      ['bookkeeper', ['account:read']],
    ]);
  });

  it('refuses a scope that does not exist, and creates no key', async () => {
    const userId = await signIn('scopes-forged@example.com');
    for (const scopes of ['account:write', 'ACCOUNT:READ', '']) {
      expect(await createKeyAction(undefined, form({ name: 'forged', scopes }))).toEqual({
        ok: false,
        error: 'Unknown key permission.',
      });
    }
    expect(await listApiKeys(db, userId)).toEqual([]);
  });
});

describe('the operator command keys create', () => {
  it('takes --scopes account:read, and refuses an unknown scope naming the flag', async () => {
    await runCommand(db, 'users create', { email: 'scopes-cli@example.com' });
    const reader = (await runCommand(db, 'keys create', {
      email: 'scopes-cli@example.com',
      name: 'bookkeeper',
      scopes: 'account:read',
    })) as { key: string; scopes: string[] };
    expect(reader.scopes).toEqual(['account:read']);
    expect((await verifyApiKey(db, reader.key))?.scopes).toEqual(['account:read']);
    const plain = (await runCommand(db, 'keys create', { email: 'scopes-cli@example.com' })) as { key: string };
    expect((await verifyApiKey(db, plain.key))?.scopes).toEqual([]);

    await expect(
      runCommand(db, 'keys create', { email: 'scopes-cli@example.com', scopes: 'account:read,account:write' }),
    ).rejects.toThrow(/Invalid arguments for keys create: --scopes/);
  });
});

describe('the scopes column', () => {
  it('gives a key made without scopes none, and admits no unknown scope even from SQL', async () => {
    const user = await ensureUser(db, 'scopes-sql@example.com');
    expect((await createApiKey(db, user.id, 'old style')).scopes).toEqual([]);
    await expect(createApiKey(db, user.id, 'bad', null, ['account:write' as never])).rejects.toThrow(/unknown/);
    await expect(
      db.query(
        `insert into api_keys (user_id, key_hash, display_prefix, scopes) values ($1, 'h', 'pk_svc_x', '{account:write}')`,
        [user.id],
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
