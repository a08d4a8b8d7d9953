import { beforeAll, describe, expect, it } from 'vitest';
import { type DefectReport, evaluateSummaryDefects } from '@/lib/ai/evaluation/summary-defects';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { loadRealCorpus } from '@/tests/fixtures/real-text/corpus';

// Issue 34's defect count on real text (npm run eval:summaries prints the same): every one of 5,525 real posts (news,
// blogs, podcasts' show notes, a transcript, newsletters) summarized offline as the service sells it, and no summary
// glues sentences, shows markup or quote markers, repeats a sentence, sells boilerplate, leads with someone else's
// quotation, or hides that it covers a teaser. A quality floor, not a timing test (about half a minute).
describe('offline summaries of real text', () => {
  let report: DefectReport;
  beforeAll(async () => {
    report = await evaluateSummaryDefects(await loadRealCorpus(), new ExtractiveSummarizer());
  }, 300_000);

  it('covers the whole corpus, teasers included', () => {
    expect(report.posts).toBeGreaterThanOrEqual(5000);
    expect(report.teasers).toBeGreaterThanOrEqual(500);
  });

  it('has no defect in any summary', () => {
    const listed = report.defects.slice(0, 30).map((d) => `${d.post} ${d.kind}: ${d.line.slice(0, 160)}`);
    expect(report.byKind, listed.join('\n')).toEqual({
      glued: 0,
      markup: 0,
      repeated: 0,
      boilerplate: 0,
      quoted: 0,
      unlabelled: 0,
    });
  });
});
