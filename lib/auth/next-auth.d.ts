import 'next-auth/jwt';

declare module 'next-auth/jwt' {
  /** What our sign-in cookie carries besides the user id (sub): the browser's own session token (lib/auth). */
  interface JWT {
    sessionToken?: string;
    sessionTokenId?: string;
  }
}
