import { ERROR_CODES } from '@/lib/api/errors';
import { MCP_PATH, MCP_SERVER_CARD_PATH, mcpHostConfigs } from '@/lib/mcp/discovery';
import type { buildOpenApiDocument } from './document';
import { AGENT_GUIDANCE } from './guidance';
import { PRICE_RANGE_USD } from './payment-offers';

type Document = ReturnType<typeof buildOpenApiDocument>;

/** /llms.txt: the service explained to an agent in Markdown, its route list read from the OpenAPI document. */
export function buildLlmsTxt(document: Document, baseUrl: string): string {
  const routes: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!operation || typeof operation !== 'object' || !('operationId' in operation)) continue;
      const paid = 'x-payment-info' in operation ? ' (paid)' : ' (free)';
      routes.push(
        `- \`${method.toUpperCase()} ${path}\`${paid}: ${String(operation.summary ?? operation.operationId)}`,
      );
    }
  }
  return `# Financial Publications Research API

> Search premium financial newsletters and podcasts (Substack, Beehiiv, Ghost, RSS/Atom blogs, podcasts, e-mail newsletters) for free, then buy what you need: a post's AI-synthesized summary, or the daily list of stock picks extracted from posts. Every paid request is charged again; nothing is unlocked permanently.

Base URL: ${baseUrl}
OpenAPI 3.1 (authoritative, with schemas and payment offers): ${baseUrl}/openapi.json
Paid resources for x402 indexers: ${baseUrl}/.well-known/x402
Human API reference: ${baseUrl}/docs

## Routes
${routes.join('\n')}

## MCP
The same operations are MCP tools at ${baseUrl}${MCP_PATH} (Streamable HTTP, stateless; server card: ${baseUrl}${MCP_SERVER_CARD_PATH}): \`search_posts\`, \`list_publications\`, \`search_publications\`, \`get_publication\`, \`get_ticker\`, \`get_track_record\` (free), \`get_post_summary\`, \`get_stock_picks\` and \`get_research_brief\` (paid per call), \`get_balance\` and \`get_ledger\` (free, on the connection's credential), \`create_watch\`, \`list_watches\`, \`get_watch\` and \`delete_watch\` (free, on the connection's credential). Send an API key or session token as the connection's \`Authorization\` header, or answer an unpaid call's error result: it carries x402's PaymentRequired (retry with \`_meta["x402/payment"]\`) and MPP challenges in \`_meta["org.paymentauth/payment-required"]\` (retry with \`_meta["org.paymentauth/credential"]\`). Tool errors carry the same \`code\` as the REST API.

\`\`\`json
${mcpHostConfigs(baseUrl).json}
\`\`\`

## How to use it
1. Find posts: \`GET /api/v1/search?q=nvidia+earnings+this+week\` or browse \`GET /api/v1/publications\` and \`GET /api/v1/publications/{publicationSlug}?limit=5\`. A pasted site URL works as a publication slug.
2. Choose which posts are worth buying. Search items carry \`priceCents\` when a post has a stored price; otherwise the default post price applies.
3. Buy: \`GET /api/v1/publications/{publicationSlug}/{postSlug}\`. Without a credential you get 402 with two challenges: x402 v2 in \`PAYMENT-REQUIRED\` (answer with \`PAYMENT-SIGNATURE\`) and MPP in \`WWW-Authenticate: Payment\` (answer with \`Authorization: Payment\`). x402 offers the \`exact\` scheme (one transfer per request) and, listed after it where its escrow is on chain, \`batch-settlement\` (one deposit into the escrow, then a cumulative voucher per request, claimed on chain in batches; for many calls, then close with the client's refund to get the unspent deposit back). MPP offers \`tempo.charge\` (one transfer per request) and, after it where its escrow is on chain, \`tempo.session\` (a channel opened once, a voucher per request, closed to get the rest back). With an API key (\`Authorization: Bearer pk_svc_...\`) purchased credits are spent instead; a signed-in user's session token (\`st_...\`) spends the weekly allowance first. A person creates both, and buys credits, at ${baseUrl}/account after signing in.
4. Answer from the fetched \`synthesizedSummary\`, citing Title - Publication, date - URL.

### A ticker
- Free: \`GET /api/v1/tickers/NVDA\` (or \`?limit=20\`): the company, how many posts mentioned it and how many calls they made on it (by direction and action) in the last 7, 30 and 90 days, the publications that called it, its past calls with their outcomes (\`pastCalls\`: publication, post \`publishedAt\`, \`entryDate\`, direction, returns after 1, 5, 30 and 90 trading days and to date with the excess over SPY, as in the track record below; \`?callLimit=50\`), and its newest posts as search items (candidates to buy). A malformed ticker is 400, one nobody knows 404.
- Paid: \`GET /api/v1/stock-picks?ticker=NVDA&days=30\`: the calls themselves over the last 30 UTC days (\`days\` 1-90; not with \`date\`), priced per distinct source article like any stock picks.

### A publication's track record
- Free: \`GET /api/v1/publications/{publicationSlug}/track-record\` (or \`?limit=20\` calls): what its past stock and ETF calls returned after 1, 5, 30 and 90 trading days and to date, against SPY over the same days, the excess signed by the call's direction (a short gains when the price falls). Each call enters at the first close after its post (never an earlier one); exits and trims close the publication's earlier calls. Per horizon: \`scoredCalls\`, hit rate (null under 10 calls, with a note), mean and median excess; \`calls[]\` with \`publishedAt\`, \`entryDate\` and returns; calls on tickers without prices are counted \`unpriced\`. \`pricesSource\` is null (with \`pricesNote\`) when no price provider is configured: then there are no figures. Fractions (0.05 is 5%), as of \`pricesAsOf\`. Past results are not advice.
- Beside picks: add \`include=publicationRecord\` to \`GET /api/v1/publications/{publicationSlug}\` or \`GET /api/v1/stock-picks\` (same price) for \`publicationRecord\`, the record's headline (calls scored, hit rate or null with \`hitRateNote\`, mean excess at 30 trading days, \`pricesAsOf\`) on the detail and on every pick. Without it the bodies are exactly the default shapes; the MCP tools keep the default shapes (use \`get_track_record\`).

### A research brief (an answer, with citations)
- \`POST /api/v1/briefs\` with JSON \`{"question": "What are newsletters saying about regional bank credit?", "window": "this month", "publications": ["netinterestnotes.com"], "maxSources": 5}\` (only \`question\` is required; \`maxSources\` 1-10, default 5). Topic search picks the sources (its ranking, time phrases and publication filter), and the answer is written from them: each line of \`answer\` is a claim ending with its sources (\`[1][3]\`), and each of \`sources\` carries, per claim, an \`evidenceQuote\` found verbatim in that post. The price is per source article; the 402 names the sources and the price, and the paid retry (same body) gets exactly those sources, or a fresh 402 if search now picks others. No matching post, or none that answers: 404 \`no_sources\`, never challenged or charged.

### Your own money (API key or session token)
- \`GET /api/v1/account\` with \`Authorization: Bearer <API key or session token>\`: purchased credits left, a key's spend cap and its spending, which balances the credential spends, what it reads (\`scopes\`), and \`spendableCents\`, what it can spend now. Check it before a run of paid calls. This week's allowance (limit, left, \`resetsAt\`) is shown to a session token and to a key with the \`account:read\` scope; otherwise \`allowance\` is null.
- \`GET /api/v1/account/ledger?limit=20\`: debits, refunds, purchases and grants, newest first, each debit with its product, resource path, a summary's title and the paid answer's \`requestId\` (its \`X-Request-Id\`); page with \`cursor=<nextCursor>\`. An API key sees only its own debits and refunds unless it was created with \`account:read\`; a session token sees the whole account. Both answer 401 without a valid credential, never 402.

### Watches (push instead of polling; free)
- \`POST /api/v1/watches\` with \`Authorization: Bearer <API key or session token>\` and JSON \`{"kind": "ticker", "ticker": "NVDA", "events": ["call"], "webhookUrl": "https://you.example.com/hook"}\` (or \`{"kind": "query", "query": "regional bank credit", "minConfidence": "strong"}\`, or \`{"kind": "publication", "publicationSlug": "netinterestnotes.com"}\`). 201 with the watch, its webhook signing \`secret\` (\`whsec_…\`) and its \`feedUrl\`, both shown once. At most 100 watches an account.
- Each new post that matches (once per post; a call extracted from it once per distinct call) is an event: the post's metadata, why it matched and, for a call, ticker, direction and action, with the paid URLs (\`summaryUrl\`, \`stockPicksUrl\`) that sell the rest. It is POSTed to \`webhookUrl\` signed per Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`: verify with the secret; answer 2xx), retried for a day, and listed in the watch's feed (\`GET /api/v1/watches/{id}/feed?format=json|atom&token=<feedToken>\`).
- \`GET /api/v1/watches\`, \`GET /api/v1/watches/{id}\` (its newest events with delivery status and last response code), \`DELETE /api/v1/watches/{id}\`.

## Rules
${AGENT_GUIDANCE.map((line) => `- ${line}`).join('\n')}

## Status codes
- 200: read the summary or picks; \`paymentInfo\` (posts) or the \`X-Payment-Amount-Usd\` header (stock picks) says what was charged.
- 400: fix the parameters (\`issues\` is keyed by parameter name). Never charged.
- 401: the API key is invalid or revoked.
- 402: pay and retry the identical request.
- 403: purchased credits (or the weekly allowance) are too low: top up at ${baseUrl}/account/credits.
- 404: publication, post, ticker or picks not found, or (\`no_sources\`) no post answers a brief's question. Do not pay; never charged.
- 405: the route does not take this method (\`Allow\` lists those it does; POST /api/v1/briefs takes only POST).
- 429 \`rate_limited\`: too many requests from this client; retry after \`Retry-After\` seconds. Never charged.
- 503 \`summary_not_ready\`: retry after \`Retry-After\` seconds. Never charged.
- 503 \`service_busy\`: overloaded, or search still loading its index after a start (a query matching many posts waits for it); retry after \`Retry-After\` seconds. Never charged.
- 503 \`query_too_broad\` (search, on a deployment that ranks without an index in memory): the query matches too many posts to rank exactly; no \`Retry-After\`, retrying answers the same: use rarer, more specific words. Never charged.

## Rate limits
Limits count requests per window (a minute by default; \`RateLimit-Policy\` names it), shared by every instance of the service: free routes per client IP; unpaid requests to paid routes (402 challenges) per IP; paid requests per API key or session token (wallet payments per IP); requests for a summary that is not generated yet per IP. Every limited answer carries the IETF \`RateLimit\` field (\`"<policy>";r=<remaining>;t=<seconds to reset>\`) and \`RateLimit-Policy\` (\`"<policy>";q=<quota>;w=<window seconds>\`); a 429 adds \`Retry-After\`. A buyer with an API key is never limited by other clients' traffic.

## Error codes
Every JSON error body is \`{error, code}\` (plus \`issues\` on 400, \`requestId\` on 500); branch on \`code\`:
${errorCodeLines()}

## Prices
Each paid request costs between ${PRICE_RANGE_USD.min} and ${PRICE_RANGE_USD.max} USD: a post's stored price or the default post price; stock picks cost a per-article price times the number of distinct source articles returned; a research brief costs the same per-article price times the sources it reads. The 402 challenge carries the exact amount.
`;
}

function errorCodeLines(): string {
  return Object.entries(ERROR_CODES)
    .filter(([code]) => code !== 'invalid_command')
    .map(([code, { status, meaning }]) => `- \`${code}\` (${status}): ${meaning}`)
    .join('\n');
}
