import type { z } from 'zod';
import { USAGE_PRODUCTS, type UsageProduct } from '@/lib/accounts/usage';
import { LEDGER_DEFAULT_LIMIT, type Ledger } from '@/lib/api/contracts/account';
import { invalidInput } from '@/lib/api/errors';
import { listLedger } from '@/lib/credits/list-ledger';
import type { Queryable } from '@/lib/db/types';
import { centsToUsd } from '@/lib/payments/pricing';
import { type BearerIdentity, readsWholeAccount } from './identify-bearer';

/**
 * GET /api/v1/account/ledger: one page of the account's ledger, both balances interleaved, newest first; for an API
 * key that may read only its own spending, its own debits and refunds. The cursor is the last entry's id, opaque to
 * clients: entry ids only grow, so a page never repeats or skips an entry however many are written while an agent
 * pages.
 */
export async function readLedger(
  db: Queryable,
  identity: BearerIdentity,
  page: { cursor?: string; limit?: number },
): Promise<z.input<typeof Ledger>> {
  const limit = page.limit ?? LEDGER_DEFAULT_LIMIT;
  const beforeId = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const apiKeyId = readsWholeAccount(identity) ? undefined : identity.id;
  // One more than the page, to know whether an older one exists.
  const lines = await listLedger(db, identity.userId, { apiKeyId, beforeId, limit: limit + 1 });
  const entries = lines.slice(0, limit).map((line) => ({
    id: String(line.id),
    createdAt: line.createdAt,
    kind: line.kind,
    amountCents: line.deltaCents,
    amountUsd: centsToUsd(line.deltaCents),
    spendSource: line.source,
    balanceAfterCents: line.balanceAfterCents,
    product: isProduct(line.product) ? line.product : null,
    resource: line.resource,
    title: line.item.type === 'summary' ? line.item.title : null,
    protocol: line.protocol === 'credits' ? ('credits' as const) : null,
    requestId: line.requestId,
    apiKeyId: line.apiKeyId,
  }));
  const last = entries.at(-1);
  return { entries, nextCursor: lines.length > limit && last ? encodeCursor(Number(last.id)) : null };
}

function encodeCursor(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const id = /^[A-Za-z0-9_-]{1,40}$/u.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  if (!/^[1-9]\d{0,15}$/u.test(id)) {
    throw invalidInput('query', { cursor: ["must be a previous page's nextCursor"] });
  }
  return Number(id);
}

function isProduct(value: string | null): value is UsageProduct {
  return (USAGE_PRODUCTS as readonly string[]).includes(value ?? '');
}
