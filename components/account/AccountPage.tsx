import type { ReactNode } from 'react';
import { AccountNav } from './AccountNav';
import { SignOutButton } from './SignOutButton';

/** The frame of every account page: who is signed in, the sections, then the page itself. */
export function AccountPage({
  title,
  path,
  email,
  children,
}: {
  title: string;
  path: string;
  email: string;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="flex items-center gap-3 text-sm text-slate-700">
          <span>
            Signed in as <strong className="font-semibold text-slate-900">{email}</strong>
          </span>
          <SignOutButton />
        </p>
      </div>
      <AccountNav current={path} />
      <div className="mt-8 space-y-10">{children}</div>
    </div>
  );
}

/** A titled section of an account page. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
