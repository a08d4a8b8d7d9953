import { describe, expect, it } from 'vitest';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { siteSlugFor } from '@/lib/ingest/feeds/site-slug';
import { feedFixture } from '@/tests/helpers/feed-fixtures';

const NOW = new Date('2025-11-20T00:00:00Z');
const fixture = feedFixture;

describe('parseFeed on podcasts', () => {
  const feed = parseFeed(fixture('podcast.xml'), { feedUrl: 'https://feeds.capitalflows.fm/podcast.xml', now: NOW });

  it('reads the show: iTunes and Podcasting 2.0 tags, owner as author, polling hints', () => {
    expect(feed.meta).toEqual({
      title: 'Capital Flows Podcast',
      description: 'Conversations with portfolio managers about where money is moving, and why.',
      siteUrl: 'https://capitalflows.fm/',
      imageUrl: 'https://capitalflows.fm/art/cover-3000.jpg',
      language: 'en-US',
      authorName: 'Nadia Brooks',
      authorEmail: 'hello@capitalflows.fm',
      copyright: '℗ & © 2025 Capital Flows Media',
      generator: null,
      ttlMinutes: 180,
      skipHours: [0, 1, 23],
      skipDays: ['Sunday'],
      podcast: {
        author: 'Capital Flows Media',
        explicit: false,
        categories: ['Business', 'Business > Investing', 'News', 'News > Business News'],
        type: 'episodic',
        imageUrl: 'https://capitalflows.fm/art/cover-3000.jpg',
        ownerName: 'Nadia Brooks',
        ownerEmail: 'hello@capitalflows.fm',
        guid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
        locked: true,
        newFeedUrl: null,
        medium: 'podcast',
      },
    });
    expect(siteSlugFor(feed.meta, 'https://feeds.capitalflows.fm/podcast.xml')).toBe('capitalflows.fm');
  });

  it('reads each episode: audio from the enclosure, hh:mm:ss / mm:ss / seconds durations, numbers, transcripts', () => {
    const [ep42, ep41, bonus] = feed.items;
    expect(ep42).toMatchObject({
      guid: 'cf-ep-042',
      url: null,
      title: "Ep. 42: Japan's banks after zero rates",
      episode: 42,
      season: 3,
      episodeType: 'full',
      audio: {
        url: 'https://media.capitalflows.fm/episodes/cf-042.mp3?source=feed',
        type: 'audio/mpeg',
        lengthBytes: 61734912,
        durationSeconds: 3858,
      },
    });
    expect(ep42?.publishedAt?.toISOString()).toBe('2025-11-12T10:00:00.000Z');
    expect(ep42?.transcripts).toEqual([
      { url: 'https://capitalflows.fm/transcripts/cf-042.vtt', type: 'text/vtt', language: 'en', rel: 'captions' },
      {
        url: 'https://capitalflows.fm/transcripts/cf-042.srt',
        type: 'application/x-subrip',
        language: null,
        rel: null,
      },
      // A relative transcript URL resolves against the feed URL.
      {
        url: 'https://feeds.capitalflows.fm/transcripts/cf-042.json',
        type: 'application/json',
        language: 'en',
        rel: null,
      },
      { url: 'https://capitalflows.fm/transcripts/cf-042.html', type: 'text/html', language: null, rel: null },
    ]);
    // Show notes: content:encoded when present, else the description's HTML.
    expect(ep42?.contentHtml).toBe(
      '<p>Kenji Watanabe of Hoshi Capital on why <b>MUFG</b> and <b>SMFG</b> are re-rating, and what a 1% BoJ rate does to net interest margins.</p><ul><li>00:00 Intro</li><li>04:12 The BoJ path</li></ul>',
    );
    expect(ep41?.contentHtml).toContain('<a href="https://capitalflows.fm/notes/41">show notes</a>');
    // A zero length is a placeholder, not a size.
    expect(ep41?.audio).toEqual({
      url: 'https://media.capitalflows.fm/episodes/cf-041.mp3',
      type: 'audio/mpeg',
      lengthBytes: null,
      durationSeconds: 3127,
    });
    expect(bonus).toMatchObject({ episode: null, season: null, episodeType: 'bonus', transcripts: [] });
    expect(bonus?.audio?.durationSeconds).toBe(1080);
  });

  it('reads a show without transcripts on a shared hosting platform', () => {
    const show = parseFeed(fixture('podcast-no-transcript.xml'), {
      feedUrl: 'https://feeds.example-host.com/show-a',
      now: NOW,
    });
    expect(show.meta.siteUrl).toBe('https://example-host.com/show-a');
    expect(show.meta.authorName).toBe('Options Desk LLC');
    expect(show.meta.podcast).toMatchObject({ explicit: true, type: 'serial', categories: ['Business'], locked: null });
    expect(show.items.map((item) => [item.episode, item.audio?.durationSeconds, item.audio?.type])).toEqual([
      [118, 2325, 'audio/x-m4a'],
      [117, 2520, 'audio/x-m4a'],
    ]);
    expect(show.items.every((item) => item.transcripts.length === 0)).toBe(true);
    expect(siteSlugFor(show.meta, 'https://feeds.example-host.com/show-a')).toBe('example-host.com');
  });
});
