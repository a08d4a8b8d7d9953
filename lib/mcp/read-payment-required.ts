import type { PaymentRequired } from '@x402/core/types';

interface ToolResultLike {
  structuredContent?: unknown;
  content?: Array<{ type: string; text?: string }>;
}

const isPaymentRequired = (value: unknown): value is PaymentRequired =>
  typeof value === 'object' &&
  value !== null &&
  'x402Version' in value &&
  Array.isArray((value as PaymentRequired).accepts);

/**
 * The x402 PaymentRequired of an unpaid tool result, looked up where the x402 MCP transport tells clients to, in its
 * order: structuredContent itself, structuredContent["x402/error"].data, then content[0].text as JSON (either form).
 * Our server uses the text (lib/mcp/tool-result.ts); the others are read so any x402 MCP server can be paid.
 */
export function readPaymentRequired(result: ToolResultLike): PaymentRequired | null {
  const structured = result.structuredContent as Record<string, unknown> | undefined;
  if (isPaymentRequired(structured)) return structured;
  const wrapped = (structured?.['x402/error'] as { data?: unknown } | undefined)?.data;
  if (isPaymentRequired(wrapped)) return wrapped;
  const text = result.content?.[0]?.type === 'text' ? result.content[0].text : undefined;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (isPaymentRequired(parsed)) return parsed;
    const data = (parsed['x402/error'] as { data?: unknown } | undefined)?.data;
    return isPaymentRequired(data) ? data : null;
  } catch {
    return null;
  }
}
