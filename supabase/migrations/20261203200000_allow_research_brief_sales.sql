-- Research briefs (POST /api/v1/briefs) are sold per source article, as stock picks are: one sale per post read.
alter table sales drop constraint sales_product_check;
alter table sales add constraint sales_product_check
  check (product in ('post_summary', 'stock_picks', 'research_brief'));
