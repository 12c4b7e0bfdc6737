import { ownerMoveIsImmediate, scheduledMoveFrom } from '../../src/plans/plan-change-schedule';

describe('when an owner’s move between plans takes effect', () => {
  const plan = (feeUsd: bigint, discountBps = 0) => ({ monthlyFeePicoUsd: feeUsd * 1_000_000_000_000n, resaleDiscountBps: discountBps });

  it('at once when it costs the tenant more: a bigger fee (whatever the discount), or the same fee without a bigger discount', () => {
    expect(ownerMoveIsImmediate(plan(10n, 0), plan(1000n, 3000))).toBe(true);
    expect(ownerMoveIsImmediate(plan(10n, 3000), plan(11n, 0))).toBe(true);
    expect(ownerMoveIsImmediate(plan(10n, 1000), plan(10n, 1000))).toBe(true);
    expect(ownerMoveIsImmediate(plan(10n, 1000), plan(10n, 500))).toBe(true);
  });

  it('waits for a smaller fee, or the same fee with a bigger discount, by a pico-USD or a basis point', () => {
    expect(ownerMoveIsImmediate(plan(1000n, 3000), plan(10n, 0))).toBe(false);
    expect(ownerMoveIsImmediate({ monthlyFeePicoUsd: 5n, resaleDiscountBps: 0 }, { monthlyFeePicoUsd: 4n, resaleDiscountBps: 0 })).toBe(
      false,
    );
    expect(ownerMoveIsImmediate(plan(10n, 1000), plan(10n, 1001))).toBe(false);
    expect(ownerMoveIsImmediate(plan(0n, 0), plan(0n, 1))).toBe(false);
  });

  it('a move that waits: the month after the first whole month the plan is held, never before the next month', () => {
    const now = new Date('2026-11-29T13:05:00.123Z');
    // Held for months: the next month's start.
    expect(scheduledMoveFrom(new Date('2025-03-14T10:00:00Z'), now)).toEqual(new Date('2026-12-01T00:00:00.000Z'));
    // Held since a month's first instant: that month is whole.
    expect(scheduledMoveFrom(new Date('2026-11-01T00:00:00.000Z'), now)).toEqual(new Date('2026-12-01T00:00:00.000Z'));
    // Chosen within this month (or at its last hour): December is the first whole month, so January.
    expect(scheduledMoveFrom(new Date('2026-11-01T00:00:00.001Z'), now)).toEqual(new Date('2027-01-01T00:00:00.000Z'));
    expect(scheduledMoveFrom(new Date('2026-11-30T23:00:00Z'), new Date('2026-11-30T23:30:00Z'))).toEqual(
      new Date('2027-01-01T00:00:00.000Z'),
    );
    // Across a year's end.
    expect(scheduledMoveFrom(new Date('2026-12-31T23:59:59.999Z'), new Date('2026-12-31T23:59:59.999Z'))).toEqual(
      new Date('2027-02-01T00:00:00.000Z'),
    );
  });
});
