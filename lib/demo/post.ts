import { CONVICTION_LABELS } from '@/lib/ai/picks/extractor';
import { addMs, DAY_MS, HOUR_MS, MINUTE_MS, minDate } from './dates';
import type { Draft } from './kinds/context';
import type { PublicationState } from './publications';
import type { Rng } from './random';
import { SUMMARY_MODEL, synthesizeSummary } from './summary';
import { capitalize, truncateWords, uniqueSlug, utcDay } from './text';
import type { DemoPick, DemoPost, PostKind } from './types';

/** Per-publication bookkeeping kept while streaming posts: slugs already used and podcast episode numbers. */
export interface PublicationCursor {
  state: PublicationState;
  slugs: Set<string>;
  /** Next -N suffix per base slug (see uniqueSlug). */
  slugSuffixes: Map<string, number>;
  episodes: Set<number>;
}

export interface PostInput {
  id: string;
  kind: PostKind;
  draft: Draft;
  publishedAt: Date | null;
  /** Upper bound for every timestamp of this post: the publication's last sync, or now. */
  upper: Date;
  now: Date;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** URL, guid and image in the style of the publication's platform. */
function addresses(cursor: PublicationCursor, slug: string, at: Date, rng: Rng) {
  const { spec, host } = cursor.state;
  const site = `https://${host}`;
  const yyyy = at.getUTCFullYear();
  const mm = pad(at.getUTCMonth() + 1);
  switch (spec.sourceKind) {
    case 'podcast': {
      const url = `${site}/episodes/${slug}`;
      return { url, guid: rng.uuid(), audioUrl: `${url}.mp3`, imageUrl: rng.chance(0.6) ? `${url}.jpg` : null };
    }
    case 'email': {
      const stamp = `${yyyy}${mm}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
      const guid = `<${stamp}.${rng.uuid().replace(/-/g, '').slice(0, 16)}@${host}>`;
      return {
        url: `${site}/archive/${slug}`,
        guid,
        audioUrl: null,
        imageUrl: rng.chance(0.2) ? `${site}/archive/${slug}/header.png` : null,
      };
    }
    case 'rss': {
      const url = `${site}/${yyyy}/${mm}/${slug}`;
      return {
        url,
        guid: url,
        audioUrl: null,
        imageUrl: rng.chance(0.5) ? `${site}/wp-content/uploads/${yyyy}/${mm}/${slug}.jpg` : null,
      };
    }
    default: {
      if (spec.platform === 'ghost') {
        const url = `${site}/${slug}/`;
        return {
          url,
          guid: url,
          audioUrl: null,
          imageUrl: rng.chance(0.75) ? `${site}/content/images/${yyyy}/${mm}/${slug}.png` : null,
        };
      }
      const url = `${site}/p/${slug}`;
      // beehiiv feeds identify items by an opaque id; Substack uses the post URL.
      const guid = spec.platform === 'beehiiv' ? rng.uuid() : url;
      return { url, guid, audioUrl: null, imageUrl: rng.chance(0.7) ? `${site}/p/${slug}/cover.jpg` : null };
    }
  }
}

function byline(cursor: PublicationCursor, draft: Draft, rng: Rng): string | null {
  if (draft.byline) return draft.byline;
  const { spec, contributors } = cursor.state;
  // Publications without a named author are always signed by a contributor, so picks can be attributed.
  if (!spec.authorName) return rng.pick(contributors.length > 0 ? contributors : [spec.title]);
  const roll = rng.next();
  if (roll < 0.05) return null;
  if (roll < 0.2 && contributors.length > 0) return rng.pick(contributors);
  return spec.authorName;
}

export function assemblePost(cursor: PublicationCursor, input: PostInput, rng: Rng): DemoPost {
  const { draft, publishedAt, upper, now, id } = input;
  const { spec, row } = cursor.state;
  const slug = uniqueSlug(draft.title, cursor.slugs, cursor.slugSuffixes);
  const reference = publishedAt ?? new Date(upper.getTime() - rng.int(1, 60) * DAY_MS);
  const { url, guid, audioUrl, imageUrl } = addresses(cursor, slug, reference, rng);
  const author = byline(cursor, draft, rng);
  const analyst = author ?? spec.authorName ?? spec.title;
  const bodyText = draft.paragraphs.join('\n\n');
  // Only subjects the body really names: optional paragraphs may have been dropped.
  const tickers = draft.tickers.filter((t) => new RegExp(`\\b${t}\\b`).test(bodyText));

  const createdAt = publishedAt ? minDate(upper, addMs(publishedAt, rng.int(1, 45) * MINUTE_MS)) : reference;
  const updatedAt = rng.chance(0.8) ? createdAt : minDate(upper, addMs(createdAt, rng.int(30, 72 * 60) * MINUTE_MS));
  const description = rng.chance(0.85) ? truncateWords(draft.paragraphs[0] ?? '', rng.int(140, 220)) : null;
  const priceCents =
    spec.pricing.cents.length > 0 && rng.chance(spec.pricing.share) ? rng.pick(spec.pricing.cents) : null;

  // Fresh posts are the ones most likely still waiting for their summary.
  const age = now.getTime() - (publishedAt ?? createdAt).getTime();
  const ready = rng.chance(age < 6 * HOUR_MS ? 0.45 : 0.925);
  const summary = ready
    ? {
        summary: synthesizeSummary(draft, input.kind, analyst, row.title ?? spec.slug, tickers, rng),
        model: SUMMARY_MODEL,
        createdAt: minDate(now, addMs(createdAt, rng.int(2, 72 * 60) * MINUTE_MS)),
      }
    : null;

  const picks: DemoPick[] = draft.calls.map((call) => {
    const extractedAt = publishedAt
      ? minDate(now, addMs(publishedAt, rng.int(3, 90) * MINUTE_MS))
      : new Date(Math.max(createdAt.getTime(), now.getTime() - rng.int(5, 180) * MINUTE_MS));
    const ticker = call.company.ticker;
    return {
      id: rng.uuid(),
      callId: `${id}:${ticker}`,
      postId: id,
      author: analyst,
      ticker,
      tickerExchange: call.instrumentType === 'OPTION' || rng.chance(0.12) ? null : call.company.exchange,
      instrumentType: call.instrumentType,
      action: call.action,
      direction: call.direction,
      authorConviction: call.conviction,
      convictionLabel: CONVICTION_LABELS[call.conviction] ?? CONVICTION_LABELS[0],
      activePick: call.action === 'EXIT' ? false : rng.chance(0.95),
      evidenceQuote: call.evidence,
      rationaleSnippet: call.rationale ? `${capitalize(call.rationale)}.` : null,
      extractedAt,
      pickDay: utcDay(publishedAt ?? extractedAt),
    };
  });

  return {
    id,
    publicationId: row.id,
    guid,
    slug,
    title: draft.title,
    subtitle: draft.subtitle,
    description,
    url,
    author,
    imageUrl,
    audioUrl,
    bodyText,
    publishedAt,
    priceCents,
    createdAt,
    updatedAt,
    summary,
    picks,
    topics: {
      kind: input.kind,
      tickers,
      themes: draft.themes,
      sector: draft.sector,
    },
    ...(draft.priceMove && publishedAt ? { priceMove: draft.priceMove } : {}),
  };
}
