import {
  chargePicoUsd,
  discountedChargePicoUsd,
  markedUpChargePicoUsd,
  MAX_PICO_USD,
  maxQuantityForPrice,
  picoUsdToDecimalString,
  picoUsdToUsdNumber,
  quantityToUnits,
  usdToPicoUsd,
} from '../../../src/common/money/money';

describe('money', () => {
  it('charges fractional units with one half-up rounding to the pico-USD', () => {
    expect(chargePicoUsd(1234n, 3000n, 1000n)).toBe(3702n); // 1.234 × 3000
    expect(chargePicoUsd(1n, 1n, 1000n)).toBe(0n); // 0.001 rounds down
    expect(chargePicoUsd(500n, 1n, 1000n)).toBe(1n); // 0.5 rounds up
    expect(chargePicoUsd(499n, 1n, 1000n)).toBe(0n);
    expect(chargePicoUsd(90_000n, 6000n, 60_000n)).toBe(9000n); // 1.5 minutes
    expect(chargePicoUsd(0n, 6000n, 1n)).toBe(0n);
  });

  it('bills a 3-token embedding at $0.02 per 1M tokens exactly (it was 0 in micro-USD)', () => {
    const perThousand = 20_000_000n; // $0.02 per 1M tokens = $0.00002 per 1k tokens
    expect(chargePicoUsd(3n, perThousand, 1000n)).toBe(60_000n); // $0.00000006
    expect(picoUsdToDecimalString(60_000n)).toBe('0.00000006');
    // The old unit: the same call rounded to the micro-USD was free.
    expect((3n * 20n * 2n + 1000n) / 2000n).toBe(0n);
    // One token, the worst case: within 0.0025 % of the exact 20,000 pico.
    expect(chargePicoUsd(1n, perThousand, 1000n)).toBe(20_000n);
  });

  it('prints pico-USD as exact decimals and JSON numbers that parse back to the same amount', () => {
    expect(picoUsdToDecimalString(0n)).toBe('0');
    expect(picoUsdToDecimalString(1n)).toBe('0.000000000001');
    expect(picoUsdToDecimalString(3_702_000_000n)).toBe('0.003702');
    expect(picoUsdToDecimalString(12_500_000_000_000n)).toBe('12.5');
    expect(JSON.stringify(picoUsdToUsdNumber(3_702_000_000n))).toBe('0.003702');
    expect(JSON.stringify(picoUsdToUsdNumber(60_000n))).toBe('6e-8');
    // Under $1000 every pico amount round-trips through a double (15 significant digits).
    for (const pico of [1n, 60_000n, 123_456_789_012n, 999_999_999_999_999n, 500_000_000_000_001n, 7n * 10n ** 13n + 3n]) {
      expect(usdToPicoUsd(picoUsdToUsdNumber(pico))).toBe(pico);
      expect(usdToPicoUsd(JSON.parse(JSON.stringify(picoUsdToUsdNumber(pico))))).toBe(pico);
    }
    expect(usdToPicoUsd('12.000000000001')).toBe(12_000_000_000_001n);
    expect(() => usdToPicoUsd('0.0000000000001')).toThrow(RangeError);
  });

  it('keeps sums exact where float dollars would drift', () => {
    let pico = 0n;
    let float = 0;
    for (let i = 0; i < 10_000; i++) {
      pico += 100_000_000_000n; // $0.10
      float += 0.1;
    }
    expect(picoUsdToDecimalString(pico)).toBe('1000');
    expect(float).not.toBe(1000);
  });

  it('knows the largest quantity whose charge still fits int8', () => {
    const price = 9_007_199_254_740_991n; // the dearest price the operator API accepts (~$9,007 per unit)
    const q = maxQuantityForPrice(price, 1000n);
    expect(chargePicoUsd(q, price, 1000n)).toBeLessThanOrEqual(MAX_PICO_USD);
    expect(chargePicoUsd(q + 2n, price, 1000n)).toBeGreaterThan(MAX_PICO_USD);
    expect(maxQuantityForPrice(0n, 1n)).toBe(MAX_PICO_USD);
  });

  it("charges a catalog price under a plan's discount with one half-up rounding", () => {
    expect(discountedChargePicoUsd(1000n, 3000n, 1000n, 1000n)).toBe(2700n); // 1 unit at 3000, 10 % off
    expect(discountedChargePicoUsd(1234n, 3000n, 1000n, 2500n)).toBe(2777n); // 2776.5 rounds up
    expect(discountedChargePicoUsd(1n, 1n, 1n, 5000n)).toBe(1n); // exactly half: up
    expect(discountedChargePicoUsd(1n, 1n, 1n, 5001n)).toBe(0n); // 0.4999: down
    // One rounding, not two: 1.25 × 0.4 = 0.5 exactly rounds up to 1, where rounding the charge
    // first (1.25 → 1) and discounting that (0.4) would give 0.
    expect(discountedChargePicoUsd(1n, 5n, 4n, 6000n)).toBe(1n);
    expect(chargePicoUsd(1n, 5n, 4n)).toBe(1n);
    // No discount is the undiscounted charge; a whole discount is free; nothing used is nothing owed.
    for (const [q, p, u] of [
      [1234n, 3000n, 1000n],
      [90_000n, 6000n, 60_000n],
      [3n, 20_000_000n, 1000n],
    ]) {
      expect(discountedChargePicoUsd(q, p, u, 0n)).toBe(chargePicoUsd(q, p, u));
    }
    expect(discountedChargePicoUsd(1000n, 3000n, 1000n, 10_000n)).toBe(0n);
    expect(discountedChargePicoUsd(0n, 3000n, 1000n, 1000n)).toBe(0n);
  });

  it('charges a markup over the discounted resale price with one half-up rounding from the exact product', () => {
    // 1 unit at 3000, 10 % off, 50 % on top: 2700 × 1.5.
    expect(markedUpChargePicoUsd(1000n, 3000n, 1000n, 1000n, 5000n)).toBe(4050n);
    // 250 tokens at 5 per 1k marked up 100 %: 1.25 × 2 = 2.5 → 3, where rounding the resale figure
    // first (1.25 → 1) and marking that up would give 2.
    expect(markedUpChargePicoUsd(250n, 5n, 1000n, 0n, 10_000n)).toBe(3n);
    expect(chargePicoUsd(250n, 5n, 1000n) * 2n).toBe(2n);
    // With a discount too: 1.25 × 0.4 × 1.5 = 0.75 → 1; the rounded discounted figure (0.5 → 1)
    // marked up (1.5 → 2) would round twice.
    expect(markedUpChargePicoUsd(250n, 5n, 1000n, 6000n, 5000n)).toBe(1n);
    // 0.5 exactly rounds up, just under it down: 1 × 1 × 0.5 × (1 + m).
    expect(markedUpChargePicoUsd(1n, 1n, 1n, 5000n, 0n)).toBe(1n);
    expect(markedUpChargePicoUsd(1n, 1n, 1n, 6000n, 2500n)).toBe(1n); // 0.4 × 1.25 = 0.5
    expect(markedUpChargePicoUsd(1n, 1n, 1n, 6000n, 2499n)).toBe(0n); // 0.49996
    // A markup of 0 (or below: counted as 0) is the discounted charge; a whole discount is free; nothing used is nothing owed.
    for (const [q, p, u, d] of [
      [1234n, 3000n, 1000n, 2500n],
      [90_000n, 6000n, 60_000n, 0n],
      [3n, 20_000_000n, 1000n, 9999n],
    ]) {
      expect(markedUpChargePicoUsd(q, p, u, d, 0n)).toBe(discountedChargePicoUsd(q, p, u, d));
      expect(markedUpChargePicoUsd(q, p, u, d, -5n)).toBe(discountedChargePicoUsd(q, p, u, d));
    }
    expect(markedUpChargePicoUsd(1000n, 3000n, 1000n, 10_000n, 5000n)).toBe(0n);
    expect(markedUpChargePicoUsd(0n, 3000n, 1000n, 0n, 5000n)).toBe(0n);
    expect(markedUpChargePicoUsd(1000n, 0n, 1000n, 0n, 5000n)).toBe(0n);
    // The highest markup, 1000 %, is 11 times the discounted charge, exactly where that is whole.
    expect(markedUpChargePicoUsd(1000n, 3000n, 1000n, 1000n, 100_000n)).toBe(11n * 2700n);
  });

  it('keeps a discounted charge within int8 wherever the undiscounted one is', () => {
    const price = 9_007_199_254_740_991n;
    for (const perUnit of [1n, 1000n, 60_000n]) {
      const q = maxQuantityForPrice(price, perUnit);
      for (const bps of [0n, 1n, 2500n, 9999n]) {
        const discounted = discountedChargePicoUsd(q, price, perUnit, bps);
        expect(discounted).toBeLessThanOrEqual(chargePicoUsd(q, price, perUnit));
        expect(discounted).toBeLessThanOrEqual(MAX_PICO_USD);
      }
    }
    // At the cap with 1 bps off, the amount is still within one rounding of the exact figure.
    const q = maxQuantityForPrice(price, 1n);
    expect(discountedChargePicoUsd(q, price, 1n, 1n)).toBe((q * price * 9999n * 2n + 10_000n) / 20_000n);
  });

  it('expresses quantities in billing units', () => {
    expect(quantityToUnits(1234n, 1000n)).toBe(1.234);
    expect(quantityToUnits(90_000n, 60_000n)).toBe(1.5);
    expect(quantityToUnits(3n, 1n)).toBe(3);
  });
});
