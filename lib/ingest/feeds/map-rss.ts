import type { ItunesNs, PodcastNs, RdfFeed, RssFeed } from 'feedsmith';
import { cleanString, escapeHtml, looksLikeHtml, plainText, truncateText } from './feed-text';
import type { FeedAudio, FeedMeta, FeedTranscript, PodcastMeta } from './feed-types';
import { absoluteUrl, absolutizeHtml, feedDate, nestedBase, normalizeLanguage, positiveInteger } from './feed-values';
import type { DraftItem } from './finalize-items';
import { type MapContext, type MappedFeed, uniqueStrings } from './map-context';

const SUBTITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function mapRssFeed(feed: RssFeed.Feed<string>, context: MapContext): MappedFeed {
  const base = nestedBase(feed.xml?.base, context.feedUrl);
  const alternate = feed.atom?.links?.find((link) => link.rel === 'alternate')?.href;
  const siteUrl = absoluteUrl(feed.link, base) ?? absoluteUrl(alternate, base) ?? new URL(context.feedUrl).origin;
  const meta: FeedMeta = {
    title: plainText(feed.title),
    description: truncateText(plainText(feed.description ?? feed.itunes?.summary), DESCRIPTION_MAX),
    siteUrl,
    imageUrl:
      absoluteUrl(feed.image?.url, base) ??
      absoluteUrl(feed.itunes?.image, base) ??
      absoluteUrl(feed.podcast?.images?.[0]?.href, base),
    language: normalizeLanguage(feed.language ?? feed.dc?.languages?.[0] ?? feed.xml?.lang),
    authorName:
      cleanString(feed.managingEditor?.name) ??
      cleanString(feed.itunes?.owner?.name) ??
      cleanString(feed.itunes?.author) ??
      cleanString(feed.dc?.creators?.[0]),
    authorEmail: email(feed.managingEditor?.email) ?? email(feed.itunes?.owner?.email),
    copyright: plainText(feed.copyright ?? feed.dc?.rights?.[0]),
    generator: cleanString(feed.generator),
    ttlMinutes: positiveInteger(feed.ttl) ?? syndicationMinutes(feed.sy?.updatePeriod, feed.sy?.updateFrequency),
    skipHours: uniqueHours(feed.skipHours ?? []),
    skipDays: skipDays(feed.skipDays, context.raw),
    podcast: null,
  };
  const items = (feed.items ?? []).map((item) => mapRssItem(item, base, context));
  // Substack and others put iTunes owner tags on every newsletter feed; a show needs episodes or show-level art.
  const isShow =
    items.some((item) => item.audio !== null) ||
    Boolean(feed.itunes?.image || feed.itunes?.categories?.length || feed.podcast?.guid || feed.podcast?.medium);
  if (isShow) meta.podcast = podcastMeta(feed.itunes, feed.podcast, base);
  return { format: 'rss', meta, items };
}

export function mapRdfFeed(feed: RdfFeed.Feed<string>, context: MapContext): MappedFeed {
  const base = nestedBase(feed.xml?.base, context.feedUrl);
  const meta: FeedMeta = {
    title: plainText(feed.title),
    description: truncateText(plainText(feed.description), DESCRIPTION_MAX),
    siteUrl: absoluteUrl(feed.link, base) ?? new URL(context.feedUrl).origin,
    imageUrl: absoluteUrl(feed.image?.url, base),
    language: normalizeLanguage(feed.dc?.languages?.[0] ?? feed.xml?.lang),
    authorName: cleanString(feed.dc?.creators?.[0]) ?? cleanString(feed.dc?.publishers?.[0]),
    authorEmail: null,
    copyright: plainText(feed.dc?.rights?.[0]),
    generator: null,
    // RDF feeds say how often they change with the syndication module, not ttl.
    ttlMinutes: syndicationMinutes(feed.sy?.updatePeriod, feed.sy?.updateFrequency),
    skipHours: [],
    skipDays: [],
    podcast: null,
  };
  const items = (feed.items ?? []).map((item) => mapRssItem(item as RssFeed.Item<string>, base, context));
  return { format: 'rdf', meta, items };
}

function mapRssItem(item: RssFeed.Item<string>, channelBase: string, context: MapContext): DraftItem {
  const base = nestedBase(item.xml?.base, channelBase);
  const guidValue = cleanString(item.guid?.value);
  const permalink = item.guid?.isPermaLink !== false ? absoluteUrl(guidValue, null) : null;
  const url = absoluteUrl(item.link, base) ?? permalink;
  const encoded = cleanString(item.content?.encoded);
  const descriptionRaw = cleanString(item.description) ?? cleanString(item.dc?.descriptions?.[0]);
  // WordPress SEO plugins append "The post … appeared first on …" to every excerpt: not the author's words.
  const descriptionText =
    plainText(descriptionRaw)?.replace(/\s*The post .{1,300}? appeared first on .{1,200}?\.$/, '') || null;
  const body = encoded ?? descriptionRaw ?? cleanString(item.itunes?.summary);
  // With a full body in content:encoded, a short description is the post's dek (Substack, Beehiiv, Ghost do this).
  const subtitle =
    plainText(item.itunes?.subtitle) ??
    (encoded && descriptionText && descriptionText.length <= SUBTITLE_MAX ? descriptionText : null);
  const audio = audioOf(item, base);
  return {
    guid: guidValue,
    url,
    title: plainText(item.title ?? item.itunes?.title ?? item.dc?.titles?.[0]),
    subtitle,
    description: truncateText(descriptionText ?? plainText(item.itunes?.summary), DESCRIPTION_MAX),
    contentHtml: body ? absolutizeHtml(looksLikeHtml(body) ? body : `<p>${escapeHtml(body)}</p>`, base) : null,
    author:
      cleanString(item.dc?.creators?.[0]) ??
      // RSS <author> is "email (Name)"; a bare address is contact data, not a byline.
      cleanString(item.authors?.[0]?.name) ??
      cleanString(item.itunes?.author),
    publishedAt: feedDate(item.pubDate ?? item.dc?.dates?.[0] ?? item.atom?.published, context.now),
    updatedAt: feedDate(item.atom?.updated ?? item.dcterms?.modified, context.now),
    imageUrl:
      absoluteUrl(item.itunes?.image, base) ??
      absoluteUrl(item.media?.thumbnails?.[0]?.url, base) ??
      absoluteUrl(item.media?.contents?.find((content) => content.medium === 'image')?.url, base) ??
      absoluteUrl(item.enclosures?.find((enclosure) => enclosure.type?.startsWith('image/'))?.url, base),
    categories: uniqueStrings([...(item.categories ?? []).map((c) => c.name), ...(item.dc?.subjects ?? [])]),
    language: normalizeLanguage(item.dc?.languages?.[0] ?? item.xml?.lang),
    audio,
    episode: positiveInteger(item.itunes?.episode ?? item.podcast?.episode?.number),
    season: positiveInteger(item.itunes?.season ?? item.podcast?.season?.number),
    episodeType: cleanString(item.itunes?.episodeType),
    transcripts: transcriptsOf(item.podcast?.transcripts, base),
  };
}

const AUDIO_EXTENSION = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac|mp4|m4v)(\?|$)/i;

function audioOf(item: RssFeed.Item<string>, base: string): FeedAudio | null {
  const enclosure =
    item.enclosures?.find((e) => /^(audio|video)\//i.test(e.type ?? '')) ??
    item.enclosures?.find((e) => !e.type && AUDIO_EXTENSION.test(e.url ?? ''));
  const url = absoluteUrl(enclosure?.url, base);
  if (!enclosure || !url) return null;
  return {
    url,
    type: cleanString(enclosure.type)?.toLowerCase() ?? null,
    lengthBytes: positiveInteger(enclosure.length),
    durationSeconds: positiveInteger(item.itunes?.duration),
  };
}

function transcriptsOf(transcripts: PodcastNs.Transcript[] | undefined, base: string): FeedTranscript[] {
  const out: FeedTranscript[] = [];
  for (const transcript of transcripts ?? []) {
    const url = absoluteUrl(transcript.url, base);
    const type = cleanString(transcript.type)?.toLowerCase();
    if (!url || !type) continue;
    out.push({ url, type, language: normalizeLanguage(transcript.language), rel: cleanString(transcript.rel) });
  }
  return out;
}

function podcastMeta(
  itunes: ItunesNs.Feed | undefined,
  podcast: PodcastNs.Feed<string> | undefined,
  base: string,
): PodcastMeta {
  const categories: string[] = [];
  for (const category of itunes?.categories ?? []) {
    const parent = cleanString(category.text);
    if (!parent) continue;
    categories.push(parent);
    for (const child of category.categories ?? []) {
      const name = cleanString(child.text);
      if (name) categories.push(`${parent} > ${name}`);
    }
  }
  const type = itunes?.type?.trim().toLowerCase();
  return {
    author: cleanString(itunes?.author),
    explicit: itunes?.explicit ?? null,
    categories: uniqueStrings(categories),
    type: type === 'episodic' || type === 'serial' ? type : null,
    imageUrl: absoluteUrl(itunes?.image, base),
    ownerName: cleanString(itunes?.owner?.name),
    ownerEmail: email(itunes?.owner?.email),
    guid: cleanString(podcast?.guid),
    locked: podcast?.locked?.value ?? null,
    newFeedUrl: absoluteUrl(itunes?.newFeedUrl, base),
    medium: cleanString(podcast?.medium),
  };
}

function email(value: string | undefined): string | null {
  const text = cleanString(value)?.replace(/^mailto:/i, '');
  return text && /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/.test(text) ? text.toLowerCase() : null;
}

function uniqueHours(hours: number[]): number[] {
  return [...new Set(hours.filter((hour) => Number.isInteger(hour) && hour >= 0 && hour <= 23))].sort((a, b) => a - b);
}

function skipDays(parsed: string[] | undefined, raw: string): string[] {
  let days = parsed ?? [];
  // feedsmith 3.0.1 drops a <skipDays> holding a single <day>; read it from the text then.
  if (days.length === 0) {
    const lower = raw.toLowerCase();
    const start = lower.indexOf('<skipdays>');
    const end = start < 0 ? -1 : lower.indexOf('</skipdays>', start);
    const block = end < 0 ? '' : raw.slice(start, end);
    days = [...block.matchAll(/<day>\s*([A-Za-z]+)\s*<\/day>/gi)].map((match) => match[1] ?? '');
  }
  const names = days.map((day) => WEEKDAYS.find((name) => name.toLowerCase() === day.trim().toLowerCase()));
  return WEEKDAYS.filter((name) => names.includes(name));
}

function syndicationMinutes(period: string | undefined, frequency: number | undefined): number | null {
  const minutes = { hourly: 60, daily: 1440, weekly: 10080, monthly: 43200, yearly: 525600 }[
    period?.trim().toLowerCase() ?? ''
  ];
  if (!minutes) return null;
  const times = positiveInteger(frequency) ?? 1;
  return Math.max(1, Math.round(minutes / times));
}
