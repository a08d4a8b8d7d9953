import { describe, expect, it } from 'vitest';
import { PostPathParams } from '@/lib/api/contracts/paid';
import { PublicationSlugParam } from '@/lib/api/contracts/publications';
import { parseParams } from '@/lib/api/params';
import { issuesOf } from '@/tests/helpers/api-error';

const PUBLICATION_MESSAGE = 'must be a publication slug or site URL';
const POST_MESSAGE = 'must be a post slug: lower-case letters, digits and hyphens';

const pathIssuesOf = (fn: () => unknown) => issuesOf('invalid_path', fn);

describe('publicationSlug path parameter', () => {
  it.each([
    ['macrotide.beehiiv.com', 'macrotide.beehiiv.com'],
    ['WWW.SemisWeekly.COM', 'semisweekly.com'],
    ['https://www.macrotide.beehiiv.com/p/any', 'macrotide.beehiiv.com'],
  ])('normalizes %j to %j', (input, slug) => {
    expect(parseParams(PublicationSlugParam, { publicationSlug: input }, 'path')).toEqual({ publicationSlug: slug });
  });

  it.each(['not a host', '%%%', 'a'.repeat(300), 'bad_host!.com', ''])('refuses %j as invalid_path', (input) => {
    expect(pathIssuesOf(() => parseParams(PublicationSlugParam, { publicationSlug: input }, 'path'))).toEqual({
      publicationSlug: [PUBLICATION_MESSAGE],
    });
  });
});

describe('paid post path parameters', () => {
  it('normalizes both slugs: the publication host, the post slug lower-cased', () => {
    expect(
      parseParams(PostPathParams, { publicationSlug: 'https://www.Example.com/', postSlug: 'Q3-Outlook-2026' }, 'path'),
    ).toEqual({ publicationSlug: 'example.com', postSlug: 'q3-outlook-2026' });
  });

  it.each(['Bad_Slug!', '-leading-hyphen', 'has space', 'x'.repeat(201), '', 'ünïcode'])(
    'refuses the post slug %j',
    (postSlug) => {
      expect(
        pathIssuesOf(() => parseParams(PostPathParams, { publicationSlug: 'example.com', postSlug }, 'path')),
      ).toEqual({ postSlug: [POST_MESSAGE] });
    },
  );

  it('accepts a post slug of exactly 200 characters', () => {
    const postSlug = `a${'-'.repeat(199)}`;
    expect(parseParams(PostPathParams, { publicationSlug: 'example.com', postSlug }, 'path').postSlug).toBe(postSlug);
  });

  it('reports both parameters when both are malformed, keyed by name', () => {
    expect(
      pathIssuesOf(() => parseParams(PostPathParams, { publicationSlug: 'bad_host!', postSlug: 'Bad_Slug!' }, 'path')),
    ).toEqual({ publicationSlug: [PUBLICATION_MESSAGE], postSlug: [POST_MESSAGE] });
  });
});
