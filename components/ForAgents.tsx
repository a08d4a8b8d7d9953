import { MCP_PATH, MCP_SERVER_CARD_PATH, mcpHostConfigs } from '@/lib/mcp/discovery';
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

  const hosts = mcpHostConfigs(origin);
  const mcp = `# Claude Code
${hosts.claudeCode}

# Cursor, VS Code, Claude Desktop and other hosts (mcp.json)
${hosts.json}`;

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
      <p className="mt-6 max-w-3xl leading-relaxed text-slate-700">
        Agent hosts can use the same operations as MCP tools at{' '}
        <code className="rounded bg-slate-100 px-1 font-mono text-sm">{`${origin}${MCP_PATH}`}</code> (Streamable HTTP;
        the{' '}
        <a className="font-medium text-indigo-700 underline" href={MCP_SERVER_CARD_PATH}>
          server card
        </a>{' '}
        lists the tools and prices). Paid tools spend the key in the connection&apos;s header, or answer with x402 or
        MPP in the call&apos;s metadata.
      </p>
      <div className="mt-4">
        <CodeBlock label="MCP: add the server to your agent host">{mcp}</CodeBlock>
      </div>
    </section>
  );
}
