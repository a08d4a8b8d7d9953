import { createHash } from 'node:crypto';
import { transcribeAudio } from '@/lib/ai/transcription';
import type { FeedItem } from '@/lib/ingest/feeds/feed-types';
import { episodeTextSource } from '@/lib/ingest/podcasts/episode-text-source';
import { chooseTranscript, parseTranscript } from '@/lib/ingest/podcasts/transcript';
import type { PostDraft } from '@/lib/posts/post-draft';
import { rawKey } from '@/lib/storage/raw-key';
import { fetchWithDeps } from './fetch-feed';
import type { SyncDeps } from './sync-deps';

const TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024;
const AUDIO_MAX_BYTES = 300 * 1024 * 1024;
const MAX_TRANSCRIPTION_SECONDS = 3 * 60 * 60;

export interface KnownEpisodeText {
  bodyText: string;
  textSource: string | null;
  rawKey: string | null;
  rawContentType: string | null;
}

/**
 * An episode's text to summarize, and where it came from: its published transcript (fetched, parsed, and kept raw in
 * object storage), else a transcription of the audio when OpenAI is configured, else the show notes. A transcript or
 * transcription is fetched once: an episode that already has one keeps it on later syncs. A transcript that cannot
 * be fetched or read falls back to the next source rather than failing the feed.
 */
export async function withEpisodeText(
  draft: PostDraft,
  item: FeedItem,
  context: { publicationSlug: string; known: KnownEpisodeText | undefined; deps: SyncDeps; log(line: string): void },
): Promise<PostDraft> {
  const { known, deps } = context;
  if (known && (known.textSource === 'transcript' || known.textSource === 'transcription')) {
    return {
      ...draft,
      bodyText: known.bodyText,
      textSource: known.textSource,
      rawKey: known.rawKey,
      rawContentType: known.rawContentType,
    };
  }
  const transcript = await fetchTranscript(item, context);
  const source = episodeTextSource({
    transcriptText: transcript?.text ?? null,
    audio: item.audio && { url: item.audio.url, durationSeconds: item.audio.durationSeconds },
    transcriptionEnabled: deps.transcription !== null,
    maxTranscriptionSeconds: MAX_TRANSCRIPTION_SECONDS,
    showNotesText: draft.bodyText,
  });
  if (source === 'transcript' && transcript) {
    return {
      ...draft,
      bodyText: transcript.text,
      textSource: 'transcript',
      rawKey: transcript.key,
      rawContentType: transcript.type,
    };
  }
  if (source === 'transcription' && item.audio && deps.transcription) {
    try {
      const audio = await fetchWithDeps(item.audio.url, deps, {
        maxBytes: AUDIO_MAX_BYTES,
        totalTimeoutMs: 600_000,
        accept: 'audio/*',
      });
      if (audio.status === 200) {
        const result = await transcribeAudio(
          {
            audio: audio.body,
            filename: 'episode.mp3',
            mimeType: audio.contentType ?? item.audio.type ?? 'audio/mpeg',
          },
          deps.transcription,
        );
        return { ...draft, bodyText: result.text, textSource: 'transcription' };
      }
    } catch (error) {
      context.log(`transcription of ${item.guid} failed: ${(error as Error).message}`);
    }
  }
  return { ...draft, textSource: 'show_notes' };
}

/** The published transcript, trying the readable ones best first until one can be fetched and read (at most 3). */
async function fetchTranscript(
  item: FeedItem,
  context: { publicationSlug: string; deps: SyncDeps; log(line: string): void },
): Promise<{ text: string; key: string; type: string } | null> {
  let remaining = item.transcripts;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const chosen = chooseTranscript(remaining, { language: item.language });
    if (!chosen) return null;
    remaining = remaining.filter((transcript) => transcript !== chosen);
    try {
      const fetched = await fetchWithDeps(chosen.url, context.deps, {
        maxBytes: TRANSCRIPT_MAX_BYTES,
        accept: `${chosen.type}, */*;q=0.5`,
      });
      if (fetched.status !== 200) continue;
      const text = parseTranscript(fetched.text, chosen.type);
      const key = rawKey('transcripts', context.publicationSlug, `${digest(item.guid)}.txt`);
      // Kept under the type it was read as, so `posts reprocess` parses it the same way.
      await context.deps.rawStore.put(key, fetched.body, chosen.type);
      return { text, key, type: chosen.type };
    } catch (error) {
      context.log(`transcript ${chosen.url} of ${item.guid} unusable: ${(error as Error).message}`);
    }
  }
  return null;
}

function digest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 24);
}
