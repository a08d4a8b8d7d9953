import { describe, expect, it } from 'vitest';
import { splitSentences } from '@/lib/ai/text/sentences';

const texts = (text: string) => splitSentences(text).map((sentence) => sentence.text);

describe('splitSentences at a dotted acronym', () => {
  it('ends the sentence when the next word opens one ("…in the U.S. Are they…")', () => {
    expect(texts('A new discount store opens every six hours in the U.S. Are grocers worried?')).toEqual([
      'A new discount store opens every six hours in the U.S.',
      'Are grocers worried?',
    ]);
    expect(texts('Sales fell in the U.K. The bank blamed the weather.')).toEqual([
      'Sales fell in the U.K.',
      'The bank blamed the weather.',
    ]);
  });

  it('keeps a name that follows the acronym in the sentence ("U.S. Steel")', () => {
    expect(texts('He joined U.S. Steel in 2001. The U.S. economy grew.')).toEqual([
      'He joined U.S. Steel in 2001.',
      'The U.S. economy grew.',
    ]);
  });
});
