import { z } from 'zod';
import { IsoTimestamp, integerParam } from './common';
import { PublicationSlug } from './path';
import { IncludePublicationRecord, PublicationRecordHeadline } from './track-record';

const Slug = z.string().meta({ description: 'Normalized host of the site: lower case, leading "www." removed.' });

export const PublicationListItem = z
  .strictObject({
    slug: Slug,
    title: z.string().nullable(),
    description: z.string().nullable(),
    siteUrl: z.string(),
    lastSyncedAt: IsoTimestamp.nullable(),
  })
  .meta({ id: 'PublicationListItem' });

export const PublicationListResponse = z
  .strictObject({ publications: z.array(PublicationListItem) })
  .meta({ id: 'PublicationListResponse' });

export const PublicationSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(300, 'must be at most 300 characters')
    .refine((q) => !q.includes('\u0000'), 'must not contain NUL characters')
    .meta({ description: 'A slug, title, author, podcast show, newsletter or site URL. 2 to 300 characters.' }),
});

export const PublicationSearchItem = z
  .strictObject({
    publicationSlug: Slug,
    title: z.string().nullable(),
    author: z.string().nullable(),
    siteUrl: z.string(),
  })
  .meta({ id: 'PublicationSearchItem' });

export const PublicationSearchResponse = z
  .strictObject({
    query: z.string(),
    count: z.number().int().min(0).max(3),
    items: z.array(PublicationSearchItem).max(3),
  })
  .meta({ id: 'PublicationSearchResponse' });

export const PUBLICATION_POSTS_DEFAULT_LIMIT = 20;

export const PublicationDetailQuery = z.object({
  limit: integerParam(
    1,
    100,
    `Number of posts to return, newest first (1-100, default ${PUBLICATION_POSTS_DEFAULT_LIMIT}).`,
  ).optional(),
  include: IncludePublicationRecord,
});

export const PublicationSlugParam = z.object({
  publicationSlug: PublicationSlug.meta({
    description:
      'The publication slug (its normalized host, e.g. "macrotide.beehiiv.com"). A pasted site URL also works: scheme, "www.", path and case are normalized.',
  }),
});

export const PostSummary = z
  .strictObject({
    slug: z.string().meta({ description: 'Used in the paid URL /api/v1/publications/{publicationSlug}/{postSlug}' }),
    title: z.string(),
    subtitle: z.string().nullable(),
    publishedAt: IsoTimestamp.nullable(),
    priceCents: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Stored price in USD cents; null when the default post price applies.' }),
  })
  .meta({ id: 'PostSummary' });

export const PublicationCore = z
  .strictObject({
    slug: Slug,
    title: z.string().nullable(),
    description: z.string().nullable(),
    siteUrl: z.string(),
    imageUrl: z.string().nullable().meta({ description: 'Avatar or logo URL' }),
    language: z.string().nullable().meta({ description: 'BCP 47 language tag' }),
    authorName: z.string().nullable(),
    authorEmail: z.string().nullable().meta({ description: 'Contact e-mail from the feed' }),
    copyright: z.string().nullable(),
    lastSyncedAt: IsoTimestamp.nullable(),
  })
  .meta({ id: 'PublicationCore' });

export const PublicationDetail = PublicationCore.extend({ posts: z.array(PostSummary) }).meta({
  id: 'PublicationDetail',
});

/** The detail with include=publicationRecord: the spec's PublicationDetail plus the track record's headline. */
export const PublicationDetailWithRecord = PublicationDetail.extend({
  publicationRecord: PublicationRecordHeadline,
}).meta({ id: 'PublicationDetailWithRecord' });

export type PublicationListItem = z.infer<typeof PublicationListItem>;
export type PublicationSearchItem = z.infer<typeof PublicationSearchItem>;
export type PublicationCore = z.infer<typeof PublicationCore>;
export type PostSummary = z.infer<typeof PostSummary>;
export type PublicationDetail = z.infer<typeof PublicationDetail>;
