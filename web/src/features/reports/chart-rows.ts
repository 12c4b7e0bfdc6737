import type { ChartRow } from '../../components/Charts';
import { dayLabel, utcDays } from '../../lib/format';

/**
 * A report's rows as chart bars: per day, every day of the period is a bar, those without calls too
 * (`none`); per endpoint, tenant or customer, a bar per row.
 */
export function chartRows<R extends { key: string | null }>(
  perDay: boolean,
  report: { data: R[]; period: { from: string; to: string } } | undefined,
  bar: (row: R, label: string) => ChartRow,
  label: (row: R) => string,
  none: (day: string) => R,
): ChartRow[] {
  const data = report?.data ?? [];
  if (perDay && report)
    return utcDays(report.period.from, report.period.to).map((day) => bar(data.find((row) => row.key === day) ?? none(day), dayLabel(day)));
  return data.map((row) => bar(row, label(row)));
}
