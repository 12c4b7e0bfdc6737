/**
 * The period of a report, in whole UTC days like the reports themselves: the last 7, 30 or 90 days
 * (today included), or chosen days. Kept in the address bar (?days= or ?from=&until=).
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { utcDaysAgo } from '../lib/format';
import { Segmented } from './ui';

const PRESETS = ['7', '30', '90'] as const;

export interface ReportRange {
  /** ISO instants for the API: from inclusive, to exclusive. */
  from: string;
  to: string;
  /** What the page says it shows. */
  label: string;
}

export function useReportPeriod(): {
  range: ReportRange;
  days: string;
  custom: { from: string; until: string };
  set: (next: Record<string, string>) => void;
} {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const until = params.get('until') ?? '';
  const days = params.get('days') ?? (from && until ? '' : '30');
  const set = (next: Record<string, string>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const name of ['days', 'from', 'until']) updated.delete(name);
        for (const [name, value] of Object.entries(next)) if (value) updated.set(name, value);
        return updated;
      },
      { replace: true },
    );
  let range: ReportRange;
  if (days) {
    const n = Number(days) || 30;
    range = { from: `${utcDaysAgo(n - 1)}T00:00:00.000Z`, to: `${utcDaysAgo(-1)}T00:00:00.000Z`, label: `the last ${n} days (UTC)` };
  } else {
    const end = new Date(`${until}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    range = { from: `${from}T00:00:00.000Z`, to: end.toISOString(), label: `${from} to ${until} (UTC)` };
  }
  return { range, days, custom: { from, until }, set };
}

export function ReportPeriodPicker({ period }: { period: ReturnType<typeof useReportPeriod> }) {
  const id = useId();
  return (
    <div className="row">
      <Segmented
        label="Period"
        value={period.days || 'custom'}
        options={[...PRESETS.map((days) => ({ value: days, label: `${days} days` })), { value: 'custom', label: 'Custom' }]}
        onChange={(value) =>
          value === 'custom' ? period.set({ from: utcDaysAgo(29), until: utcDaysAgo(0) }) : period.set({ days: value })
        }
      />
      {!period.days && (
        // One group, so that at 375 px "from … to … until" wraps as a whole rather than after "to".
        <div className="row row-tight">
          <label className="visually-hidden" htmlFor={`${id}-from`}>
            From (UTC day)
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={period.custom.from}
            max={period.custom.until}
            onChange={(e) => e.target.value && period.set({ from: e.target.value, until: period.custom.until })}
            style={{ width: 'auto' }}
          />
          <span aria-hidden="true">to</span>
          <label className="visually-hidden" htmlFor={`${id}-until`}>
            Until (UTC day, inclusive)
          </label>
          <input
            id={`${id}-until`}
            type="date"
            value={period.custom.until}
            min={period.custom.from}
            onChange={(e) => e.target.value && period.set({ from: period.custom.from, until: e.target.value })}
            style={{ width: 'auto' }}
          />
        </div>
      )}
    </div>
  );
}
