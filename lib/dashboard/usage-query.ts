import { z } from 'zod';
import { USAGE_PRODUCTS, type UsageFilter } from '@/lib/accounts/usage';

export const USAGE_PAGE_SIZE = 25;

// Unknown or malformed filter values are dropped (the page then shows everything) rather than refused.
const UsageQuery = z.object({
  product: z.enum(USAGE_PRODUCTS).optional().catch(undefined),
  paidWith: z.enum(['api_key', 'allowance', 'credits']).optional().catch(undefined),
  days: z.coerce.number().int().min(1).max(366).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

/** The usage page's and the CSV export's filters, from a query string. */
export function parseUsageQuery(params: Record<string, string | string[] | undefined>): UsageFilter & {
  page: number;
} {
  const single = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  return UsageQuery.parse(single);
}
