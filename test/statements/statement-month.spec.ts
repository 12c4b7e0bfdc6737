import { addMonths, formatMonth, lastDueMonth, monthOf, nextCloseDueAt, parseMonth } from '../../src/statements/statement-month';

const at = (iso: string) => new Date(iso);

describe('statement months (UTC calendar months)', () => {
  it('parses YYYY-MM and nothing else', () => {
    expect(parseMonth('2026-10')).toEqual(at('2026-10-01T00:00:00.000Z'));
    expect(parseMonth('0042-02')).toEqual(at('0042-02-01T00:00:00.000Z'));
    for (const text of ['2026-13', '2026-00', '2026-1', '26-10', '0000-01', '2026-10-01', ' 2026-10', '2026-10\n', '２０２６-10'])
      expect([text, parseMonth(text)]).toEqual([text, null]);
    expect(formatMonth(parseMonth('0042-02')!)).toBe('0042-02');
  });

  it('finds the month of an instant in UTC, and steps over year ends', () => {
    expect(monthOf(at('2026-10-31T23:59:59.999Z'))).toEqual(at('2026-10-01T00:00:00.000Z'));
    expect(monthOf(at('2026-11-01T00:00:00.000Z'))).toEqual(at('2026-11-01T00:00:00.000Z'));
    expect(addMonths(at('2026-12-01T00:00:00.000Z'), 1)).toEqual(at('2027-01-01T00:00:00.000Z'));
    expect(addMonths(at('2026-01-01T00:00:00.000Z'), -3)).toEqual(at('2025-10-01T00:00:00.000Z'));
  });

  it('makes a month due once it ended the grace period ago, and says when the next falls due', () => {
    // 60 minutes of grace: October is due from 2026-11-01T01:00Z on, not a millisecond before.
    expect(lastDueMonth(at('2026-11-01T00:59:59.999Z'), 60)).toEqual(at('2026-09-01T00:00:00.000Z'));
    expect(lastDueMonth(at('2026-11-01T01:00:00.000Z'), 60)).toEqual(at('2026-10-01T00:00:00.000Z'));
    expect(lastDueMonth(at('2026-11-24T06:00:00.000Z'), 0)).toEqual(at('2026-10-01T00:00:00.000Z'));
    expect(nextCloseDueAt(at('2026-11-01T00:59:59.999Z'), 60)).toEqual(at('2026-11-01T01:00:00.000Z'));
    expect(nextCloseDueAt(at('2026-11-01T01:00:00.000Z'), 60)).toEqual(at('2026-12-01T01:00:00.000Z'));
    expect(nextCloseDueAt(at('2026-12-15T00:00:00.000Z'), 0)).toEqual(at('2027-01-01T00:00:00.000Z'));
  });
});
