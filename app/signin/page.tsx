import { redirect } from 'next/navigation';
import { SignInOptions } from '@/components/account/SignInOptions';
import { safeCallbackPath } from '@/lib/auth/callback-path';
import { signInMethods } from '@/lib/auth/options';
import { signedInUser } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sign in' };

// next-auth's error codes, in words a person can act on.
const ERRORS: Record<string, string> = {
  CredentialsSignin: 'That is not a valid e-mail address.',
  OAuthAccountNotLinked: 'This e-mail is linked to another sign-in method: use that one.',
  Verification: 'That sign-in link has expired or was already used. Ask for a new one.',
  EmailSignin: 'The sign-in e-mail could not be sent. Try again shortly.',
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if (await signedInUser()) redirect(callbackUrl);
  const error = typeof params.error === 'string' ? (ERRORS[params.error] ?? 'Sign-in failed. Try again.') : null;
  const methods = signInMethods();

  return (
    <section aria-labelledby="signin-heading" className="mx-auto max-w-md">
      <h1 id="signin-heading" className="text-3xl font-bold tracking-tight">
        Sign in
      </h1>
      <p className="mt-3 text-slate-700">
        Create API keys, buy credits and see what you spent. New here? Signing in creates your account.
      </p>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      )}
      <SignInOptions methods={methods} callbackUrl={callbackUrl} />
    </section>
  );
}
