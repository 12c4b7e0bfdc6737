/** Instants on every kind of period boundary (all UTC), for budgetPeriodOf's unit spec and its SQL twin's e2e spec. */
export const INSTANTS = [
  // Last and first millisecond of a day, inside a week and a month.
  '2025-06-17T23:59:59.999Z',
  '2025-06-18T00:00:00.000Z',
  // A Sunday's last millisecond and the Monday after (a week boundary: ISO weeks start on Monday).
  '2024-03-10T23:59:59.999Z',
  '2024-03-11T00:00:00.000Z',
  // Leap day: the 29th's first and last ms, the 28th's last ms, and March 1st.
  '2024-02-28T23:59:59.999Z',
  '2024-02-29T00:00:00.000Z',
  '2024-02-29T23:59:59.999Z',
  '2024-03-01T00:00:00.000Z',
  // A year that is not a leap year (divisible by 100, not by 400), and one that is (by 400).
  '2100-02-28T23:59:59.999Z',
  '2100-03-01T00:00:00.000Z',
  '2000-02-29T12:00:00.000Z',
  // Dec 31 → Jan 1, also a week that spans two years (2024-12-30 is a Monday).
  '2024-12-31T23:59:59.999Z',
  '2025-01-01T00:00:00.000Z',
  '2025-01-05T23:59:59.999Z',
  '2025-01-06T00:00:00.000Z',
  '2020-12-31T23:59:59.999Z',
  // A 30-day month's end, and a 31-day one's.
  '2025-04-30T23:59:59.999Z',
  '2025-05-01T00:00:00.000Z',
  '2025-05-31T23:59:59.999Z',
  // The epoch (a Thursday: its week started in 1969) and past 2^31 seconds.
  '1970-01-01T00:00:00.000Z',
  '1970-01-01T00:00:00.001Z',
  '2038-01-19T03:14:08.000Z',
  // Days on which local clocks change (none of which may matter: every period is UTC).
  '2025-03-30T00:59:59.999Z',
  '2025-03-30T01:00:00.000Z',
  '2025-10-26T00:59:59.999Z',
  // An arbitrary millisecond.
  '2026-11-24T04:37:12.345Z',
].map((iso) => new Date(iso));
