import type { Queryable } from '@/lib/db/types';

export interface RecordedPayment {
  id: string;
  protocol: string;
  amountCents: number;
  spendSource: string | null;
  network: string | null;
  payer: string | null;
  reference: string | null;
  email: string | null;
  httpMethod: string;
  resource: string;
  delivered: boolean;
  failure: string | null;
  createdAt: string;
  sales: Array<{ postId: string; publicationSlug: string; product: string; shareCents: number }>;
}

/** The newest payments with what each bought, for operators (and the tests that check every charge). */
export async function listRecentPayments(db: Queryable, limit: number): Promise<RecordedPayment[]> {
  const rows = await db.query<{
    id: string;
    protocol: string;
    amount_cents: number;
    spend_source: string | null;
    network: string | null;
    payer: string | null;
    reference: string | null;
    email: string | null;
    http_method: string;
    resource: string;
    delivered: boolean;
    failure: string | null;
    created_at: Date;
    sales: RecordedPayment['sales'];
  }>(
    `select p.id, p.protocol, p.amount_cents, p.spend_source, p.network, p.payer, p.reference, u.email, p.http_method,
            p.resource, p.delivered, p.failure, p.created_at,
            coalesce((select json_agg(json_build_object('postId', s.post_id, 'publicationSlug', pu.slug,
                                                        'product', s.product, 'shareCents', s.share_cents) order by s.created_at, s.post_id)
                        from sales s join publications pu on pu.id = s.publication_id
                       where s.payment_id = p.id), '[]'::json) as sales
       from payments p left join users u on u.id = p.user_id
      order by p.created_at desc, p.id
      limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    protocol: r.protocol,
    amountCents: Number(r.amount_cents),
    spendSource: r.spend_source,
    network: r.network,
    payer: r.payer,
    reference: r.reference,
    email: r.email,
    httpMethod: r.http_method,
    resource: r.resource,
    delivered: r.delivered,
    failure: r.failure,
    createdAt: r.created_at.toISOString(),
    sales: r.sales,
  }));
}
