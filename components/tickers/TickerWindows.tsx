import type { TickerDetail } from '@/lib/api/contracts/tickers';

const ACTION_LABELS: Record<keyof TickerDetail['windows'][number]['calls']['byAction'], string> = {
  NEW_POSITION: 'new position',
  ADD: 'add',
  HOLD: 'hold',
  RECOMMENDATION: 'recommendation',
  REDUCE: 'reduce',
  EXIT: 'exit',
};

/** The last 7, 30 and 90 days side by side (stacked on a phone): posts, calls, long against short, calls by action. */
export function TickerWindows({ windows }: { windows: TickerDetail['windows'] }) {
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-xl font-bold tracking-tight">
        Mentions and calls
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {windows.map((window) => {
          const actions = Object.entries(window.calls.byAction).filter(([, n]) => n > 0);
          return (
            <li
              key={window.days}
              data-testid={`ticker-window-${window.days}`}
              className="rounded-2xl border border-slate-200 bg-white p-4"
            >
              <h3 className="text-sm font-semibold text-slate-700">Last {window.days} days</h3>
              <p className="mt-2 text-slate-900">
                <strong className="text-2xl">{window.posts}</strong> post{window.posts === 1 ? '' : 's'}
              </p>
              <p className="text-slate-900">
                <strong className="text-2xl">{window.calls.total}</strong> call{window.calls.total === 1 ? '' : 's'}
                {window.calls.total > 0 &&
                  ` · ${window.calls.byDirection.LONG} long, ${window.calls.byDirection.SHORT} short`}
              </p>
              {actions.length > 0 && (
                <ul
                  className="mt-2 flex flex-wrap gap-2"
                  aria-label={`Calls of the last ${window.days} days by action`}
                >
                  {actions.map(([action, n]) => (
                    <li key={action} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                      {ACTION_LABELS[action as keyof typeof ACTION_LABELS]}: {n}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
