import { formatDate } from './format';

/** A post's publication day in UTC, machine-readable too; undated posts say so. */
export function PostDate({ date }: { date: Date | null }) {
  if (!date) return <span className="text-xs text-slate-600">Undated</span>;
  return (
    <time dateTime={date.toISOString()} className="text-xs text-slate-600">
      {formatDate(date)}
    </time>
  );
}
