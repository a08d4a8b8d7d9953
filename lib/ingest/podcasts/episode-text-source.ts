export type EpisodeTextSource = 'transcript' | 'transcription' | 'show_notes';

export type EpisodeTextInput = {
  /** Text of the published transcript once fetched and parsed; null when none was published or it failed. */
  transcriptText: string | null;
  /** The episode's audio, when its enclosure has one. */
  audio: { url: string; durationSeconds: number | null } | null;
  /** Whether speech-to-text may run here (an OpenAI key is configured and the operator allows it). */
  transcriptionEnabled: boolean;
  /** Longest episode worth paying to transcribe; longer or unknown-length ones are only transcribed when null. */
  maxTranscriptionSeconds: number | null;
  /** Plain text of the show notes. */
  showNotesText: string | null;
  /** A published transcript shorter than this is a stub ("Transcript coming soon"), not the episode (default 200). */
  minTranscriptChars?: number;
};

/**
 * Where an episode's text to summarize comes from: the published transcript when it has substance, else our own
 * transcription of the audio when allowed, else the show notes. Null when none of them is available: the episode is
 * listed but not summarized.
 */
export function episodeTextSource(input: EpisodeTextInput): EpisodeTextSource | null {
  const minimum = input.minTranscriptChars ?? 200;
  if (input.transcriptText && input.transcriptText.trim().length >= minimum) return 'transcript';
  if (input.audio && input.transcriptionEnabled) {
    const limit = input.maxTranscriptionSeconds;
    const duration = input.audio.durationSeconds;
    if (limit === null || (duration !== null && duration <= limit)) return 'transcription';
  }
  if (input.showNotesText && input.showNotesText.trim().length > 0) return 'show_notes';
  return null;
}
