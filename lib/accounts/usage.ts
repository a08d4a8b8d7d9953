import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

export const USAGE_PRODUCTS = ['post_summary', 'stock_picks', 'research_brief'] as const;
export type UsageProduct = (typeof USAGE_PRODUCTS)[number];

/** How a paid request was paid for: by API key, or by session token from the allowance or from credits. */
export type PaidWith = 'api_key' | 'allowance' | 'credits';

export interface UsageRow {
  id: string;
  createdAt: string;
  httpMethod: string;
  resource: string;
  product: UsageProduct | null;
  protocol: string;
  paidWith: PaidWith;
  amountCents: number;
  delivered: boolean;
  /** The post a summary was bought for; null for stock picks (which draw on several). */
  post: { publicationSlug: string; postSlug: string; title: string } | null;
  /** How many source articles the request paid (one sale each). */
  articles: number;
}

export interface UsageFilter {
  product?: UsageProduct;
  paidWith?: PaidWith;
  /** Whole days back from now (1-366). */
  days?: number;
}

const PAID_WITH_SQL = `case when p.api_key_id is not null then 'api_key'
                           when p.spend_source = 'sponsored' then 'allowance' else 'credits' end`;

function filterSql(filter: UsageFilter, firstParam: number): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.product) {
    params.push(filter.product);
    clauses.push(
      `exists (select 1 from sales s where s.payment_id = p.id and s.product = $${firstParam + params.length - 1})`,
    );
  }
  if (filter.paidWith) {
    params.push(filter.paidWith);
    clauses.push(`${PAID_WITH_SQL} = $${firstParam + params.length - 1}`);
  }
  if (filter.days) {
    params.push(filter.days);
    clauses.push(`p.created_at > now() - make_interval(days => $${firstParam + params.length - 1})`);
  }
  return { sql: clauses.map((c) => ` and ${c}`).join(''), params };
}

/** One page of a user's paid requests, newest first, with the total count for paging. Only this user's rows. */
export async function listUsage(
  db: Queryable,
  userId: string,
  filter: UsageFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: UsageRow[]; total: number }> {
  const where = filterSql(filter, 2);
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from payments p where p.user_id = $1${where.sql}`,
    [userId, ...where.params],
  );
  const limitParam = 2 + where.params.length;
  const rows = await db.query<
    Pick<
      TableRow<'payments'>,
      'id' | 'created_at' | 'http_method' | 'resource' | 'protocol' | 'amount_cents' | 'delivered'
    > & {
      paid_with: PaidWith;
      product: UsageProduct | null;
      articles: number;
      publication_slug: string | null;
      post_slug: string | null;
      title: string | null;
    }
  >(
    `select p.id, p.created_at, p.http_method, p.resource, p.protocol, ${PAID_WITH_SQL} as paid_with, p.amount_cents,
            p.delivered, s.product, s.articles, pu.slug as publication_slug, po.slug as post_slug, po.title
       from payments p
       left join lateral (
         select min(product) as product, count(*)::int as articles,
                case when count(*) = 1 and min(product) = 'post_summary' then (array_agg(post_id))[1] end as post_id
           from sales where payment_id = p.id
       ) s on true
       left join posts po on po.id = s.post_id
       left join publications pu on pu.id = po.publication_id
      where p.user_id = $1${where.sql}
      order by p.created_at desc, p.id
      limit $${limitParam} offset $${limitParam + 1}`,
    [userId, ...where.params, page.limit, page.offset],
  );
  return {
    total: Number(count?.total ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      httpMethod: r.http_method,
      resource: r.resource,
      product: r.product,
      protocol: r.protocol,
      paidWith: r.paid_with,
      amountCents: Number(r.amount_cents),
      delivered: r.delivered,
      post:
        r.publication_slug && r.post_slug && r.title !== null
          ? { publicationSlug: r.publication_slug, postSlug: r.post_slug, title: r.title }
          : null,
      articles: Number(r.articles ?? 0),
    })),
  };
}

export interface DailySpend {
  day: string;
  paidWith: PaidWith;
  cents: number;
}

/** A user's spending per UTC day and way of paying over the last `days` days (days without spending are absent). */
export async function spendByDay(db: Queryable, userId: string, days: number): Promise<DailySpend[]> {
  const rows = await db.query<{ day: string; paid_with: PaidWith; cents: number }>(
    `select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${PAID_WITH_SQL} as paid_with,
            sum(p.amount_cents)::int as cents
       from payments p
      where p.user_id = $1 and p.delivered and p.created_at > now() - make_interval(days => $2)
      group by 1, 2 order by 1, 2`,
    [userId, days],
  );
  return rows.map((r) => ({ day: r.day, paidWith: r.paid_with, cents: Number(r.cents) }));
}
