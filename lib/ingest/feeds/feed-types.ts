import type { RefusedItem } from '@/lib/posts/post-draft';

export type FeedFormat = 'rss' | 'atom' | 'rdf' | 'json';

export type PodcastMeta = {
  author: string | null;
  explicit: boolean | null;
  /** Apple categories, a subcategory written as "Parent > Child". */
  categories: string[];
  type: 'episodic' | 'serial' | null;
  imageUrl: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  /** podcast:guid, the show's global id. */
  guid: string | null;
  /** podcast:locked: the owner forbids importing the show elsewhere. */
  locked: boolean | null;
  newFeedUrl: string | null;
  medium: string | null;
};

export type FeedMeta = {
  title: string | null;
  description: string | null;
  /** Absolute: the channel link, else the Atom alternate link, else the feed URL's origin. */
  siteUrl: string;
  imageUrl: string | null;
  /** BCP 47 tag, or null when the feed gives none or an unreadable one. */
  language: string | null;
  authorName: string | null;
  authorEmail: string | null;
  copyright: string | null;
  generator: string | null;
  ttlMinutes: number | null;
  /** Hours of the day (0-23, GMT) when readers should not poll. */
  skipHours: number[];
  /** Days (Monday…Sunday) when readers should not poll. */
  skipDays: string[];
  podcast: PodcastMeta | null;
};

export type FeedAudio = {
  url: string;
  type: string | null;
  lengthBytes: number | null;
  durationSeconds: number | null;
};

export type FeedTranscript = {
  url: string;
  type: string;
  language: string | null;
  rel: string | null;
};

export type FeedItem = {
  /** The feed's guid/id, else the link, else `hash:` + a digest of title and date. */
  guid: string;
  /** Absolute post URL, or null when the item has none. */
  url: string | null;
  title: string | null;
  subtitle: string | null;
  description: string | null;
  /** Raw, unsanitized HTML with relative href/src made absolute. */
  contentHtml: string | null;
  author: string | null;
  publishedAt: Date | null;
  updatedAt: Date | null;
  imageUrl: string | null;
  categories: string[];
  language: string | null;
  audio: FeedAudio | null;
  episode: number | null;
  season: number | null;
  episodeType: string | null;
  transcripts: FeedTranscript[];
};

export type ParsedFeed = {
  format: FeedFormat;
  meta: FeedMeta;
  items: FeedItem[];
  /** Guids seen more than once; only the first item with each was kept. */
  duplicateGuids: string[];
  /**
   * Every item of the document left out of `items`, and why: `nothing_to_import` (no title, link, content nor audio),
   * `duplicate_guid` (an earlier item has its guid), `not_an_item` (a JSON Feed entry that is not an object).
   */
  refused: RefusedItem[];
};
