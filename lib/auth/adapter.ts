import type { Adapter, AdapterAccount, AdapterUser, VerificationToken } from 'next-auth/adapters';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { isUuid } from '@/lib/accounts/uuid';
import type { Queryable } from '@/lib/db/types';

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  email_verified: Date | null;
}

const USER_COLUMNS = 'u.id, u.email, u.name, u.email_verified';

function toAdapterUser(row: UserRow | undefined): AdapterUser | null {
  if (!row) return null;
  return { id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified };
}

/**
 * next-auth's storage over our own tables: its users are our `users` rows (found and created by e-mail through the
 * same ensureUser as the operator CLI), OAuth identities are auth_accounts rows, magic-link tokens are
 * auth_verification_tokens rows. Sessions are JWT cookies, so no session methods are needed.
 */
export function sqlAuthAdapter(db: Queryable): Adapter {
  const userWhere = async (where: string, params: unknown[]) => {
    const [row] = await db.query<UserRow & Record<string, unknown>>(
      `select ${USER_COLUMNS} from users u ${where}`,
      params,
    );
    return toAdapterUser(row);
  };
  return {
    async createUser(user: Omit<AdapterUser, 'id'>) {
      const created = await ensureUser(db, user.email);
      const [row] = await db.query<UserRow & Record<string, unknown>>(
        `update users u set name = coalesce(u.name, left($2, 200)), email_verified = coalesce($3, u.email_verified)
          where u.id = $1 returning ${USER_COLUMNS}`,
        [created.id, user.name ?? null, user.emailVerified ?? null],
      );
      return toAdapterUser(row)!;
    },
    getUser: (id) => (isUuid(id) ? userWhere('where u.id = $1', [id]) : Promise.resolve(null)),
    getUserByEmail: (email) => userWhere('where u.email = lower($1)', [email]),
    getUserByAccount: ({ provider, providerAccountId }) =>
      userWhere('join auth_accounts a on a.user_id = u.id where a.provider = $1 and a.provider_account_id = $2', [
        provider,
        providerAccountId,
      ]),
    async updateUser(user) {
      const [row] = await db.query<UserRow & Record<string, unknown>>(
        `update users u set name = coalesce(left($2, 200), u.name), email_verified = coalesce($3, u.email_verified)
          where u.id = $1 returning ${USER_COLUMNS}`,
        [user.id, user.name ?? null, user.emailVerified ?? null],
      );
      if (!row) throw new Error(`no user ${user.id}`);
      return toAdapterUser(row)!;
    },
    async linkAccount(account: AdapterAccount) {
      await db.query(
        `insert into auth_accounts (provider, provider_account_id, user_id, type) values ($1, $2, $3, $4)
         on conflict (provider, provider_account_id) do nothing`,
        [account.provider, account.providerAccountId, account.userId, account.type],
      );
    },
    async unlinkAccount({ provider, providerAccountId }: Pick<AdapterAccount, 'provider' | 'providerAccountId'>) {
      await db.query(`delete from auth_accounts where provider = $1 and provider_account_id = $2`, [
        provider,
        providerAccountId,
      ]);
    },
    async createVerificationToken(token: VerificationToken) {
      // next-auth hands us the token already hashed with the secret; we store what we are given.
      await db.query(`insert into auth_verification_tokens (token, identifier, expires) values ($1, $2, $3)`, [
        token.token,
        token.identifier,
        token.expires,
      ]);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      // Deleting it is what makes a link single-use, even when two clicks race.
      const [row] = await db.query<{ token: string; identifier: string; expires: Date }>(
        `delete from auth_verification_tokens where identifier = $1 and token = $2 returning token, identifier, expires`,
        [identifier, token],
      );
      return row ? { token: row.token, identifier: row.identifier, expires: row.expires } : null;
    },
  };
}
