const FEATURES = [
  {
    title: 'Free: search and browse',
    body: 'Topic search across every indexed post, the publication list, publication search by name, author or pasted URL, and each publication with its newest posts.',
  },
  {
    title: 'Paid: post summaries',
    body: 'An AI-synthesized summary of any post, newsletter article or podcast episode, generated on demand and charged per request.',
  },
  {
    title: 'Paid: daily stock picks',
    body: 'Ticker-level calls extracted from posts (long or short, action, conviction, evidence quote), priced per source article.',
  },
  {
    title: 'Pay per request',
    body: 'x402 v2 and MPP answer with an HTTP 402 challenge; API keys spend pre-purchased credits; a signed-in session may spend its weekly allowance first.',
  },
];

/** What the service offers, in four cards: one column on phones, two on tablets, four on wide screens. */
export function Features() {
  return (
    <section aria-labelledby="features-heading" className="mt-10">
      <h2 id="features-heading" className="sr-only">
        What the service offers
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{feature.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
