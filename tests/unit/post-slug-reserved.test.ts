/**
 * A post cannot take a slug that a route under /api/v1/publications/{publicationSlug}/ answers instead of the post
 * (issue 48's track-record): it would be unreachable, and unbuyable.
 */
import { describe, expect, it } from 'vitest';
import { postSlugBase, uniquePostSlug } from '@/lib/posts/post-slug';

describe('reserved post slugs', () => {
  it('gives a post titled "Track record" the next free slug', () => {
    const base = postSlugBase({ title: 'Track Record', url: null, guid: 'g' });
    expect(base).toBe('track-record');
    expect(uniquePostSlug(base, new Set())).toBe('track-record-2');
    expect(uniquePostSlug(base, new Set(['track-record-2']))).toBe('track-record-3');
    expect(uniquePostSlug('track-records', new Set())).toBe('track-records');
  });
});
