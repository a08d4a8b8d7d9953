'use client';

import { signIn } from 'next-auth/react';
import { type FormEvent, useState } from 'react';

interface Methods {
  github: boolean;
  google: boolean;
  email: boolean;
  local: boolean;
}

const BUTTON =
  'w-full rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:border-indigo-700 hover:text-indigo-800 disabled:opacity-60';
const PRIMARY =
  'w-full rounded-lg bg-indigo-700 px-4 py-2 font-medium text-white hover:bg-indigo-800 disabled:opacity-60';
const INPUT =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-200';

/** The sign-in methods this service offers; next-auth's client adds its CSRF token to every sign-in request. */
export function SignInOptions({ methods, callbackUrl }: { methods: Methods; callbackUrl: string }) {
  const [busy, setBusy] = useState(false);
  const none = !methods.github && !methods.google && !methods.email && !methods.local;

  async function submitEmail(provider: 'email' | 'local', event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    await signIn(provider, { email, callbackUrl });
    setBusy(false);
  }

  return (
    <div className="mt-6 space-y-6">
      {none && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900">
          No sign-in method is configured on this service.
        </p>
      )}
      {(methods.github || methods.google) && (
        <div className="space-y-3">
          {methods.github && (
            <button type="button" className={BUTTON} disabled={busy} onClick={() => signIn('github', { callbackUrl })}>
              Continue with GitHub
            </button>
          )}
          {methods.google && (
            <button type="button" className={BUTTON} disabled={busy} onClick={() => signIn('google', { callbackUrl })}>
              Continue with Google
            </button>
          )}
        </div>
      )}
      {methods.email && (
        <form onSubmit={(event) => submitEmail('email', event)} className="space-y-3">
          <label className="block text-sm font-medium text-slate-800">
            E-mail address
            <input name="email" type="email" required autoComplete="email" className={INPUT} />
          </label>
          <button type="submit" className={PRIMARY} disabled={busy}>
            E-mail me a sign-in link
          </button>
        </form>
      )}
      {methods.local && (
        <form
          onSubmit={(event) => submitEmail('local', event)}
          aria-labelledby="local-signin-heading"
          className="space-y-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4"
        >
          <h2 id="local-signin-heading" className="font-semibold text-amber-950">
            Local sign-in (this machine only)
          </h2>
          <p className="text-sm text-amber-950">
            Anyone who can reach this service signs in with any e-mail address, no password and no e-mail. It is on for
            the embedded database (or with AUTH_LOCAL_SIGNIN=true) and meant for your own machine; production services
            turn it off.
          </p>
          <label className="block text-sm font-medium text-slate-800">
            E-mail address
            <input
              name="email"
              type="email"
              required
              autoComplete="email"
              defaultValue="you@example.com"
              className={INPUT}
            />
          </label>
          <button type="submit" className={PRIMARY} disabled={busy}>
            Sign in locally
          </button>
        </form>
      )}
    </div>
  );
}
