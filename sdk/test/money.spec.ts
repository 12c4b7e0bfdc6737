import { picoUsdToUsdString, usdToPicoUsd } from '../src/money.js';

describe('usdToPicoUsd', () => {
  it.each([
    [0.000123, 123_000_000n],
    [0.0045, 4_500_000_000n],
    [9e-8, 90_000n],
    [1e-12, 1n],
    [0, 0n],
    [8191.999999999999, 8_191_999_999_999_999n],
    [1.5, 1_500_000_000_000n],
    ['25', 25_000_000_000_000n],
    ['3.1415', 3_141_500_000_000n],
    ['-0.25', -250_000_000_000n],
    ['1E-12', 1n],
    ['.5', 500_000_000_000n],
  ])('%p is %p pico-USD', (usd, pico) => {
    expect(usdToPicoUsd(usd)).toBe(pico);
  });

  it('is exact for every 12-decimal amount a call can print below $8,192 (the gateway’s JSON number round-trips)', () => {
    // A sample across magnitudes: the number JSON.parse makes of the decimal converts back to it.
    for (const pico of [1n, 7n, 123_456_789n, 999_999_999_999n, 1_000_000_000_001n, 4_096_123_456_789_012n, 8_191_999_999_999_999n]) {
      const text = picoUsdToUsdString(pico);
      expect(usdToPicoUsd(JSON.parse(text) as number)).toBe(pico);
    }
  });

  it('rounds a 13th decimal half away from zero', () => {
    expect(usdToPicoUsd('0.0000000000015')).toBe(2n);
    expect(usdToPicoUsd('0.0000000000014')).toBe(1n);
    expect(usdToPicoUsd('-0.0000000000015')).toBe(-2n);
  });

  it.each([['abc'], [''], ['.'], ['1.2.3'], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %p', (value) => {
    expect(() => usdToPicoUsd(value)).toThrow(RangeError);
  });
});

describe('picoUsdToUsdString', () => {
  it.each([
    [0n, '0'],
    [1n, '0.000000000001'],
    [123_000_000n, '0.000123'],
    [25_000_000_000_000n, '25'],
    [-250_000_000_000n, '-0.25'],
    [2n ** 64n, '18446744.073709551616'],
  ])('%p is %p', (pico, text) => {
    expect(picoUsdToUsdString(pico)).toBe(text);
  });
});
