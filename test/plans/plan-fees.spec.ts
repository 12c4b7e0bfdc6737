import { type PlanAssignment, planFeeLines, proratedFee } from '../../src/plans/plan-fees';

/** The proration of plan fees (pure): by the milliseconds held in each month, rounded down per line. */
describe('plan fees', () => {
  const tenantId = 't';
  const held = (planId: string | null, fee: bigint, at: string): PlanAssignment => ({
    tenantId,
    planId,
    planName: planId,
    monthlyFeePicoUsd: fee,
    effectiveFrom: new Date(at),
  });
  const period = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
  const FEE = 49_000_000_000_000n;

  it('a plan held the whole month costs its fee exactly, whatever the month length', () => {
    const history = [held('pro', FEE, '2019-06-15T08:00:00.000Z')];
    for (const [from, to] of [
      ['2020-02-01T00:00:00.000Z', '2020-03-01T00:00:00.000Z'],
      ['2020-04-01T00:00:00.000Z', '2020-05-01T00:00:00.000Z'],
    ]) {
      expect(planFeeLines(history, period(from, to)).map((l) => l.feePicoUsd)).toEqual([FEE]);
    }
  });

  it('a change within the month splits it: each plan its share of the milliseconds, rounded down', () => {
    const history = [
      held('basic', 30_000_000_000_000n, '2020-01-01T00:00:00.000Z'),
      held('pro', 100_000_000_000_000n, '2020-01-10T12:00:00.000Z'),
    ];
    const lines = planFeeLines(history, period('2020-01-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z'));
    expect(lines.map((l) => [l.planId, l.from.toISOString(), l.until.toISOString(), l.feePicoUsd])).toEqual([
      ['basic', '2020-01-01T00:00:00.000Z', '2020-01-10T12:00:00.000Z', 9_193_548_387_096n],
      ['pro', '2020-01-10T12:00:00.000Z', '2020-02-01T00:00:00.000Z', 69_354_838_709_677n],
    ]);
  });

  it('no plan, a free plan and the time before the first row cost nothing; a stretch over a month end is split by month', () => {
    const history = [
      held('pro', FEE, '2020-01-16T00:00:00.000Z'),
      held(null, 0n, '2020-02-15T00:00:00.000Z'),
      held('free', 0n, '2020-02-20T00:00:00.000Z'),
    ];
    const lines = planFeeLines(history, period('2020-01-01T00:00:00.000Z', '2020-03-01T00:00:00.000Z'));
    expect(lines.map((l) => [l.from.toISOString(), l.until.toISOString(), l.feePicoUsd])).toEqual([
      ['2020-01-16T00:00:00.000Z', '2020-02-01T00:00:00.000Z', (FEE * 16n) / 31n],
      ['2020-02-01T00:00:00.000Z', '2020-02-15T00:00:00.000Z', (FEE * 14n) / 29n],
    ]);
  });

  it('rounds down to the pico-USD, never up', () => {
    expect(proratedFee(10n, 1, 3)).toBe(3n);
    expect(proratedFee(10n, 2, 3)).toBe(6n);
    expect(proratedFee(0n, 2, 3)).toBe(0n);
  });
});
