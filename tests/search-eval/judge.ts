/**
 * Relevance judgments computed from the demo generator's ground truth (post.topics), never hand-listed ids, so they
 * follow the corpus when the generator changes. The rules, per facet a query names:
 *
 *   ticker T   2 = T is the post's main ticker (topics.tickers[0]); 1 = T is among its other tickers.
 *              (The generator keeps only tickers the body really names.) Company names and misspellings resolve to
 *              the ticker; product or driver words ("Micron memory pricing") are aspects every post on the company
 *              covers in some form, and the ground truth does not track them, so they do not narrow the judgment.
 *   theme X    2 = X is the post's lead theme: themes[0] of a macro note, or of a podcast whose topic it is (every
 *              episode of a macro show, i.e. a publication whose first sector is macro_assets, and episodes of sector
 *              shows whose title names the theme's label: the generator puts the episode topic in the title);
 *              1 = X is any other theme of the post: a macro note's second theme, the "common thread" of a roundup,
 *              the macro paragraph of a portfolio update, the "also discussed" of a sector podcast, or the tie-in
 *              paragraph of a deep dive / options idea. That tie-in is optional and the generator drops it from about
 *              a third of deep dives without updating topics.themes, so for those two kinds the theme only counts
 *              when the body still carries it (its label or a keyword, or the tie-in's bridge sentence).
 *   sector S   2 = the post's sector is S (its main company is in S, or it is a roundup of S);
 *              1 = another post that names a company or ETF of S among its tickers, or whose title names the sector
 *              as the generator writes it (SECTOR_LABELS: "Treasury yields and clean energy: the math of duration").
 *              Macro notes tie their theme to a sector in the text but carry topics.sector = null; the title is
 *              the only place that tie is visible.
 *   earnings   qualifier: 1 = an earnings review or a sector roundup (a results scorecard); never relevant alone.
 *
 * Two facets that are alternatives (match 'any': a theme that is also a sector, "emerging markets"): the higher grade.
 * Two facets ("META AI capex", "bank earnings"): both required for grade 2. Grade 2 when both match and at least one
 * is central (grade 2); grade 1 when both match only in passing, or when only one matches but centrally and it is
 * topical (a Meta deep dive without the AI capex angle is still partly useful); otherwise 0.
 * Time-scoped queries: posts outside the window (time-windows.ts) get 0, whatever their topic.
 * Off-topic queries name no facet, so nothing is relevant.
 */
import { PUBLICATIONS } from '@/lib/demo/catalogue';
import { COMPANIES } from '@/lib/demo/companies';
import { generateCorpus } from '@/lib/demo/generate';
import { theme as themeById } from '@/lib/demo/themes';
import type { CorpusOptions, DemoPost, DemoPublication, PostKind } from '@/lib/demo/types';
import { SECTOR_LABELS, type Sector } from '@/lib/reference/sectors';
import type { Grade } from './metrics';
import type { Facet, JudgedQuery } from './query-types';
import { inWindow, resolveWindow } from './time-windows';

/** A generated post reduced to what judging needs, keyed as the search returns it. */
export interface EvalPost {
  /** "publicationSlug/postSlug", the identity of a search result item. */
  key: string;
  publicationSlug: string;
  slug: string;
  title: string;
  publishedAt: Date | null;
  kind: PostKind;
  tickers: string[];
  /** Themes the body really carries (see the theme rule above). */
  themes: string[];
  leadTheme: string | null;
  sector: string | null;
}

const SECTOR_OF = new Map(COMPANIES.map((c) => [c.ticker, c.sector]));
const LABELS = Object.values(SECTOR_LABELS).map((label) => label.toLowerCase());

/** Whether a title names the sector, not counting longer labels that contain it ("energy" in "clean energy"). */
function titleNamesSector(title: string, sector: Sector): boolean {
  const label = SECTOR_LABELS[sector].toLowerCase();
  let text = title.toLowerCase();
  for (const other of LABELS) if (other !== label && other.includes(label)) text = text.split(other).join(' ');
  return new RegExp(`\\b${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text);
}

const MACRO_SHOWS = new Set(PUBLICATIONS.filter((p) => p.sectors[0] === 'macro_assets').map((p) => p.slug));
/** Kinds whose theme paragraph is optional (fitParagraphs may drop it). */
const OPTIONAL_THEME_KINDS: ReadonlySet<PostKind> = new Set(['deep_dive', 'options_idea']);

function bodyCarriesTheme(body: string, id: string): boolean {
  const t = themeById(id);
  const lower = body.toLowerCase();
  if ([t.label, ...t.keywords].some((word) => lower.includes(word.toLowerCase()))) return true;
  // The three bridges of themeTieIn (lib/demo/kinds/paragraphs.ts); theme paragraphs do not always repeat a keyword.
  return (
    body.includes('The macro backdrop matters for') ||
    body.includes(`There is a ${t.label} angle`) ||
    body.includes(`Zooming out to ${t.label}:`)
  );
}

export function toEvalPost(post: DemoPost, publicationSlug: string): EvalPost {
  const { kind, tickers, sector } = post.topics;
  const themes = OPTIONAL_THEME_KINDS.has(kind)
    ? post.topics.themes.filter((id) => bodyCarriesTheme(post.bodyText, id))
    : post.topics.themes;
  const first = post.topics.themes[0];
  const podcastTopic = first !== undefined && post.title.toLowerCase().includes(themeById(first).label.toLowerCase());
  const themeLed =
    kind === 'macro_note' || (kind === 'podcast_episode' && (MACRO_SHOWS.has(publicationSlug) || podcastTopic));
  return {
    key: `${publicationSlug}/${post.slug}`,
    publicationSlug,
    slug: post.slug,
    title: post.title,
    publishedAt: post.publishedAt,
    kind,
    tickers: [...tickers],
    themes: [...themes],
    leadTheme: themeLed ? (first ?? null) : null,
    sector,
  };
}

/** Posts of a generated corpus with their publication slugs (publicationId -> slug via the generated publications). */
export function evalPostsFrom(publications: readonly DemoPublication[], posts: Iterable<DemoPost>): EvalPost[] {
  const slugById = new Map(publications.map((p) => [p.id, p.slug]));
  const out: EvalPost[] = [];
  for (const post of posts) {
    const slug = slugById.get(post.publicationId);
    if (!slug) throw new Error(`post ${post.id} has no publication`);
    out.push(toEvalPost(post, slug));
  }
  return out;
}

export function generateEvalPosts(options: CorpusOptions): EvalPost[] {
  const corpus = generateCorpus(options);
  return evalPostsFrom(corpus.publications, corpus.posts);
}

export function facetGrade(facet: Facet, post: EvalPost): Grade {
  switch (facet.type) {
    case 'ticker':
      return post.tickers[0] === facet.ticker ? 2 : post.tickers.includes(facet.ticker) ? 1 : 0;
    case 'theme':
      return post.leadTheme === facet.theme ? 2 : post.themes.includes(facet.theme) ? 1 : 0;
    case 'sector':
      if (post.sector === facet.sector) return 2;
      return post.tickers.some((t) => SECTOR_OF.get(t) === facet.sector) || titleNamesSector(post.title, facet.sector)
        ? 1
        : 0;
    case 'earnings':
      return post.kind === 'earnings_review' || post.kind === 'sector_roundup' ? 1 : 0;
  }
}

/** The two-facet rule documented above. */
export function combineGrades(a: Grade, b: Grade, aTopical: boolean, bTopical: boolean): Grade {
  if (a >= 1 && b >= 1) return a === 2 || b === 2 ? 2 : 1;
  if ((a === 2 && aTopical) || (b === 2 && bTopical)) return 1;
  return 0;
}

export function gradePost(query: JudgedQuery, post: EvalPost, now: Date): Grade {
  if (query.facets.length === 0) return 0;
  if (query.window && !inWindow(post.publishedAt, resolveWindow(query.window, now))) return 0;
  const [first, second] = query.facets;
  if (query.facets.length > 2) throw new Error(`${query.id}: at most two facets`);
  const a = facetGrade(first!, post);
  if (!second) return a;
  if (query.match === 'any') return Math.max(a, facetGrade(second, post)) as Grade;
  return combineGrades(a, facetGrade(second, post), first!.type !== 'earnings', second.type !== 'earnings');
}

/** Grades of every relevant post (grade >= 1), keyed "publicationSlug/postSlug"; unlisted posts are grade 0. */
export function judgeAt(query: JudgedQuery, posts: readonly EvalPost[], now: Date): Map<string, Grade> {
  const out = new Map<string, Grade>();
  for (const post of posts) {
    const grade = gradePost(query, post, now);
    if (grade > 0) out.set(post.key, grade);
  }
  return out;
}
