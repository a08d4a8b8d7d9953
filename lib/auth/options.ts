import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import EmailProvider from 'next-auth/providers/email';
import GithubProvider from 'next-auth/providers/github';
import GoogleProvider from 'next-auth/providers/google';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { revokeSessionToken } from '@/lib/accounts/sessions/manage';
import { UserEmail } from '@/lib/accounts/users/email';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { sqlAuthAdapter } from './adapter';
import { authSecret } from './secret-key';

export const LOCAL_PROVIDER_ID = 'local';

/** The sign-in methods this service offers, from its environment (the sign-in page lists the same). */
export function signInMethods() {
  const config = env();
  return {
    github: config.GITHUB_ID !== undefined,
    google: config.GOOGLE_ID !== undefined,
    email: config.EMAIL_SERVER !== undefined,
    local: config.localSignIn,
  };
}

/** GitHub's OAuth endpoints on another host (GITHUB_BASE_URL), or nothing to keep next-auth's own. */
function githubEndpoints(base: string | undefined) {
  if (!base) return {};
  const root = base.replace(/\/+$/, '');
  return {
    authorization: { url: `${root}/login/oauth/authorize`, params: { scope: 'read:user user:email' } },
    token: `${root}/login/oauth/access_token`,
    userinfo: { url: `${root}/user` },
  };
}

/**
 * next-auth's configuration. Sessions are JWT cookies that carry the id of a 'dashboard' session token issued at
 * sign-in; lib/auth/session.ts checks that token on every page and action, so signing out (or revoking it) ends the
 * session on the server too, not only in the browser.
 */
export async function authOptions(): Promise<NextAuthOptions> {
  const config = env();
  // Building the context (getDb) handed next-auth its origin (lib/auth/next-auth-origin.ts).
  const db = await getDb();

  const methods = signInMethods();
  const providers: NextAuthOptions['providers'] = [];
  // GitHub and Google only return verified addresses, so an identity is linked to the existing user of that e-mail.
  if (methods.github)
    providers.push(
      GithubProvider({
        clientId: config.GITHUB_ID!,
        clientSecret: config.GITHUB_SECRET!,
        allowDangerousEmailAccountLinking: true,
        ...githubEndpoints(config.GITHUB_BASE_URL),
      }),
    );
  if (methods.google)
    providers.push(
      GoogleProvider({
        clientId: config.GOOGLE_ID!,
        clientSecret: config.GOOGLE_SECRET!,
        allowDangerousEmailAccountLinking: true,
      }),
    );
  if (methods.email) providers.push(EmailProvider({ server: config.EMAIL_SERVER, from: config.EMAIL_FROM }));
  if (methods.local)
    providers.push(
      CredentialsProvider({
        id: LOCAL_PROVIDER_ID,
        name: 'Local sign-in',
        credentials: { email: { label: 'E-mail', type: 'email' } },
        // Whoever can reach a service with the local sign-in on can be any user: it is for the embedded default.
        async authorize(credentials) {
          const email = UserEmail.safeParse(credentials?.email ?? '');
          if (!email.success) return null;
          const user = await ensureUser(db, email.data);
          return { id: user.id, email: user.email };
        },
      }),
    );

  return {
    adapter: sqlAuthAdapter(db),
    providers,
    secret: await authSecret(),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: '/signin', error: '/signin', verifyRequest: '/signin/check-email' },
    callbacks: {
      async jwt({ token, user }) {
        // `user` is present only at sign-in: that is when this browser gets its own session token.
        if (user) {
          const issued = await issueSessionToken(db, user.id, { name: 'Dashboard sign-in', kind: 'dashboard' });
          token.sub = user.id;
          token.email = user.email;
          token.sessionToken = issued.token;
          token.sessionTokenId = issued.id;
        }
        return token;
      },
      // What the browser may read (/api/auth/session): the e-mail only, never the session token.
      async session({ session, token }) {
        return { expires: session.expires, user: { email: token.email ?? null } };
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.sub && typeof token.sessionTokenId === 'string')
          await revokeSessionToken(db, token.sub, token.sessionTokenId);
      },
    },
  };
}
