import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sentenceEncoder, similarity } from '@/lib/ai/text/sentence-encoder';

// The sentence encoder the claim test reads meaning with (lib/briefs/meaning.ts) runs from the weights inside its npm
// package: the default install, CI and `npm start` work with no network. Every way out of the process is closed here,
// so a version that fetched its model (the library's default source does) fails this test.
const blocked: string[] = [];
const refuse = (what: string) => () => {
  blocked.push(what);
  throw new Error(`network used: ${what}`);
};

beforeAll(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(refuse('fetch'));
  vi.spyOn(http, 'request').mockImplementation(refuse('http.request'));
  vi.spyOn(http, 'get').mockImplementation(refuse('http.get'));
  vi.spyOn(https, 'request').mockImplementation(refuse('https.request'));
  vi.spyOn(https, 'get').mockImplementation(refuse('https.get'));
  vi.spyOn(net, 'connect').mockImplementation(refuse('net.connect'));
  vi.spyOn(net, 'createConnection').mockImplementation(refuse('net.createConnection'));
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('the sentence encoder (Universal Sentence Encoder Lite, from the npm weights)', () => {
  it('loads with no network, and ranks the sentence that answers in other words above ones that share a word', async () => {
    const question = 'How fast is pay rising for American workers?';
    const sentences = [
      'Average hourly earnings rose 0.4% in November and are up 4.1% from a year earlier.',
      'Pay attention to the fine print before you sign up for the new phone plan.',
      'The tablet refreshes at a rate of 120 Hz and ships on Friday.',
    ];
    const [q, ...vectors] = await sentenceEncoder.embed([question, ...sentences]);
    const scores = vectors.map((v) => similarity(q!, v));
    expect(blocked).toEqual([]);
    expect(vectors.every((v) => v.length === 512)).toBe(true);
    expect(scores[0]).toBeGreaterThan(scores[1]! + 0.1);
    expect(scores[0]).toBeGreaterThan(scores[2]! + 0.1);
    // Unit vectors: a text is its own nearest, at 1.
    const [again] = await sentenceEncoder.embed([sentences[0]!]);
    expect(similarity(again!, vectors[0]!)).toBeCloseTo(1, 5);
  }, 60_000);
});
