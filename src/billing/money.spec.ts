import { chargePicoUsd, picoUsdToDecimalString, picoUsdToUsdNumber, quantityToUnits } from './money';

describe('money', () => {
  it('charges fractional units with one half-up rounding to the micro-USD', () => {
    expect(chargePicoUsd(1234n, 3000n, 1000n)).toBe(3702n); // 1.234 × 3000
    expect(chargePicoUsd(1n, 1n, 1000n)).toBe(0n); // 0.001 rounds down
    expect(chargePicoUsd(500n, 1n, 1000n)).toBe(1n); // 0.5 rounds up
    expect(chargePicoUsd(499n, 1n, 1000n)).toBe(0n);
    expect(chargePicoUsd(90_000n, 6000n, 60_000n)).toBe(9000n); // 1.5 minutes
    expect(chargePicoUsd(0n, 6000n, 1n)).toBe(0n);
  });

  it('prints micro-USD as exact decimals and JSON numbers', () => {
    expect(picoUsdToDecimalString(0n)).toBe('0');
    expect(picoUsdToDecimalString(1n)).toBe('0.000001');
    expect(picoUsdToDecimalString(3_702n)).toBe('0.003702');
    expect(picoUsdToDecimalString(12_500_000n)).toBe('12.5');
    expect(JSON.stringify(picoUsdToUsdNumber(3_702n))).toBe('0.003702');
    expect(JSON.stringify(picoUsdToUsdNumber(100_000_000_001n))).toBe('100000.000001');
  });

  it('keeps sums exact where float dollars would drift', () => {
    let micro = 0n;
    let float = 0;
    for (let i = 0; i < 10_000; i++) {
      micro += 100_000n; // $0.10
      float += 0.1;
    }
    expect(picoUsdToDecimalString(micro)).toBe('1000');
    expect(float).not.toBe(1000);
  });

  it('expresses quantities in billing units', () => {
    expect(quantityToUnits(1234n, 1000n)).toBe(1.234);
    expect(quantityToUnits(90_000n, 60_000n)).toBe(1.5);
    expect(quantityToUnits(3n, 1n)).toBe(3);
  });
});
