export const metadata = { title: 'Check your e-mail' };

/** Where next-auth sends the browser after mailing a sign-in link. */
export default function CheckEmailPage() {
  return (
    <section aria-labelledby="check-heading" className="mx-auto max-w-md">
      <h1 id="check-heading" className="text-3xl font-bold tracking-tight">
        Check your e-mail
      </h1>
      <p className="mt-3 text-slate-700">
        We sent you a sign-in link. It works once and expires in 24 hours. You can close this tab.
      </p>
    </section>
  );
}
