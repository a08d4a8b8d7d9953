import type { CallDraft } from '@/lib/demo/calls';
import type { PublicationSpec } from '@/lib/demo/catalogue';
import { COMPANIES, type Company } from '@/lib/demo/companies';
import type { MarketSnapshot } from '@/lib/demo/market';
import type { Rng } from '@/lib/demo/random';
import { monthName } from '@/lib/demo/text';
import { THEMES, type Theme, type ThemeScene, theme as themeById } from '@/lib/demo/themes';
import type { Sector } from '@/lib/reference/sectors';

/** Everything a post template needs to write one post. */
export interface PostContext {
  rng: Rng;
  pub: PublicationSpec;
  /** When the post is written: its publishedAt, or now for undated posts. */
  at: Date;
  m: MarketSnapshot;
  /** Reported quarter, e.g. "Q3 2026". */
  quarter: string;
  /** Whether this post makes explicit calls (and so yields picks). */
  wantsCalls: boolean;
}

/** The summary's raw material, written by the same template as the body so both agree. */
export interface SummaryParts {
  thesis: string;
  numbers: string[];
  risks: string[];
}

export interface Draft {
  title: string;
  subtitle: string | null;
  paragraphs: string[];
  calls: CallDraft[];
  summary: SummaryParts;
  tickers: string[];
  themes: string[];
  sector: Sector | null;
  /** Byline override: podcast interviews are credited to the guest who makes the calls. */
  byline?: string;
  /** A one-day move the post reports (an earnings reaction): the demo's closes show it (lib/demo/prices.ts). */
  priceMove?: PriceMove;
}

/** A ticker's close-to-close move in percent, as the post states it (rounded as written). */
export interface PriceMove {
  ticker: string;
  percent: number;
}

export function scene(ctx: PostContext, sector: string): ThemeScene {
  return { m: ctx.m, rng: ctx.rng, sector, month: monthName(ctx.at), lastMonth: monthName(ctx.at, -1) };
}

/** A listed company (not an ETF) from the publication's sectors, favouring the first-listed ones. */
export function mainEquity(ctx: PostContext): Company {
  const sector = ctx.rng.weighted(ctx.pub.sectors, (s) => (s === ctx.pub.sectors[0] ? 2 : 1));
  const pool = COMPANIES.filter((c) => c.type === 'EQUITY' && c.sector === sector);
  if (pool.length > 0) return ctx.rng.pick(pool);
  return ctx.rng.pick(COMPANIES.filter((c) => c.type === 'EQUITY' && ctx.pub.sectors.includes(c.sector)));
}

/** Up to n other equities: same sector first, then the publication's other sectors. */
export function peers(ctx: PostContext, main: Company, n: number): Company[] {
  const same = COMPANIES.filter((c) => c.type === 'EQUITY' && c.sector === main.sector && c !== main);
  const chosen = ctx.rng.sample(same, n);
  if (chosen.length < n) {
    const other = COMPANIES.filter(
      (c) => c.type === 'EQUITY' && ctx.pub.sectors.includes(c.sector) && c.sector !== main.sector,
    );
    chosen.push(...ctx.rng.sample(other, n - chosen.length));
  }
  return chosen;
}

/** One of the publication's themes; publications without themes borrow one that touches their sectors. */
export function pubTheme(ctx: PostContext, exclude: Theme[] = []): Theme {
  const own = ctx.pub.themes.map(themeById).filter((t) => !exclude.includes(t));
  if (own.length > 0) return ctx.rng.pick(own);
  const related = THEMES.filter((t) => t.sectors.some((s) => ctx.pub.sectors.includes(s)) && !exclude.includes(t));
  return ctx.rng.pick(related.length > 0 ? related : THEMES);
}

/** Companies a theme piece mentions: from the theme's trades and sectors, restricted to listed equities and ETFs. */
export function themeCompanies(ctx: PostContext, t: Theme, n: number): Company[] {
  const pool = COMPANIES.filter(
    (c) => t.sectors.includes(c.sector) && c.sector !== 'macro_assets' && c.type === 'EQUITY',
  );
  return ctx.rng.sample(pool, n);
}

/** Keeps the body between four and eight paragraphs, dropping optional ones from the middle first. */
export function fitParagraphs(required: { text: string; optional?: boolean }[], rng: Rng, max = 8): string[] {
  const items = required.slice();
  while (items.length > max) {
    const optional = items.map((item, index) => (item.optional ? index : -1)).filter((i) => i >= 0);
    if (optional.length === 0) break;
    items.splice(rng.pick(optional), 1);
  }
  return items.map((item) => item.text);
}

/** An optional paragraph slot, or none when the text is null. */
export function optional(text: string | null): { text: string; optional: true }[] {
  return text ? [{ text, optional: true }] : [];
}
