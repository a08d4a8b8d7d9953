import type { SignedInUser } from '@/lib/auth/session';
import type { Queryable } from '@/lib/db/types';
import { env } from '@/lib/env';
import { isPublicationMember, type SalesScope } from './report';

/**
 * Which sales a signed-in user may see: all of them for operators (OPERATOR_EMAILS), their own publications' for
 * publishers (publication_members), none otherwise. With the local sign-in on and no operators named, everyone is
 * the operator: anyone there can sign in as anyone, so hiding sales from one address would protect nothing.
 */
export async function salesScopeFor(db: Queryable, user: SignedInUser): Promise<SalesScope | null> {
  const config = env();
  const operators = config.OPERATOR_EMAILS;
  if (operators?.includes(user.email)) return { kind: 'all' };
  if (!operators && config.localSignIn) return { kind: 'all' };
  return (await isPublicationMember(db, user.userId)) ? { kind: 'member', userId: user.userId } : null;
}
