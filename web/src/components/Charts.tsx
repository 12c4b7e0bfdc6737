/**
 * Bar charts (recharts) of money and counts. Bar lengths are floats (a picture of the amount); every
 * figure a person reads (tooltips, and the table each chart sits above) is the exact amount.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  /** The row field holding the bar's length. */
  key: string;
  label: string;
  color: string;
  /** The exact figure shown for a row (defaults to the number). */
  exact?: (row: ChartRow) => string;
}

export interface ChartRow {
  label: string;
  [field: string]: string | number;
}

export const CHART_COLORS = { brand: '#4f46e5', teal: '#0d9488', amber: '#d97706', slate: '#64748b' };

const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** An axis tick (a float the chart chose, not an amount): two significant digits, compact above 1,000. */
function axisTick(value: number, money: boolean): string {
  if (!money) return compactNumber.format(value);
  if (value === 0) return '$0';
  if (Math.abs(value) < 1) return `$${Number(value.toPrecision(2))}`;
  return `$${compactNumber.format(value)}`;
}

/** Category labels (slugs, names) beside horizontal bars: cut at 22 characters; the table has them whole. */
function shortLabel(label: string): string {
  return label.length > 22 ? `${label.slice(0, 21)}…` : label;
}

export function BarsChart({
  rows,
  series,
  horizontal,
  money = true,
  summary,
  height,
}: {
  rows: ChartRow[];
  series: ChartSeries[];
  /** One bar per category, labels on the left (slugs, customers); else one column per day. */
  horizontal?: boolean;
  money?: boolean;
  /** What the chart shows, for screen readers (the table below has the figures). */
  summary: string;
  height?: number;
}) {
  const chartHeight = height ?? (horizontal ? Math.max(160, rows.length * 34 + 60) : 300);
  const labelWidth = Math.min(160, Math.max(56, ...rows.map((row) => shortLabel(row.label).length * 7 + 12)));
  return (
    <div role="img" aria-label={summary} style={{ width: '100%', height: chartHeight }} data-testid="chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={!!horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={(v: number) => axisTick(v, money)} tick={{ fontSize: 12, fill: '#6b7280' }} />
              <YAxis
                type="category"
                dataKey="label"
                width={labelWidth}
                tick={{ fontSize: 12, fill: '#374151' }}
                tickFormatter={(label: string) => shortLabel(label)}
                interval={0}
              />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#6b7280' }} minTickGap={12} />
              <YAxis tickFormatter={(v: number) => axisTick(v, money)} tick={{ fontSize: 12, fill: '#6b7280' }} width={64} />
            </>
          )}
          <Tooltip
            cursor={{ fill: 'rgba(99, 102, 241, 0.08)' }}
            content={({ active, payload, label }) => {
              if (!active || !payload?.length) return null;
              const row = payload[0].payload as ChartRow;
              return (
                <div className="chart-tooltip">
                  <strong>{String(label ?? row.label)}</strong>
                  {series.map((s) => (
                    <div key={s.key}>
                      <span className="legend-swatch" style={{ background: s.color }} aria-hidden="true" />
                      {s.label}: {s.exact ? s.exact(row) : String(row[s.key])}
                    </div>
                  ))}
                </div>
              );
            }}
          />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 13 }} />}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              maxBarSize={42}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
