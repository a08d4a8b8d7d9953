import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { decode } from 'next-auth/jwt';
import { cache } from 'react';
import { verifySessionToken } from '@/lib/accounts/sessions/verify';
import { getDb } from '@/lib/db/client';
import { authSecret } from './secret-key';

// next-auth's cookie names: the __Secure- form on https origins.
const COOKIE_NAMES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

export interface SignedInUser {
  userId: string;
  email: string;
  /** This browser's session token: the dashboard pays with it, exactly as an agent holding it would. */
  sessionToken: string;
}

/**
 * The user signed in on this request, or null. The cookie alone is not enough: the session token it names must
 * still be live, so a sign-out or a revocation ends the session everywhere at once. Memoized per request (React's
 * cache): the header and the page both ask, and the cookie is decoded and the token checked once.
 */
export const signedInUser = cache(async (): Promise<SignedInUser | null> => {
  const store = await cookies();
  const raw = COOKIE_NAMES.map((name) => store.get(name)?.value).find(Boolean);
  if (!raw) return null;
  const payload = await decode({ token: raw, secret: await authSecret() }).catch(() => null);
  if (!payload?.sub || !payload.sessionToken || !payload.email) return null;
  const verified = await verifySessionToken(await getDb(), payload.sessionToken);
  if (!verified || verified.userId !== payload.sub || verified.tokenId !== payload.sessionTokenId) return null;
  return { userId: payload.sub, email: payload.email, sessionToken: payload.sessionToken };
});

/** For account pages and actions: the signed-in user, or a redirect to the sign-in page that comes back here. */
export async function requireUser(returnTo: string): Promise<SignedInUser> {
  const user = await signedInUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
