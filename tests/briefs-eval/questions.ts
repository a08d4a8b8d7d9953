import type { JudgedQuestion } from './question-types';
import { DEMO_QUESTIONS } from './questions-demo';
import { REAL_QUESTIONS } from './questions-real';

/** Every judged question of the briefs eval: the demo corpus's, then the real-text corpus's. */
export const BRIEF_QUESTIONS: readonly JudgedQuestion[] = [...DEMO_QUESTIONS, ...REAL_QUESTIONS];
