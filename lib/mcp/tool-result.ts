import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Mcp } from 'mppx';
import { SEARCH_INDEX_PENDING_HEADER } from '@/lib/api/routes/search-by-topic';
import { paymentRequiredParts, paymentResultMeta } from './payment-meta';

type Body = Record<string, unknown>;

/**
 * A route's answer as an MCP tool result. Success: `structuredContent` is the REST body itself (so the tool's output
 * schema is the route's response contract) with a short text rendering, and any payment receipt in `_meta`. A 402:
 * an error result carrying both wallet protocols' challenges (a JSON-RPC error would be dropped by many hosts before
 * the model saw the price). Any other failure: an error result whose structuredContent is the API's `{error, code}`.
 */
export async function toolResultFromResponse(
  response: Response,
  render: (body: Body) => string,
  mppChallengeId?: string,
): Promise<CallToolResult> {
  const body = ((await response.json().catch(() => null)) ?? {}) as Body;
  if (response.ok) {
    const meta = { ...paymentResultMeta(response, mppChallengeId), ...searchIndexMeta(response) };
    return {
      structuredContent: body,
      content: [{ type: 'text', text: render(body) }],
      ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}),
    };
  }
  if (response.status === 402) {
    const { x402, mpp } = paymentRequiredParts(response, body);
    const message = typeof body.detail === 'string' ? body.detail : 'Payment required.';
    return {
      isError: true,
      structuredContent: (x402 as Body | null) ?? body,
      content: [
        { type: 'text', text: x402 ? JSON.stringify({ 'x402/error': { code: 402, message, data: x402 } }) : message },
      ],
      ...(mpp ? { _meta: { [Mcp.paymentRequiredMetaKey]: mpp } } : {}),
    };
  }
  const retryAfter = response.headers.get('retry-after');
  const code = typeof body.code === 'string' ? body.code : 'internal_error';
  const error = typeof body.error === 'string' ? body.error : 'The request failed.';
  return {
    isError: true,
    structuredContent: { ...body, code, error, ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) },
    content: [{ type: 'text', text: `${code}: ${error}${retryAfter ? ` Retry after ${retryAfter} s.` : ''}` }],
  };
}

/** Our note that posts still wait for search indexing (the search answer's header; its body is the spec's). */
export const SEARCH_INDEX_META = 'finpub/search-index';

function searchIndexMeta(response: Response): Record<string, unknown> {
  const pending = Number(response.headers.get(SEARCH_INDEX_PENDING_HEADER));
  return pending > 0 ? { [SEARCH_INDEX_META]: { pendingPosts: pending } } : {};
}
