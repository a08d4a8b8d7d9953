import type { Queryable } from '@/lib/db/types';

/** Whose sales a reader may see: every publication (operators), or those they are a member of (publishers). */
export type SalesScope = { kind: 'all' } | { kind: 'member'; userId: string };

export interface PublicationSales {
  slug: string;
  name: string;
  sales: number;
  shareCents: number;
}

export interface DailySales {
  day: string;
  slug: string;
  sales: number;
  shareCents: number;
}

export interface PostSales {
  publicationSlug: string;
  title: string;
  summarySales: number;
  pickSales: number;
  shareCents: number;
}

export interface SalesReport {
  publications: PublicationSales[];
  days: DailySales[];
  topPosts: PostSales[];
}

function scopeSql(scope: SalesScope, param: number): { sql: string; params: unknown[] } {
  if (scope.kind === 'all') return { sql: '', params: [] };
  return {
    sql: ` and s.publication_id in (select publication_id from publication_members where user_id = $${param})`,
    params: [scope.userId],
  };
}

/**
 * Sales over the last `days` days: one sale per attributed source article (a summary sells its post; stock picks sell
 * each article they drew on), totalled per publication, per publication and day, and for the best-selling posts.
 */
export async function salesReport(db: Queryable, scope: SalesScope, days: number): Promise<SalesReport> {
  const where = scopeSql(scope, 2);
  const base = `from sales s where s.created_at > now() - make_interval(days => $1)${where.sql}`;
  const params = [days, ...where.params];
  const [publications, daily, posts] = await Promise.all([
    db.query<{ slug: string; name: string; sales: number; share_cents: number }>(
      `select p.slug, coalesce(p.title, p.slug) as name, t.sales, t.share_cents from (
         select s.publication_id, count(*)::int as sales, sum(s.share_cents)::int as share_cents ${base}
          group by s.publication_id
       ) t join publications p on p.id = t.publication_id
       order by t.share_cents desc, p.slug`,
      params,
    ),
    db.query<{ day: string; slug: string; sales: number; share_cents: number }>(
      `select t.day, p.slug, t.sales, t.share_cents from (
         select to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, s.publication_id,
                count(*)::int as sales, sum(s.share_cents)::int as share_cents ${base}
          group by 1, 2
       ) t join publications p on p.id = t.publication_id
       order by t.day desc, t.share_cents desc, p.slug`,
      params,
    ),
    db.query<{ slug: string; title: string; summary_sales: number; pick_sales: number; share_cents: number }>(
      `select p.slug, po.title, t.summary_sales, t.pick_sales, t.share_cents from (
         select s.post_id, count(*) filter (where s.product = 'post_summary')::int as summary_sales,
                count(*) filter (where s.product = 'stock_picks')::int as pick_sales,
                sum(s.share_cents)::int as share_cents ${base}
          group by s.post_id
          order by share_cents desc, s.post_id limit 20
       ) t join posts po on po.id = t.post_id join publications p on p.id = po.publication_id
       order by t.share_cents desc, po.title`,
      params,
    ),
  ]);
  return {
    publications: publications.map((r) => ({
      slug: r.slug,
      name: r.name,
      sales: Number(r.sales),
      shareCents: Number(r.share_cents),
    })),
    days: daily.map((r) => ({ day: r.day, slug: r.slug, sales: Number(r.sales), shareCents: Number(r.share_cents) })),
    topPosts: posts.map((r) => ({
      publicationSlug: r.slug,
      title: r.title,
      summarySales: Number(r.summary_sales),
      pickSales: Number(r.pick_sales),
      shareCents: Number(r.share_cents),
    })),
  };
}

/** Whether this user publishes any publication (and so has a sales page of their own). */
export async function isPublicationMember(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query(`select 1 from publication_members where user_id = $1 limit 1`, [userId]);
  return row !== undefined;
}
