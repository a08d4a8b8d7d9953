import { CodeBlock } from './CodeBlock';

/** The agent-facing quick start: discovery documents, one free call and one paid call answered by 402. */
export function ForAgents({
  origin,
  samplePost,
}: {
  origin: string;
  samplePost: { publication: string; post: string } | null;
}) {
  const postPath = samplePost
    ? `/api/v1/publications/${samplePost.publication}/${samplePost.post}`
    : '/api/v1/publications/{publicationSlug}/{postSlug}';
  const free = `curl -s ${origin}/api/v1/publications
# 200 {"publications":[{"slug":"…","title":"…","description":"…",
#       "siteUrl":"…","lastSyncedAt":"…"}, …]}`;
  const paid = `curl -i ${origin}${postPath}
# HTTP/1.1 402 Payment Required
# Content-Type: application/problem+json
# PAYMENT-REQUIRED: …   x402 v2: retry with PAYMENT-SIGNATURE
# WWW-Authenticate: Payment …   MPP: retry with Authorization: Payment …

# Or spend API-key credits instead of answering the challenge:
curl -s -H "Authorization: Bearer pk_svc_…" ${origin}${postPath}`;

  return (
    <section aria-labelledby="agents-heading" className="mt-16">
      <h2 id="agents-heading" className="text-2xl font-bold tracking-tight">
        For agents
      </h2>
      <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">
        Everything is described for machines:{' '}
        <a className="font-medium text-indigo-700 underline" href="/openapi.json">
          /openapi.json
        </a>{' '}
        (OpenAPI 3.1 with payment offers),{' '}
        <a className="font-medium text-indigo-700 underline" href="/.well-known/x402">
          /.well-known/x402
        </a>{' '}
        (paid resources) and{' '}
        <a className="font-medium text-indigo-700 underline" href="/llms.txt">
          /llms.txt
        </a>
        . Search results are candidates only: answer from fetched summaries. A 402 is not a failure: pay and retry the
        identical request. Every paid request is charged again.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <CodeBlock label="Free: list publications">{free}</CodeBlock>
        <CodeBlock label="Paid: a post summary, answered by a 402 challenge">{paid}</CodeBlock>
      </div>
    </section>
  );
}
