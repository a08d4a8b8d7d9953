import type { JudgedQuestion } from './question-types';
import { CLAIM_QUESTIONS } from './questions-claims';
import { BATCH4_QUESTIONS } from './questions-claims-b4';
import { BATCH5_QUESTIONS } from './questions-claims-b5';
import { BATCH6_QUESTIONS } from './questions-claims-b6';
import { BATCH7_QUESTIONS } from './questions-claims-b7';
import { BATCH8_QUESTIONS } from './questions-claims-b8';
import { BATCH9_QUESTIONS } from './questions-claims-b9';
import { BATCH10_QUESTIONS } from './questions-claims-b10';
import { BATCH11_QUESTIONS } from './questions-claims-b11';
import { BATCH12_QUESTIONS } from './questions-claims-b12';
import { DEMO_QUESTIONS } from './questions-demo';
import { REAL_QUESTIONS } from './questions-real';

/** Every judged question of the briefs eval: the demo corpus's, then the real-text corpus's. */
export const BRIEF_QUESTIONS: readonly JudgedQuestion[] = [...DEMO_QUESTIONS, ...REAL_QUESTIONS];

/** The eval's question sets: per corpus judged per post, and the claim-judged real-text batches. */
export type EvalSet =
  | 'demo'
  | 'real'
  | 'batch1'
  | 'batch2'
  | 'batch3'
  | 'batch4'
  | 'batch5'
  | 'batch6'
  | 'batch7'
  | 'batch8'
  | 'batch9'
  | 'batch10'
  | 'batch11'
  | 'batch12';

export function questionsOf(set: EvalSet): JudgedQuestion[] {
  switch (set) {
    case 'demo':
      return DEMO_QUESTIONS;
    case 'real':
      return REAL_QUESTIONS;
    case 'batch1':
      return CLAIM_QUESTIONS.filter((q) => q.batch === 1);
    case 'batch2':
      return CLAIM_QUESTIONS.filter((q) => q.batch === 2);
    case 'batch3':
      return CLAIM_QUESTIONS.filter((q) => q.batch === 3);
    case 'batch4':
      return BATCH4_QUESTIONS;
    case 'batch5':
      return BATCH5_QUESTIONS;
    case 'batch6':
      return BATCH6_QUESTIONS;
    case 'batch7':
      return BATCH7_QUESTIONS;
    case 'batch8':
      return BATCH8_QUESTIONS;
    case 'batch9':
      return BATCH9_QUESTIONS;
    case 'batch10':
      return BATCH10_QUESTIONS;
    case 'batch11':
      return BATCH11_QUESTIONS;
    case 'batch12':
      return BATCH12_QUESTIONS;
  }
}
