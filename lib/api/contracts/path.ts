import { z } from 'zod';
import { normalizePublicationSlug } from '@/lib/publications/slug';

/**
 * Path parameter contracts. Each one is the single check of its parameter: handlers and domain verbs receive the
 * normalized value and never validate it again. Both are transforms, and zod-openapi documents a request parameter
 * by its input side, so OpenAPI shows the plain string a client sends.
 */

/** A publication slug, or anything normalizePublicationSlug reads a host from (a pasted site URL, any case). */
export const PublicationSlug = z.string().transform((value, ctx) => {
  const slug = normalizePublicationSlug(value);
  if (slug !== null) return slug;
  ctx.issues.push({ code: 'custom', input: value, message: 'must be a publication slug or site URL' });
  return z.NEVER;
});

export const POST_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** A post slug in any case; it is compared lower-cased, as slugs are stored. */
export const PostSlug = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(POST_SLUG_PATTERN, 'must be a post slug: lower-case letters, digits and hyphens'));
