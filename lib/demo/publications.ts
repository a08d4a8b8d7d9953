import { PUBLICATIONS, type PublicationSpec } from './catalogue';
import { DAY_MS, MINUTE_MS } from './dates';
import type { Rng } from './random';
import type { DemoPublication } from './types';

/** A publication row plus what the post generator needs to write for it. */
export interface PublicationState {
  spec: PublicationSpec;
  row: DemoPublication;
  host: string;
  contributors: string[];
  /** First episode number, for podcasts. */
  episodeBase: number;
}

/**
 * Turns the static catalogue into rows: seeded ids, sync times relative to `now`, seeded contributor names. The
 * image is a relative path; the API resolves it against its public base URL.
 */
export function buildPublications(rng: Rng, now: Date): PublicationState[] {
  const year = String(now.getUTCFullYear());
  return PUBLICATIONS.map((spec) => {
    const id = rng.uuid();
    const createdAt = new Date(now.getTime() - rng.int(150, 900) * DAY_MS - rng.int(0, 1439) * MINUTE_MS);
    const lastSyncedAt =
      spec.syncedMinutesAgo === null
        ? null
        : new Date(
            now.getTime() - Math.round(spec.syncedMinutesAgo * rng.float(0.8, 1.2) * MINUTE_MS) - rng.int(0, 59) * 1000,
          );
    const contributors = Array.from({ length: spec.contributors }, () => rng.personName());
    const row: DemoPublication = {
      id,
      slug: spec.slug,
      title: spec.title,
      description: spec.description,
      siteUrl: `https://${spec.slug}`,
      feedUrl: spec.feedUrl,
      sourceKind: spec.sourceKind,
      platform: spec.platform,
      inboundEmail: spec.inboundEmail,
      imageUrl: `/avatars/${spec.slug}.svg`,
      language: spec.language,
      authorName: spec.authorName,
      authorEmail: spec.authorEmail,
      copyright: spec.copyright?.replace('{year}', year) ?? null,
      isScoped: spec.isScoped,
      lastSyncedAt,
      createdAt,
      updatedAt: lastSyncedAt ?? createdAt,
    };
    return { spec, row, host: spec.slug, contributors, episodeBase: rng.int(40, 180) };
  });
}
