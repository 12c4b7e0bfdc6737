import { chargeMicroUsd, microUsdToDecimalString, microUsdToUsdNumber, quantityToUnits } from './money';

describe('money', () => {
  it('charges fractional units with one half-up rounding to the micro-USD', () => {
    expect(chargeMicroUsd(1234n, 3000n, 1000n)).toBe(3702n); // 1.234 × 3000
    expect(chargeMicroUsd(1n, 1n, 1000n)).toBe(0n); // 0.001 rounds down
    expect(chargeMicroUsd(500n, 1n, 1000n)).toBe(1n); // 0.5 rounds up
    expect(chargeMicroUsd(499n, 1n, 1000n)).toBe(0n);
    expect(chargeMicroUsd(90_000n, 6000n, 60_000n)).toBe(9000n); // 1.5 minutes
    expect(chargeMicroUsd(0n, 6000n, 1n)).toBe(0n);
  });

  it('prints micro-USD as exact decimals and JSON numbers', () => {
    expect(microUsdToDecimalString(0n)).toBe('0');
    expect(microUsdToDecimalString(1n)).toBe('0.000001');
    expect(microUsdToDecimalString(3_702n)).toBe('0.003702');
    expect(microUsdToDecimalString(12_500_000n)).toBe('12.5');
    expect(JSON.stringify(microUsdToUsdNumber(3_702n))).toBe('0.003702');
    expect(JSON.stringify(microUsdToUsdNumber(100_000_000_001n))).toBe('100000.000001');
  });

  it('keeps sums exact where float dollars would drift', () => {
    let micro = 0n;
    let float = 0;
    for (let i = 0; i < 10_000; i++) {
      micro += 100_000n; // $0.10
      float += 0.1;
    }
    expect(microUsdToDecimalString(micro)).toBe('1000');
    expect(float).not.toBe(1000);
  });

  it('expresses quantities in billing units', () => {
    expect(quantityToUnits(1234n, 1000n)).toBe(1.234);
    expect(quantityToUnits(90_000n, 60_000n)).toBe(1.5);
    expect(quantityToUnits(3n, 1n)).toBe(3);
  });
});
