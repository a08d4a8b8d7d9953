import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidQueryResponse } from '@/lib/api/contracts/common';
import {
  type PublicationDetail as Detail,
  PublicationDetail,
  PublicationListResponse,
  PublicationSearchResponse,
} from '@/lib/api/contracts/publications';
import { getJson } from '@/tests/helpers/http';

let details: Detail[];

beforeAll(async () => {
  const list = PublicationListResponse.parse((await getJson('/api/v1/publications')).body).publications;
  details = await Promise.all(
    list.map(async (p) => PublicationDetail.parse((await getJson(`/api/v1/publications/${p.slug}?limit=1`)).body)),
  );
});

async function search(q: string) {
  const response = await getJson(`/api/v1/publications/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  const body = PublicationSearchResponse.parse(response.body);
  expect(body.count).toBe(body.items.length);
  return body;
}

const slugs = (body: { items: Array<{ publicationSlug: string }> }) => body.items.map((i) => i.publicationSlug);

describe('GET /api/v1/publications/search', () => {
  it('finds each publication by slug, by pasted URL and by exact title, first', async () => {
    for (const publication of details) {
      expect(slugs(await search(publication.slug))[0], publication.slug).toBe(publication.slug);
      expect(slugs(await search(`https://www.${publication.slug}/p/a-post`))[0]).toBe(publication.slug);
      if (publication.title)
        expect(slugs(await search(publication.title))[0], publication.title).toBe(publication.slug);
    }
  });

  it('finds a publication by its author', async () => {
    const withAuthor = details.filter((d) => d.authorName);
    expect(withAuthor.length).toBeGreaterThan(0);
    for (const publication of withAuthor) {
      const body = await search(publication.authorName!);
      expect(slugs(body), publication.authorName!).toContain(publication.slug);
    }
  });

  it('tolerates a typo in a title', async () => {
    const publication = details.find((d) => (d.title ?? '').split(' ').some((w) => w.length >= 8))!;
    const word = publication.title!.split(' ').find((w) => w.length >= 8)!;
    const typo = publication.title!.replace(word, word.slice(0, 3) + word.slice(4));
    expect(slugs(await search(typo))).toContain(publication.slug);
  });

  it('returns at most three items and echoes the query', async () => {
    const body = await search('the');
    expect(body.items.length).toBeLessThanOrEqual(3);
    expect(body.query).toBe('the');
  });

  it('returns nothing for an unrelated query', async () => {
    expect((await search('zzqxjvw kkpfh')).count).toBe(0);
  });

  it.each([
    "'; drop table publications; --",
    '%_\\',
    '"unterminated',
    '📈📉 stocks',
    'نشرة مالية',
    '<script>alert(1)</script>',
    'a:* & !b | (c',
  ])('treats hostile input %j as text', async (q) => {
    const body = await search(q);
    expect(body.items.length).toBeLessThanOrEqual(3);
  });

  it.each([
    ['', { q: ['is required'] }],
    ['?q=a', { q: ['must be at least 2 characters'] }],
    ['?q=%20%20%20', { q: ['must be at least 2 characters'] }],
    [`?q=${'x'.repeat(301)}`, { q: ['must be at most 300 characters'] }],
    ['?q=ab%00cd', { q: ['must not contain NUL characters'] }],
    ['?q=ab&q=cd', { q: ['must be given only once'] }],
  ])('answers 400 for %s', async (query, issues) => {
    const response = await getJson(`/api/v1/publications/search${query}`);
    expect(response.status).toBe(400);
    expect(InvalidQueryResponse.parse(response.body).issues).toEqual(issues);
  });
});
