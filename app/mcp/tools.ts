import type { z } from 'zod';
import { GET as ledgerRoute } from '@/app/api/v1/account/ledger/route';
import { GET as accountRoute } from '@/app/api/v1/account/route';
import { POST as createBriefRoute } from '@/app/api/v1/briefs/route';
import { GET as getPaidPostRoute } from '@/app/api/v1/publications/[publicationSlug]/[postSlug]/route';
import { GET as getPublicationRoute } from '@/app/api/v1/publications/[publicationSlug]/route';
import { GET as getTrackRecordRoute } from '@/app/api/v1/publications/[publicationSlug]/track-record/route';
import { GET as listPublicationsRoute } from '@/app/api/v1/publications/route';
import { GET as searchPublicationsRoute } from '@/app/api/v1/publications/search/route';
import { GET as searchPostsRoute } from '@/app/api/v1/search/route';
import { GET as stockPicksRoute } from '@/app/api/v1/stock-picks/route';
import { GET as getTickerRoute } from '@/app/api/v1/tickers/[ticker]/route';
import { DELETE as deleteWatchHandler, GET as getWatchHandler } from '@/app/api/v1/watches/[id]/route';
import { POST as createWatchHandler, GET as listWatchesHandler } from '@/app/api/v1/watches/route';
import { Account, Ledger } from '@/lib/api/contracts/account';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { PaidPublicationPost, PublicStockPicksResponse } from '@/lib/api/contracts/paid';
import {
  PublicationDetail,
  PublicationListResponse,
  PublicationSearchResponse,
} from '@/lib/api/contracts/publications';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { TickerDetail } from '@/lib/api/contracts/tickers';
import { TrackRecord } from '@/lib/api/contracts/track-record';
import { CreatedWatch, DeletedWatch, WatchDetail, WatchList } from '@/lib/api/contracts/watches';
import type { RouteHandler } from '@/lib/api/in-process';
import type { RouteDefinition } from '@/lib/api/route';
import { getAccount, listAccountLedger } from '@/lib/api/routes/account';
import { createBrief } from '@/lib/api/routes/create-brief';
import { getPublication } from '@/lib/api/routes/get-publication';
import { getTicker } from '@/lib/api/routes/get-ticker';
import { getTrackRecord } from '@/lib/api/routes/get-track-record';
import { listPublications } from '@/lib/api/routes/list-publications';
import { listStockPicks } from '@/lib/api/routes/list-stock-picks';
import { getPublicationPostBySlug } from '@/lib/api/routes/publication-post';
import { searchByTopic } from '@/lib/api/routes/search-by-topic';
import { searchPublications } from '@/lib/api/routes/search-publications';
import { createWatchRoute, deleteWatchRoute, getWatchRoute, listWatchesRoute } from '@/lib/api/routes/watches';
import { toolInputFromContract, toQueryString } from '@/lib/mcp/tool-input';
import { centsToUsd } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';

type Body = Record<string, unknown>;

/** A paid tool's price in words and as the server card states it (within PRICE_RANGE_USD either way). */
export interface ToolPrice {
  text: string;
  card: Record<string, string>;
}
type Args = Record<string, unknown>;

/** One MCP tool: a /api/v1 route under a tool name, its inputs and output taken from that route's contract. */
export interface McpTool {
  name: string;
  title: string;
  route: RouteDefinition;
  handler: RouteHandler;
  /** What a call costs, for the description and the server card; null for a free tool. */
  price: ((prices: PaymentSetup['prices']) => ToolPrice) | null;
  /** A free tool that reads the account of the connection's Authorization credential (get_balance, get_ledger). */
  readsAccount?: true;
  /** A tool that changes the account's state (watches): not read-only; a delete is destructive. */
  writes?: 'create' | 'delete';
  output: z.ZodObject;
  /** The route path and query, and its path parameters, for these arguments; a POST route's JSON body too. */
  target(args: Args): { path: string; params?: Record<string, string>; body?: string; method?: 'DELETE' };
  /** A few lines for hosts that show only text. */
  render(body: Body): string;
  /**
   * Route parameters the tool does not take: `include=publicationRecord` changes the body's shape, and a tool has one
   * output schema (get_track_record serves the record itself).
   */
  omitInputs?: readonly string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? (value as Body[]) : []);
const day = (value: unknown) => text(value).slice(0, 10);
const withoutPath = (args: Args, ...names: string[]) =>
  Object.fromEntries(Object.entries(args).filter(([name]) => !names.includes(name)));

const percent = (x: unknown) => (typeof x === 'number' ? `${(x * 100).toFixed(2)}%` : 'n/a');

/** A ticker's past calls in a few lines: each call's publication, dates and excess return to date. */
function pastCallLines(past: Body): string[] {
  const calls = list(past.calls);
  if (calls.length === 0) return [`Past calls: none scored (${past.total} in all)`];
  return [
    `Past calls (${calls.length} of ${past.total}, excess over the benchmark to date, as of ${text(past.pricesAsOf) || 'n/a'}):`,
    ...calls.map((c) => {
      const toDate = (c.returns as Record<string, Body | null>).toDate;
      const outcome = c.status === 'scored' ? percent(toDate?.excessReturn) : text(c.status);
      return `- ${text(c.publicationSlug)} ${text(c.direction)} ${text(c.action)} ${day(c.publishedAt)}, entry ${text(c.entryDate) || 'n/a'}: ${outcome}`;
    }),
  ];
}

export const MCP_TOOLS: McpTool[] = [
  {
    name: 'search_posts',
    title: 'Search posts by topic',
    route: searchByTopic,
    handler: searchPostsRoute,
    price: null,
    output: TopicSearchResponse,
    target: (args) => ({ path: `/api/v1/search${toQueryString(args)}` }),
    render: (body) =>
      [
        `${body.count} of ${body.totalCount} posts (${body.matchConfidence} match, ${body.mode}):`,
        ...list(body.items).map(
          (item) =>
            `- ${text(item.title)} (${text(item.publicationSlug)}/${text(item.slug)}, ${day(item.publishedAt)})`,
        ),
      ].join('\n'),
  },
  {
    name: 'list_publications',
    title: 'List publications',
    route: listPublications,
    handler: listPublicationsRoute,
    price: null,
    output: PublicationListResponse,
    target: () => ({ path: '/api/v1/publications' }),
    render: (body) =>
      [
        `${list(body.publications).length} publications:`,
        ...list(body.publications).map((p) => `- ${text(p.title) || text(p.slug)} (${text(p.slug)})`),
      ].join('\n'),
  },
  {
    name: 'search_publications',
    title: 'Find a publication',
    route: searchPublications,
    handler: searchPublicationsRoute,
    price: null,
    output: PublicationSearchResponse,
    target: (args) => ({ path: `/api/v1/publications/search${toQueryString(args)}` }),
    render: (body) =>
      [
        `${body.count} publications match "${text(body.query)}":`,
        ...list(body.items).map((p) => `- ${text(p.title) || text(p.slug)} (${text(p.slug)})`),
      ].join('\n'),
  },
  {
    name: 'get_publication',
    title: 'Publication detail and recent posts',
    route: getPublication,
    handler: getPublicationRoute,
    price: null,
    output: PublicationDetail,
    omitInputs: ['include'],
    target: (args) => {
      const slug = text(args.publicationSlug);
      return {
        path: `/api/v1/publications/${encodeURIComponent(slug)}${toQueryString(withoutPath(args, 'publicationSlug'))}`,
        params: { publicationSlug: slug },
      };
    },
    render: (body) =>
      [
        `${text(body.title) || text(body.slug)} (${text(body.slug)}): ${list(body.posts).length} posts`,
        ...list(body.posts).map((p) => `- ${text(p.title)} (${text(p.slug)}, ${day(p.publishedAt)})`),
      ].join('\n'),
  },
  {
    name: 'get_track_record',
    title: 'What a publication’s past calls returned against the market',
    route: getTrackRecord,
    handler: getTrackRecordRoute,
    price: null,
    output: TrackRecord,
    target: (args) => {
      const slug = text(args.publicationSlug);
      return {
        path: `/api/v1/publications/${encodeURIComponent(slug)}/track-record${toQueryString(withoutPath(args, 'publicationSlug'))}`,
        params: { publicationSlug: slug },
      };
    },
    render: (body) => {
      const pct = (x: unknown) => (typeof x === 'number' ? `${(x * 100).toFixed(2)}%` : 'n/a');
      const counts = body.counts as Record<string, number>;
      return [
        `${text(body.publicationSlug)}: ${counts.calls} calls, ${counts.scored} scored, ${counts.unpriced} unpriced, ${counts.pending} pending, ${counts.exits} exits; prices ${text(body.pricesSource) || 'none'} as of ${text(body.pricesAsOf) || 'n/a'} against ${text(body.benchmark)}`,
        ...(body.pricesNote ? [text(body.pricesNote)] : []),
        ...list(body.horizons).map(
          (h) =>
            `- ${text(h.horizon)}: ${h.scoredCalls} scored, hit rate ${h.hitRate === null ? `n/a (${text(h.hitRateNote)})` : pct(h.hitRate)}, mean excess ${pct(h.meanExcessReturn)}, median ${pct(h.medianExcessReturn)}`,
        ),
        'Past results are not advice.',
      ].join('\n');
    },
  },
  {
    name: 'get_ticker',
    title: 'What newsletters say about a ticker',
    route: getTicker,
    handler: getTickerRoute,
    price: null,
    output: TickerDetail,
    target: (args) => {
      const ticker = text(args.ticker);
      return {
        path: `/api/v1/tickers/${encodeURIComponent(ticker)}${toQueryString(withoutPath(args, 'ticker'))}`,
        params: { ticker },
      };
    },
    render: (body) => {
      const company = body.company as Body | null;
      return [
        `${text(body.ticker)}${company ? ` (${text(company.name)}, ${text(company.exchange) || 'exchange unknown'})` : ''}`,
        ...list(body.windows).map((w) => {
          const calls = w.calls as { total: number; byDirection: { LONG: number; SHORT: number } };
          return `- last ${w.days} days: ${w.posts} posts, ${calls.total} calls (${calls.byDirection.LONG} long, ${calls.byDirection.SHORT} short)`;
        }),
        `Called by: ${
          list(body.publications)
            .map((p) => `${text(p.publicationSlug)} (${p.calls})`)
            .join(', ') || 'none'
        }`,
        ...pastCallLines(body.pastCalls as Body),
        'Latest posts:',
        ...list(body.latestPosts).map(
          (item) =>
            `- ${text(item.title)} (${text(item.publicationSlug)}/${text(item.slug)}, ${day(item.publishedAt)})`,
        ),
      ].join('\n');
    },
  },
  {
    name: 'get_post_summary',
    title: "Buy a post's AI summary",
    route: getPublicationPostBySlug,
    handler: getPaidPostRoute,
    price: (prices) => ({
      text: `the post's price: $${centsToUsd(prices.defaultPostCents)} unless the post names another`,
      card: { defaultUsd: centsToUsd(prices.defaultPostCents) },
    }),
    output: PaidPublicationPost,
    target: (args) => {
      const publicationSlug = text(args.publicationSlug);
      const postSlug = text(args.postSlug);
      return {
        path: `/api/v1/publications/${encodeURIComponent(publicationSlug)}/${encodeURIComponent(postSlug)}`,
        params: { publicationSlug, postSlug },
      };
    },
    render: (body) => `${text(body.title)}\n\n${text(body.synthesizedSummary)}\n\nSource: ${text(body.url)}`,
  },
  {
    name: 'get_stock_picks',
    title: 'Buy stock picks (a day, or the last N days; optionally one ticker)',
    route: listStockPicks,
    handler: stockPicksRoute,
    price: (prices) => ({
      text: `$${centsToUsd(prices.stockPicksArticleCents)} per distinct source article returned`,
      card: { perSourceArticleUsd: centsToUsd(prices.stockPicksArticleCents) },
    }),
    output: PublicStockPicksResponse,
    omitInputs: ['include'],
    target: (args) => ({ path: `/api/v1/stock-picks${toQueryString(args)}` }),
    render: (body) =>
      [
        body.startDate === body.endDate
          ? `${body.count} stock picks of ${text(body.dateUsed)}:`
          : `${body.count} stock picks from ${text(body.startDate)} to ${text(body.endDate)}:`,
        ...list(body.items).map(
          (pick) =>
            `- ${text(pick.ticker)} ${text(pick.direction)} ${text(pick.action)} (${text(pick.author)}: ${text(pick.articleTitle)})`,
        ),
      ].join('\n'),
  },
  {
    name: 'get_research_brief',
    title: 'Buy a research brief: a cited answer from newsletter posts',
    route: createBrief,
    handler: createBriefRoute,
    price: (prices) => ({
      text: `$${centsToUsd(prices.stockPicksArticleCents)} per source article read (maxSources, default 5)`,
      card: { perSourceArticleUsd: centsToUsd(prices.stockPicksArticleCents) },
    }),
    output: ResearchBrief,
    // The arguments are the route's JSON body; MPP binds a payment to it, so a retry sends the same arguments.
    target: (args) => ({ path: '/api/v1/briefs', body: JSON.stringify(args) }),
    render: (body) =>
      [
        text(body.answer),
        '',
        'Sources:',
        ...list(body.sources).map(
          (source) =>
            `[${source.ref}] ${text(source.title)} (${text(source.publicationSlug)}/${text(source.postSlug)}, ${day(source.publishedAt)})`,
        ),
      ].join('\n'),
  },
  {
    name: 'get_balance',
    title: 'Your balance',
    route: getAccount,
    handler: accountRoute,
    price: null,
    readsAccount: true,
    output: Account,
    target: () => ({ path: '/api/v1/account' }),
    render: (body) => {
      // Null for an API key without account:read: the allowance is the owner's sessions' to spend, not the key's.
      const allowance = body.allowance as Body | null;
      return [
        `Spendable now: $${text(body.spendableUsd)} (purchased credits $${text(body.purchasedUsd)})`,
        ...(allowance
          ? [
              `Weekly allowance: ${allowance.remainingCents} of ${allowance.limitCents} cents left, renews ${text(allowance.resetsAt)}`,
            ]
          : []),
      ].join('\n');
    },
  },
  {
    name: 'get_ledger',
    title: 'Your credit ledger',
    route: listAccountLedger,
    handler: ledgerRoute,
    price: null,
    readsAccount: true,
    output: Ledger,
    target: (args) => ({ path: `/api/v1/account/ledger${toQueryString(args)}` }),
    render: (body) =>
      [
        ...list(body.entries).map(
          (e) =>
            `- ${text(e.createdAt)} ${text(e.kind)} $${text(e.amountUsd)} (${text(e.spendSource)})${e.resource ? ` ${text(e.resource)}` : ''}${e.requestId ? ` request ${text(e.requestId)}` : ''}`,
        ),
        body.nextCursor ? `More: cursor ${text(body.nextCursor)}` : 'No older entries.',
      ].join('\n'),
  },
  {
    name: 'create_watch',
    title: 'Watch a ticker, a topic or a publication',
    route: createWatchRoute,
    handler: createWatchHandler,
    price: null,
    readsAccount: true,
    writes: 'create',
    output: CreatedWatch,
    target: (args) => ({ path: '/api/v1/watches', body: JSON.stringify(args) }),
    render: (body) => {
      const watch = body.watch as Body;
      return [
        `Watch ${text(watch.id)} (${text(watch.kind)}: ${text(watch.ticker) || text(watch.query) || text(watch.publicationSlug)})`,
        `Feed (keep it private): ${text(body.feedUrl)}`,
        `Webhook signing secret (shown once): ${text(body.secret)}`,
      ].join('\n');
    },
  },
  {
    name: 'list_watches',
    title: 'Your watches',
    route: listWatchesRoute,
    handler: listWatchesHandler,
    price: null,
    readsAccount: true,
    output: WatchList,
    target: () => ({ path: '/api/v1/watches' }),
    render: (body) =>
      list(body.watches)
        .map(
          (w) =>
            `- ${text(w.id)} ${text(w.kind)} ${text(w.ticker) || text(w.query) || text(w.publicationSlug)}: ${w.eventCount} events, webhook ${text(w.webhookStatus)}`,
        )
        .join('\n') || 'No watches.',
  },
  {
    name: 'get_watch',
    title: 'A watch and the delivery of its newest events',
    route: getWatchRoute,
    handler: getWatchHandler,
    price: null,
    readsAccount: true,
    output: WatchDetail,
    target: (args) => {
      const id = text(args.id);
      return { path: `/api/v1/watches/${encodeURIComponent(id)}`, params: { id } };
    },
    render: (body) =>
      [
        `Watch ${text(body.id)} (${text(body.kind)}: ${text(body.ticker) || text(body.query) || text(body.publicationSlug)}), webhook ${text(body.webhookStatus)}`,
        ...list(body.recentEvents).map(
          (e) =>
            `- ${text(e.createdAt)} ${text(e.type)} ${text(e.publicationSlug)}/${text(e.postSlug)}: ${text(e.deliveryStatus)}, ${e.attempts} attempts, last response ${e.lastResponseCode ?? 'none'}`,
        ),
      ].join('\n'),
  },
  {
    name: 'delete_watch',
    title: 'Delete a watch',
    route: deleteWatchRoute,
    handler: deleteWatchHandler,
    price: null,
    readsAccount: true,
    writes: 'delete',
    output: DeletedWatch,
    target: (args) => {
      const id = text(args.id);
      return { path: `/api/v1/watches/${encodeURIComponent(id)}`, params: { id }, method: 'DELETE' };
    },
    render: (body) => `Deleted watch ${text(body.id)}.`,
  },
];

/** A tool's input shape: the route's path parameters and query, as the route's contract states them. */
export function toolInput(tool: McpTool) {
  const input = {
    ...(tool.route.params ? toolInputFromContract(tool.route.params as z.ZodObject) : {}),
    ...(tool.route.query ? toolInputFromContract(tool.route.query as z.ZodObject) : {}),
    ...(tool.route.body ? toolInputFromContract(tool.route.body.schema as z.ZodObject) : {}),
  };
  for (const name of tool.omitInputs ?? []) delete input[name];
  return input;
}
