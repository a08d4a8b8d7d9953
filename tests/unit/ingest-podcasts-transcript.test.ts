import { describe, expect, it } from 'vitest';
import type { FeedTranscript } from '@/lib/ingest/feeds/feed-types';
import { episodeTextSource } from '@/lib/ingest/podcasts/episode-text-source';
import { chooseTranscript, parseTranscript, TranscriptParseError } from '@/lib/ingest/podcasts/transcript';
import { feedFixture, thrown } from '@/tests/helpers/feed-fixtures';

const fixture = feedFixture;

const transcriptError = (run: () => unknown) => thrown(TranscriptParseError, run);

describe('parseTranscript', () => {
  it('reads WebVTT: voices as speakers, header, NOTE, STYLE, cue ids, timings and tags gone, rolling lines merged', () => {
    expect(parseTranscript(fixture('cf-042.vtt'), 'text/vtt')).toBe(
      [
        "Nadia Brooks: Welcome back to Capital Flows. I'm Nadia Brooks. Today: Japan's banks, and what happens when rates finally leave zero. My guest is Kenji Watanabe.",
        'Kenji Watanabe: Thanks, Nadia. The short version: MUFG earns more on every deposit & loan. A 1% policy rate adds roughly 15% to net interest income.',
        'Nadia Brooks: So you own MUFG and SMFG?',
        'Kenji Watanabe: We own both, yes.',
      ].join('\n\n'),
    );
  });

  it('reads SRT with CRLF line ends: numbers and timings gone, "NAME:" read as a speaker, "Today:" not', () => {
    expect(fixture('cf-042.srt')).toContain('\r\n');
    expect(parseTranscript(fixture('cf-042.srt'), 'application/x-subrip')).toBe(
      [
        "Welcome back to Capital Flows. I'm Nadia Brooks. Today: Japan's banks, and what happens when rates finally leave zero. My guest is Kenji Watanabe.",
        'KENJI: Thanks, Nadia. The short version: MUFG earns more on every deposit. A 1% policy rate adds roughly 15% to net interest income.',
      ].join('\n\n'),
    );
  });

  it('reads Podcasting 2.0 JSON: turns merged, a speaker-less segment continues the turn, blank bodies skipped', () => {
    expect(parseTranscript(fixture('cf-041.json'), 'application/json')).toBe(
      [
        'Nadia Brooks: Private credit is having its first real test. Alicia, how bad is it?',
        'Alicia Moreno: Non-accruals are up, but they are concentrated in software loans. ARCC has less than 2% of its book on non-accrual.',
        'Nadia Brooks: Good to hear.',
        'Alicia Moreno: We still prefer the senior secured lenders.',
      ].join('\n\n'),
    );
  });

  it('reads HTML transcripts: cite as speaker, time, script and style dropped', () => {
    expect(parseTranscript(fixture('cf-042.html'), 'text/html; charset=utf-8')).toBe(
      [
        'Japan’s banks after zero rates',
        'Nadia Brooks: Welcome back to Capital Flows. Today: Japan’s banks.',
        'Kenji Watanabe: Thanks, Nadia. MUFG earns more on every deposit & loan. A 1% policy rate adds roughly 15% to net interest income.',
      ].join('\n\n'),
    );
  });

  it('reads plain text: timestamps dropped, speaker prefixes kept', () => {
    expect(parseTranscript(fixture('cf-042.txt'), 'text/plain')).toBe(
      [
        "Nadia Brooks: Welcome back to Capital Flows. Today, Japan's banks.",
        'Kenji Watanabe: Thanks, Nadia. MUFG earns more on every deposit.',
      ].join('\n\n'),
    );
  });

  it('breaks a long speaker-less run into paragraphs at sentence ends', () => {
    const cue = (i: number) =>
      `${i + 1}\n00:00:0${i % 10},000 --> 00:00:0${i % 10},900\nIn part ${i}, rates are falling and duration is back in favour with allocators.\n`;
    const srt = Array.from({ length: 12 }, (_, i) => cue(i)).join('\n');
    const paragraphs = parseTranscript(srt, 'application/srt').split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(1);
    for (const paragraph of paragraphs) expect(paragraph.length).toBeLessThan(700);
  });

  it('refuses unknown types, bad JSON and transcripts without text with typed errors', () => {
    expect(transcriptError(() => parseTranscript('x', 'application/pdf')).reason).toBe('unsupported_type');
    expect(transcriptError(() => parseTranscript('{"segments": [', 'application/json')).reason).toBe('malformed');
    expect(transcriptError(() => parseTranscript('{"segments": 3}', 'application/json')).reason).toBe('malformed');
    expect(transcriptError(() => parseTranscript('null', 'application/json')).reason).toBe('malformed');
    expect(transcriptError(() => parseTranscript('WEBVTT\n\nNOTE nothing here\n', 'text/vtt')).reason).toBe('empty');
    expect(transcriptError(() => parseTranscript('   ', 'text/plain')).reason).toBe('empty');
  });
});

describe('chooseTranscript', () => {
  const t = (type: string, language: string | null = null): FeedTranscript => ({
    url: `https://capitalflows.fm/t.${type.split('/')[1]}`,
    type,
    language,
    rel: null,
  });

  it('prefers JSON, then VTT, SRT, HTML and plain text, and skips formats it cannot read', () => {
    expect(
      chooseTranscript([t('text/html'), t('text/vtt'), t('application/json'), t('application/x-subrip')])?.type,
    ).toBe('application/json');
    expect(chooseTranscript([t('text/plain'), t('text/html'), t('application/x-subrip'), t('text/vtt')])?.type).toBe(
      'text/vtt',
    );
    expect(chooseTranscript([t('text/plain'), t('application/srt')])?.type).toBe('application/srt');
    expect(chooseTranscript([t('text/plain'), t('text/html')])?.type).toBe('text/html');
    expect(chooseTranscript([t('application/pdf')])).toBeNull();
    expect(chooseTranscript([])).toBeNull();
  });

  it('prefers the wanted language when it is offered', () => {
    const chosen = chooseTranscript([t('application/json', 'es'), t('text/vtt', 'en-US')], { language: 'en' });
    expect(chosen?.type).toBe('text/vtt');
    expect(chooseTranscript([t('application/json', 'es')], { language: 'en' })?.type).toBe('application/json');
  });
});

describe('episodeTextSource', () => {
  const base = {
    transcriptText: null,
    audio: { url: 'https://media.capitalflows.fm/episodes/cf-042.mp3', durationSeconds: 3858 },
    transcriptionEnabled: true,
    maxTranscriptionSeconds: 7200,
    showNotesText: 'Kenji Watanabe on Japanese banks.',
  };

  it('uses a published transcript with substance first', () => {
    expect(episodeTextSource({ ...base, transcriptText: 'Nadia Brooks: '.padEnd(400, 'x') })).toBe('transcript');
    // A stub is not a transcript.
    expect(episodeTextSource({ ...base, transcriptText: 'Transcript coming soon.' })).toBe('transcription');
  });

  it('transcribes the audio when allowed and not too long, else falls back to the show notes', () => {
    expect(episodeTextSource(base)).toBe('transcription');
    expect(episodeTextSource({ ...base, transcriptionEnabled: false })).toBe('show_notes');
    expect(episodeTextSource({ ...base, maxTranscriptionSeconds: 3600 })).toBe('show_notes');
    expect(episodeTextSource({ ...base, audio: { url: base.audio.url, durationSeconds: null } })).toBe('show_notes');
    expect(
      episodeTextSource({
        ...base,
        audio: { url: base.audio.url, durationSeconds: null },
        maxTranscriptionSeconds: null,
      }),
    ).toBe('transcription');
    expect(episodeTextSource({ ...base, audio: null })).toBe('show_notes');
  });

  it('has nothing to summarize without transcript, audio or notes', () => {
    expect(episodeTextSource({ ...base, audio: null, showNotesText: '  ' })).toBeNull();
  });
});
