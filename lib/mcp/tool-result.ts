import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Mcp } from 'mppx';
import { SEARCH_INDEX_PENDING_HEADER } from '@/lib/api/routes/search-by-topic';
import { CHANNEL_ACTION_HEADER } from '@/lib/payments/outcome';
import { paymentRequiredParts, paymentResultMeta } from './payment-meta';

type Body = Record<string, unknown>;

/**
 * A route's answer as an MCP tool result. Success: `structuredContent` is the REST body itself (so the tool's output
 * schema is the route's response contract) with a short text rendering, and any payment receipt in `_meta`.
 *
 * Every error result has no `structuredContent`: MCP requires structured results to match the tool's output schema,
 * and the official TypeScript client enforces it on error results too (`callTool` throws -32602 on a mismatch), so a
 * payment requirement or an error body there would never reach the agent. What the agent needs is where each
 * protocol puts it instead:
 * - a 402: x402's PaymentRequired in `content[0].text` as `{"x402/error": {code: 402, message, data}}` (the x402 MCP
 *   transport's required place; a client reads it when structuredContent has none), and MPP's challenges in
 *   `_meta["org.paymentauth/payment-required"]` (where mppx's MCP client looks);
 * - any other failure: the API's `{error, code}` (and `retryAfterSeconds`) as JSON after a readable first line.
 *
 * A payment-channel action (a credential that closes or tops up an MPP session, or asks for an x402 batch-settlement
 * refund) sells nothing, so it has no tool output either: an error result `payment_channel_<action>` that says so,
 * with the receipt or settlement in `_meta` where each protocol's client reads it.
 */
export async function toolResultFromResponse(
  response: Response,
  render: (body: Body) => string,
  mppChallengeId?: string,
): Promise<CallToolResult> {
  const body = ((await response.json().catch(() => null)) ?? {}) as Body;
  const channelAction = response.ok ? response.headers.get(CHANNEL_ACTION_HEADER) : null;
  if (channelAction) {
    const message =
      typeof body.message === 'string' ? body.message : (CHANNEL_ACTION_MESSAGES[channelAction] ?? 'Done');
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `payment_channel_${channelAction === 'topUp' ? 'top_up' : channelAction}: ${message}. This call sold nothing; call the tool again to buy.\n${JSON.stringify(body)}`,
        },
      ],
      _meta: paymentResultMeta(response, mppChallengeId),
    };
  }
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
      content: [
        { type: 'text', text: x402 ? JSON.stringify({ 'x402/error': { code: 402, message, data: x402 } }) : message },
      ],
      ...(mpp ? { _meta: { [Mcp.paymentRequiredMetaKey]: mpp } } : {}),
    };
  }
  const retryAfter = response.headers.get('retry-after');
  const code = typeof body.code === 'string' ? body.code : 'internal_error';
  const error = typeof body.error === 'string' ? body.error : 'The request failed.';
  const detail = { ...body, code, error, ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) };
  return {
    isError: true,
    content: [
      {
        type: 'text',
        text: `${code}: ${error}${retryAfter ? ` Retry after ${retryAfter} s.` : ''}\n${JSON.stringify(detail)}`,
      },
    ],
  };
}

const CHANNEL_ACTION_MESSAGES: Record<string, string> = {
  close: 'Channel closed',
  topUp: 'Top-up accepted',
  refund: 'Refund acknowledged',
};

/** Our note that posts still wait for search indexing (the search answer's header; its body is the spec's). */
export const SEARCH_INDEX_META = 'finpub/search-index';

function searchIndexMeta(response: Response): Record<string, unknown> {
  const pending = Number(response.headers.get(SEARCH_INDEX_PENDING_HEADER));
  return pending > 0 ? { [SEARCH_INDEX_META]: { pendingPosts: pending } } : {};
}
