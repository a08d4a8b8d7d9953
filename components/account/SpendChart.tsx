'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface SpendDay {
  day: string;
  api_key: number;
  allowance: number;
  credits: number;
}

const SERIES = [
  { key: 'allowance', name: 'Session token: allowance', color: '#059669' },
  { key: 'credits', name: 'Session token: credits', color: '#4338ca' },
  { key: 'api_key', name: 'API key: credits', color: '#b45309' },
] as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Spending per day, stacked by how it was paid (recharts). The table next to it carries the same numbers. */
export function SpendChart({ days }: { days: SpendDay[] }) {
  return (
    <div className="h-72 w-full" role="img" aria-label="Bar chart of spending per day by way of paying">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={dollars} tick={{ fontSize: 12 }} width={56} />
          <Tooltip formatter={(value) => dollars(Number(value))} />
          <Legend />
          {SERIES.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.name}
              stackId="spend"
              fill={series.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
