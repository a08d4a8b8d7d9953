import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/** What a ledger line paid for or came from, as the credits page names it. */
export type LedgerItem =
  | { type: 'summary'; title: string; publicationSlug: string; postSlug: string }
  | { type: 'stock_picks'; day: string | null }
  | { type: 'credit_pack' }
  | { type: 'operator_grant' }
  | { type: 'reversal' }
  | { type: 'other'; description: string | null };

export interface LedgerLine {
  id: number;
  kind: 'grant' | 'purchase' | 'debit' | 'refund' | 'reversal';
  source: 'purchased' | 'sponsored';
  deltaCents: number;
  /** This source's balance right after the line: purchased credits, or what was left of that week's allowance. */
  balanceAfterCents: number;
  createdAt: string;
  item: LedgerItem;
  /** What a paid request's line (or its refund) bought: the product, the resource path and the paid answer's id. */
  product: string | null;
  resource: string | null;
  protocol: string | null;
  requestId: string | null;
  apiKeyId: string | null;
}

export interface LedgerQuery {
  /** One of the two ledgers; both, interleaved, when absent. */
  source?: 'purchased' | 'sponsored';
  /** Only lines older than this one (a page's cursor). */
  beforeId?: number;
  /** Only this API key's debits and their refunds (a refund is the key's through the debit it gives back). */
  apiKeyId?: string;
  limit: number;
}

type Row = Pick<
  TableRow<'credit_ledger'>,
  'id' | 'delta_cents' | 'balance_after_cents' | 'created_at' | 'description' | 'api_key_id'
> & {
  kind: LedgerLine['kind'];
  source: LedgerLine['source'];
  resource: string | null;
  protocol: string | null;
  request_id: string | null;
  product: string | null;
  post_title: string | null;
  post_slug: string | null;
  publication_slug: string | null;
  picks_day: string | null;
};

/**
 * The newest lines of one of a user's two ledgers (purchased credits, or the weekly allowance), each with what it
 * bought: a paid request's line is matched to its payment (the payment's key is the line's key; a refund's key is
 * the debit's plus ":refund"), and through its sales to the post a summary was of; a line without a payment (its
 * answer failed before it was recorded) by the route in its description. Only this user's lines, newest first.
 */
export async function listLedger(db: Queryable, userId: string, query: LedgerQuery): Promise<LedgerLine[]> {
  const rows = await db.query<Row>(
    `select l.id, l.kind, l.source, l.delta_cents, l.balance_after_cents, l.created_at,
            coalesce(l.api_key_id, d.api_key_id) as api_key_id, p.protocol, p.request_id,
            -- A debit's description is "<product> <resource>": the resource of one whose payment was never recorded.
            case when l.kind in ('debit', 'refund')
                 then coalesce(p.resource, substring(coalesce(d.description, l.description) from '^[a-z_]+ (/\\S+)$'))
            end as resource,
            coalesce(d.description, l.description) as description,
            coalesce(s.product, split_part(coalesce(d.description, l.description), ' ', 1)) as product,
            coalesce(po.title, po2.title) as post_title, coalesce(po.slug, po2.slug) as post_slug,
            coalesce(pu.slug, pu2.slug) as publication_slug,
            substring(coalesce(p.resource, d.description, l.description) from 'date=([0-9]{4}-[0-9]{2}-[0-9]{2})')
              as picks_day
       from credit_ledger l
       left join credit_ledger d
         on l.kind = 'refund' and d.user_id = l.user_id and d.kind = 'debit'
        and d.ledger_key = left(l.ledger_key, length(l.ledger_key) - length(':refund'))
       left join payments p
         on l.kind in ('debit', 'refund') and p.user_id = l.user_id and p.unique_key = coalesce(d.ledger_key, l.ledger_key)
       left join lateral (
         select min(product) as product,
                case when count(*) = 1 and min(product) = 'post_summary' then (array_agg(post_id))[1] end as post_id
           from sales where payment_id = p.id
       ) s on true
       left join posts po on po.id = s.post_id
       left join publications pu on pu.id = po.publication_id
       -- A line whose payment was never recorded (its answer failed, the debit was refunded) names its route.
       left join publications pu2
         on p.id is null and pu2.slug = substring(coalesce(d.description, l.description)
                                                   from '^post_summary /api/v1/publications/([^/]+)/[^/?]+$')
       left join posts po2
         on po2.publication_id = pu2.id and po2.slug = substring(coalesce(d.description, l.description)
                                                                  from '^post_summary /api/v1/publications/[^/]+/([^/?]+)$')
      where l.user_id = $1 and ($2::text is null or l.source = $2) and ($3::bigint is null or l.id < $3)
        and ($5::uuid is null or coalesce(l.api_key_id, d.api_key_id) = $5::uuid)
      order by l.id desc
      limit $4`,
    [userId, query.source ?? null, query.beforeId ?? null, query.limit, query.apiKeyId ?? null],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    source: r.source,
    deltaCents: Number(r.delta_cents),
    balanceAfterCents: Number(r.balance_after_cents),
    createdAt: r.created_at.toISOString(),
    item: itemOf(r),
    product: r.kind === 'debit' || r.kind === 'refund' ? r.product : null,
    resource: r.resource,
    protocol: r.protocol,
    requestId: r.request_id,
    apiKeyId: r.api_key_id,
  }));
}

function itemOf(row: Row): LedgerItem {
  if (row.kind === 'purchase') return { type: 'credit_pack' };
  if (row.kind === 'reversal') return { type: 'reversal' };
  if (row.kind === 'grant') return { type: 'operator_grant' };
  if (row.post_title !== null && row.post_slug !== null && row.publication_slug !== null) {
    return { type: 'summary', title: row.post_title, publicationSlug: row.publication_slug, postSlug: row.post_slug };
  }
  if (row.product === 'stock_picks') return { type: 'stock_picks', day: row.picks_day };
  return { type: 'other', description: row.description };
}
