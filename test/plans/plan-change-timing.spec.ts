import { ownerMoveTakesEffect } from '../../src/plans/plan-change-schedule';

describe('when an owner’s move between plans takes effect', () => {
  const fee = (usd: bigint) => ({ monthlyFeePicoUsd: usd * 1_000_000_000_000n });
  const now = new Date('2026-11-29T13:05:00.123Z');

  it('at once for an equal or bigger monthly fee', () => {
    expect(ownerMoveTakesEffect(fee(10n), fee(10n), now)).toBe('now');
    expect(ownerMoveTakesEffect(fee(10n), fee(1000n), now)).toBe('now');
    expect(ownerMoveTakesEffect(fee(0n), fee(1n), now)).toBe('now');
  });

  it('at the start of the next UTC month for a smaller one, across a year’s end too', () => {
    expect(ownerMoveTakesEffect(fee(1000n), fee(10n), now)).toEqual(new Date('2026-12-01T00:00:00.000Z'));
    expect(ownerMoveTakesEffect(fee(1n), fee(0n), new Date('2026-12-31T23:59:59.999Z'))).toEqual(new Date('2027-01-01T00:00:00.000Z'));
    // The first instant of a month is in that month: the move waits for the next one.
    expect(ownerMoveTakesEffect(fee(1n), fee(0n), new Date('2026-12-01T00:00:00.000Z'))).toEqual(new Date('2027-01-01T00:00:00.000Z'));
  });

  it('by a pico-USD of difference', () => {
    expect(ownerMoveTakesEffect({ monthlyFeePicoUsd: 5n }, { monthlyFeePicoUsd: 4n }, now)).toEqual(new Date('2026-12-01T00:00:00.000Z'));
  });
});
