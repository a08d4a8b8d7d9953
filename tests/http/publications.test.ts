import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { PublicationDetail, type PublicationListItem, PublicationListResponse } from '@/lib/api/contracts/publications';
import { getJson } from '@/tests/helpers/http';

let publications: PublicationListItem[];

beforeAll(async () => {
  const response = await getJson('/api/v1/publications');
  expect(response.status).toBe(200);
  publications = PublicationListResponse.parse(response.body).publications;
});

const detail = (slug: string, query = '') => getJson(`/api/v1/publications/${slug}${query}`);

describe('GET /api/v1/publications', () => {
  it('lists every indexed publication with exactly the spec fields, by title', () => {
    expect(publications.length).toBeGreaterThanOrEqual(12);
    const titles = publications.map((p) => (p.title ?? p.slug).toLowerCase());
    expect(titles).toEqual([...titles].sort());
    for (const publication of publications) {
      expect(publication.siteUrl).toMatch(/^https:\/\//);
      expect(publication.slug).toBe(publication.slug.toLowerCase());
      expect(publication.slug.startsWith('www.')).toBe(false);
    }
    expect(publications.some((p) => p.lastSyncedAt !== null)).toBe(true);
  });
});

describe('GET /api/v1/publications/{publicationSlug}', () => {
  it('returns PublicationCore and its posts, newest first, 20 by default', async () => {
    for (const { slug } of publications) {
      const response = await detail(slug);
      expect(response.status, slug).toBe(200);
      const body = PublicationDetail.parse(response.body);
      expect(body.slug).toBe(slug);
      expect(body.posts.length).toBeLessThanOrEqual(20);
      const times = body.posts.map((p) => (p.publishedAt ? Date.parse(p.publishedAt) : -Infinity));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      if (body.imageUrl !== null) expect(body.imageUrl).toMatch(/^https?:\/\//);
      for (const post of body.posts) {
        if (post.priceCents !== null) expect(post.priceCents).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('honours limit from 1 to 100', async () => {
    const slug = publications[0]!.slug;
    const one = PublicationDetail.parse((await detail(slug, '?limit=1')).body);
    expect(one.posts).toHaveLength(1);
    const hundred = PublicationDetail.parse((await detail(slug, '?limit=100')).body);
    expect(hundred.posts.length).toBeGreaterThan(20);
    expect(hundred.posts.length).toBeLessThanOrEqual(100);
    expect(hundred.posts[0]).toEqual(one.posts[0]);
  });

  it('resolves pasted URLs, "www." and upper case to the slug', async () => {
    const slug = publications[0]!.slug;
    const expected = PublicationDetail.parse((await detail(slug, '?limit=3')).body);
    for (const variant of [
      slug.toUpperCase(),
      `www.${slug}`,
      encodeURIComponent(`https://www.${slug}/p/some-post?ref=x`),
      encodeURIComponent(`HTTP://${slug.toUpperCase()}/`),
    ]) {
      const response = await detail(variant, '?limit=3');
      expect(response.status, variant).toBe(200);
      expect(PublicationDetail.parse(response.body)).toEqual(expected);
    }
  });

  it('answers 404 {error} for a publication that is not indexed', async () => {
    const response = await detail('not-indexed.example.com');
    expect(response.status).toBe(404);
    expect(ErrorMessage.parse(response.body).error).toMatch(/not found/i);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=2.5', 'limit'],
    ['?limit=-3', 'limit'],
    ['?limit=', 'limit'],
    ['?limit=5&limit=6', 'limit'],
  ])('answers 400 for %s, keyed by %s', async (query, key) => {
    const response = await detail(publications[0]!.slug, query);
    expect(response.status).toBe(400);
    const body = InvalidQueryResponse.parse(response.body);
    expect(Object.keys(body.issues)).toEqual([key]);
  });

  it.each(['not%20a%20host', '%25%25%25', 'a'.repeat(300), 'bad_host!.com'])(
    'answers 400 keyed by publicationSlug for %s',
    async (slug) => {
      const response = await detail(slug);
      expect(response.status).toBe(400);
      const body = InvalidQueryResponse.parse(response.body);
      expect(body.code).toBe('invalid_path');
      expect(body.issues).toEqual({ publicationSlug: ['must be a publication slug or site URL'] });
    },
  );
});

describe('malformed paths', () => {
  it.each(['/api/v1/publications/%ZZ', '/api/v1/publications/%E0%A4%A'])(
    'answers 400 {error, issues} for %s',
    async (path) => {
      const response = await getJson(path);
      expect(response.status).toBe(400);
      expect(InvalidQueryResponse.parse(response.body).issues).toEqual({
        path: ['contains malformed percent-encoding'],
      });
    },
  );
});
