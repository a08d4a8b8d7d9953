/**
 * The claim test's inputs for the judged real-text batches, saved once and replayed: every question asked of the
 * real-text corpus as the service asks it (hybrid search, the lead-meaning index, the eval's clock), with each
 * candidate post's scored passages and a label per passage. Asking the corpus takes half an hour on the shared
 * machine; replaying a claim test over the saved rows takes seconds, which is what lets `npm run train:briefs` fit the
 * learned test and compare it with the rules, and what calibrates the rules' thresholds (scripts/calibrate-briefs.ts).
 */
import { readFileSync } from 'node:fs';
import { asksFigure, asksMoney } from '@/lib/briefs/asked-figure';
import { askedPlaces } from '@/lib/briefs/asked-place';
import { askedTime } from '@/lib/briefs/asked-time';
import { draftExtractively } from '@/lib/briefs/generate-offline';
import type { ScoredPassage } from '@/lib/briefs/meaning';
import { readCandidates } from '@/lib/briefs/select-sources';
import type { Subject } from '@/lib/briefs/subject';
import type { SourcePost } from '@/lib/briefs/types';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { BRIEFS_EVAL_NOW, openEvalCorpus } from './corpora';
import { expectsNoAnswer, type RealQuestion } from './question-types';
import type { ClaimJudge } from './run';

export interface CandidateRow {
  post: { key: string; title: string; publicationTitle: string | null };
  passages: ScoredPassage[];
  mentions: number;
  sentences: number;
  /** Per passage: 1 answers, 0 does not, null unjudged in a relevant post (left out of training). */
  labels: Array<0 | 1 | null>;
}

export interface QuestionRows {
  id: string;
  batch: number;
  trap: boolean;
  question: string;
  subject: Subject;
  candidates: CandidateRow[];
}

/**
 * Every question's candidates with their scored passages and labels. A passage is labelled 1 when it is judged to
 * answer, 0 when it is judged not to, offered for a question no post answers, or in a post not judged relevant.
 */
export async function extractRows(
  questions: readonly RealQuestion[],
  judge: ClaimJudge,
  dataDir: string | null,
): Promise<QuestionRows[]> {
  const embeddings = selectEmbeddingProvider({ provider: 'local' });
  const opened = await openEvalCorpus('real', embeddings, (line) => console.error(line), {
    leadMeanings: true,
    dataDir,
  });
  const out: QuestionRows[] = [];
  try {
    for (const question of questions) {
      const relevant = opened.judge(question);
      const trap = expectsNoAnswer(question);
      const { subject, candidates } = await readCandidates(
        opened.db,
        { question: question.question, window: question.window },
        { now: BRIEFS_EVAL_NOW, embeddings, leads: true },
      );
      out.push({
        id: question.id,
        batch: question.batch!,
        trap,
        question: question.question,
        subject,
        candidates: candidates.map(({ post, passages, mentions, sentences }) => {
          const key = `${post.publicationSlug}/${post.postSlug}`;
          return {
            post: { key, title: post.title, publicationTitle: post.publicationTitle },
            passages,
            mentions,
            sentences,
            labels: passages.map((p) => {
              if (trap) return 0;
              const verdict = judge(question, [p.quote]);
              if (verdict !== 'unjudged') return verdict === 'answers' ? 1 : 0;
              return (relevant.get(key) ?? 0) > 0 ? null : 0;
            }),
          };
        }),
      });
      console.error(`${out.length}/${questions.length} ${question.id}`);
    }
  } finally {
    await opened.db.close();
  }
  return out;
}

/**
 * Rows saved by --save-rows, from one file or several (one per batch); a subject saved before it read whether the
 * question asks for a figure is read so now, and the time and countries it asks about are read anew.
 */
export function loadRows(files: readonly string[]): QuestionRows[] {
  return files.flatMap((file) =>
    (JSON.parse(readFileSync(file, 'utf8')) as QuestionRows[]).map((q) => ({
      ...q,
      subject: {
        ...q.subject,
        asksFigure: q.subject.asksFigure ?? asksFigure(q.question),
        // Read from the question's words alone: read anew, so that saved rows replay the current reading.
        asksMoney: asksMoney(q.question),
        askedTime: askedTime(q.question),
        askedPlaces: askedPlaces(q.question),
      },
    })),
  );
}

/** A brief's figures as the eval counts them: questions refused and answered, claims judged to answer. */
export interface Figures {
  traps: number;
  refused: number;
  answerable: number;
  answered: number;
  claimsAnswering: number;
  claimsJudged: number;
  claimsUnjudged: number;
}

export function emptyFigures(): Figures {
  return { traps: 0, refused: 0, answerable: 0, answered: 0, claimsAnswering: 0, claimsJudged: 0, claimsUnjudged: 0 };
}

export function addFigures(into: Figures, f: Figures): void {
  for (const key of Object.keys(into) as Array<keyof Figures>) into[key] += f[key];
}

/** The sources a claim test picks for one question, from its saved candidates (chooseSources, as the service does). */
export type ChooseFn = (q: QuestionRows) => ReadonlyArray<CandidateRow['post'] & { claims: SourcePost['claims'] }>;

/** The briefs a claim test makes of these questions (sources, then the offline answer, as planBrief does), measured. */
export function measureRows(
  list: readonly QuestionRows[],
  choose: ChooseFn,
  judge: ClaimJudge,
  questionById: ReadonlyMap<string, RealQuestion>,
): Figures {
  const f = emptyFigures();
  for (const q of list) {
    const posts = choose(q).map(
      (s) =>
        ({
          title: s.title,
          publicationTitle: s.publicationTitle,
          id: s.key,
          publicationId: '',
          publicationSlug: s.key.split('/')[0]!,
          postSlug: s.key.split('/').slice(1).join('/'),
          publishedAt: null,
          text: '',
          claims: s.claims,
        }) satisfies SourcePost,
    );
    const draft = draftExtractively(posts);
    const answered = posts.length > 0 && draft.answersQuestion;
    if (q.trap) {
      f.traps += 1;
      if (!answered) f.refused += 1;
    } else {
      f.answerable += 1;
      if (answered) f.answered += 1;
    }
    const question = questionById.get(q.id)!;
    for (const claim of draft.claims) {
      const quotes = claim.citations.map((c) => c.quote);
      const verdict = q.trap ? 'not' : judge(question, quotes);
      if (verdict === 'unjudged') f.claimsUnjudged += 1;
      else {
        f.claimsJudged += 1;
        if (verdict === 'answers') f.claimsAnswering += 1;
      }
    }
  }
  return f;
}

export const share = (a: number, b: number) => (b === 0 ? 1 : a / b);

/** "refused (n/m)  answered (n/m)  claims answering of judged (+unjudged)". */
export function figuresLine(f: Figures): string {
  return `${share(f.refused, f.traps).toFixed(3)} (${f.refused}/${f.traps})  ${share(f.answered, f.answerable).toFixed(3)} (${f.answered}/${f.answerable})  ${f.claimsAnswering} of ${f.claimsJudged}${f.claimsUnjudged ? ` (+${f.claimsUnjudged} unjudged)` : ''}`;
}
