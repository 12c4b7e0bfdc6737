/** Formatting of everything that is not money: counts, durations, times, ids. */

const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(value: number | string | bigint): string {
  if (typeof value === 'string') return /^-?\d+$/.test(value) ? BigInt(value).toLocaleString('en-US') : value;
  return typeof value === 'bigint' ? value.toLocaleString('en-US') : COUNT.format(value);
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 10_000) return `${COUNT.format(ms)} ms`;
  return `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const DATE = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: '2-digit', timeZone: 'UTC' });

/** Times are shown in UTC, like the reports' days and the budgets' periods. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

/** The first block of a UUID: enough to tell rows apart on screen; the whole id is in the title. */
export function shortId(id: string | null | undefined): string {
  return id ? id.split('-')[0] : '—';
}

/** Basis points as a percentage: 1250 → "12.5 %". */
export function formatBps(bps: number): string {
  return `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

/** An ISO date (YYYY-MM-DD) n days before today, in UTC. */
export function utcDaysAgo(days: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

/** A date input's YYYY-MM-DD as the start of that UTC day (ISO 8601), for the APIs' from/to. */
export function utcDayStart(day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00.000Z` : undefined;
}

/** Every UTC day (YYYY-MM-DD) from `from` (inclusive) to `to` (exclusive): a report's period, day by day. */
export function utcDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(to);
  const start = new Date(from);
  if (Number.isNaN(end) || Number.isNaN(start.getTime())) return days;
  const cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  while (cursor.getTime() < end && days.length < 400) {
    days.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** `2026-11-24` → `24 Nov`, for a chart's axis. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_LABEL.format(date);
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-10` → `October 2026` (a statement's UTC calendar month). */
export function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00.000Z`);
  return /^\d{4}-\d{2}$/.test(month) && !Number.isNaN(date.getTime()) ? MONTH_LABEL.format(date) : month;
}

/** The UTC calendar month (YYYY-MM) of a moment: the month a statement in progress covers. */
export function utcMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

const WINDOW_WORDS: ReadonlyArray<[seconds: number, word: string]> = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A rate-limit window in words and seconds: 60 → "minute (60 s)", 300 → "5 minutes (300 s)", 45 → "45 seconds". */
export function formatWindow(seconds: number, withSeconds = true): string {
  const [unit, word] = WINDOW_WORDS.find(([s]) => seconds % s === 0) ?? [1, 'second'];
  const count = seconds / unit;
  const words = count === 1 ? word : `${COUNT.format(count)} ${word}s`;
  return unit === 1 || !withSeconds ? words : `${words} (${COUNT.format(seconds)} s)`;
}

/**
 * A request limit with its window, the one way every page says one: "5 per minute (60 s)". Without
 * the window (not loaded yet) "5 per window".
 */
export function formatLimit(requests: number, windowSeconds: number | null | undefined, withSeconds = true): string {
  return `${COUNT.format(requests)} per ${windowSeconds ? formatWindow(windowSeconds, withSeconds) : 'window'}`;
}
