import { ScrollTable } from '@/components/account/ScrollTable';
import { TD } from '@/components/account/styles';
import type { RecordSummary } from '@/lib/track-record/compute-record';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const W = 640;
const H = 200;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

/** The cumulative excess return of the calls by entry day: a line, with zero marked. Server-rendered SVG. */
function CumulativeChart({ points }: { points: RecordSummary['chart']['cumulative'] }) {
  const values = points.map((p) => p.value);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0 : (i / (points.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + ((hi - v) / span) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const last = points.at(-1);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Cumulative excess return of the calls by entry day, from ${points[0]?.date} to ${last?.date}: ${pct(last?.value ?? null)}`}
      data-testid="record-cumulative-chart"
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" strokeDasharray="4 4" />
      <text x={PAD.left - 6} y={y(hi) + 4} textAnchor="end" fontSize="12" fill="#334155">
        {pct(hi)}
      </text>
      <text x={PAD.left - 6} y={y(lo) + 4} textAnchor="end" fontSize="12" fill="#334155">
        {pct(lo)}
      </text>
      <text x={PAD.left} y={H - 8} fontSize="12" fill="#334155">
        {points[0]?.date}
      </text>
      <text x={W - PAD.right} y={H - 8} textAnchor="end" fontSize="12" fill="#334155">
        {last?.date}
      </text>
      <path d={path} fill="none" stroke="#4338ca" strokeWidth="2" />
    </svg>
  );
}

function bucketLabel(from: number | null, to: number | null): string {
  const p = (x: number) => `${Math.round(x * 100)}%`;
  if (from === null) return `< ${p(to!)}`;
  if (to === null) return `≥ ${p(from)}`;
  return `${p(from)} to ${p(to)}`;
}

/** How the calls' excess returns to date are spread: one bar per bucket, losses red, gains green. */
function DistributionChart({ buckets }: { buckets: RecordSummary['chart']['distribution'] }) {
  const most = Math.max(1, ...buckets.map((b) => b.count));
  const band = (W - PAD.left - PAD.right) / buckets.length;
  const base = H - PAD.bottom - 12;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Distribution of the calls' excess returns to date: ${buckets.map((b) => `${bucketLabel(b.from, b.to)}: ${b.count}`).join(', ')}`}
      data-testid="record-distribution-chart"
    >
      {buckets.map((b, i) => {
        const height = (b.count / most) * (base - PAD.top - 12);
        const left = PAD.left + i * band;
        return (
          <g key={bucketLabel(b.from, b.to)}>
            <rect
              x={left + 4}
              y={base - height}
              width={band - 8}
              height={height}
              fill={b.to !== null && b.to <= 0 ? '#dc2626' : '#059669'}
            />
            <text x={left + band / 2} y={base - height - 4} textAnchor="middle" fontSize="12" fill="#0f172a">
              {b.count}
            </text>
            <text x={left + band / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#334155">
              {bucketLabel(b.from, b.to)}
            </text>
          </g>
        );
      })}
      <line x1={PAD.left} x2={W - PAD.right} y1={base} y2={base} stroke="#94a3b8" />
    </svg>
  );
}

/** A publication's track record on its page: the figures per horizon and the two charts (docs/track-record.md). */
export function TrackRecordPanel({ slug, summary }: { slug: string; summary: RecordSummary }) {
  const { counts } = summary;
  return (
    <section aria-labelledby="record-heading" className="mt-10" data-testid="track-record">
      <h2 id="record-heading" className="text-xl font-bold tracking-tight">
        Track record
      </h2>
      <p className="mt-2 max-w-3xl text-sm leading-relaxed text-slate-700">
        {counts.calls} stock and ETF calls: {counts.scored} scored, {counts.pending} pending, {counts.unpriced}{' '}
        unpriced, {counts.exits} exits. Each call enters at the first close after its post; its excess return is over{' '}
        {summary.benchmark}, signed by its direction.{' '}
        {summary.pricesAsOf
          ? `Prices as of ${summary.pricesAsOf}${summary.pricesSource === 'demo' ? ' (demo closes, not market data)' : ''}.`
          : 'No closes are stored: no figures.'}{' '}
        Past results are not advice. JSON:{' '}
        <a
          href={`/api/v1/publications/${slug}/track-record`}
          className="break-all font-mono text-indigo-700 underline hover:text-indigo-900"
        >
          /api/v1/publications/{slug}/track-record
        </a>
      </p>
      <div className="mt-4">
        <ScrollTable
          label="Track record per horizon"
          headings={['Horizon', 'Scored', 'Hit rate', 'Mean excess', 'Median']}
        >
          {summary.horizons.map((h) => (
            <tr key={h.horizon} data-testid="record-horizon">
              <td className={TD}>{h.tradingDays === null ? 'To date' : `${h.tradingDays} trading days`}</td>
              <td className={TD}>{h.scoredCalls}</td>
              <td className={TD}>{h.hitRate === null ? (h.hitRateNote ?? '—') : pct(h.hitRate)}</td>
              <td className={TD}>{pct(h.meanExcessReturn)}</td>
              <td className={TD}>{pct(h.medianExcessReturn)}</td>
            </tr>
          ))}
        </ScrollTable>
      </div>
      {summary.chart.cumulative.length > 0 && (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <figure>
            <figcaption className="text-sm font-semibold text-slate-800">
              Cumulative excess return to date, by entry day (each call one equal stake)
            </figcaption>
            <CumulativeChart points={summary.chart.cumulative} />
          </figure>
          <figure>
            <figcaption className="text-sm font-semibold text-slate-800">Calls by excess return to date</figcaption>
            <DistributionChart buckets={summary.chart.distribution} />
          </figure>
        </div>
      )}
    </section>
  );
}
