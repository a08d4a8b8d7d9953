/** The sponsored allowance renews every Monday 00:00 UTC; this is that Monday as YYYY-MM-DD. */
export function allowanceWeekStart(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** When this week's allowance renews: the next Monday 00:00 UTC. */
export function nextAllowanceReset(now: Date): Date {
  const next = new Date(`${allowanceWeekStart(now)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 7);
  return next;
}
