import { conversionOf, readUsageMapping, UNIT_CONVERSIONS } from '../../src/catalog/usage-mapping';
import { METER_NAMES, METERS } from '../../src/catalog/meters';

describe('usage mapping (the http kind)', () => {
  it('fills in the defaults: the meter base measure as unit, required true', () => {
    expect(
      readUsageMapping([
        { meter: 'minutes', from: { pointer: '/ms' } },
        { meter: 'tokens', from: { header: 'x-tokens' }, required: false },
      ]),
    ).toEqual({
      mapping: [
        { meter: 'minutes', from: { pointer: '/ms' }, unit: 'milliseconds', required: true },
        { meter: 'tokens', from: { header: 'x-tokens' }, unit: 'tokens', required: false },
      ],
    });
    expect(readUsageMapping([{ meter: 'calls', from: { pointer: '' } }]).mapping).toEqual([
      { meter: 'calls', from: { pointer: '' }, unit: 'calls', required: true },
    ]);
  });

  it('every meter reads at least its own base measure, unscaled', () => {
    for (const meter of METER_NAMES) {
      const measure = METERS[meter].measure;
      expect([meter, conversionOf({ meter, unit: measure })]).toEqual([
        meter,
        { multiplier: 1n, divisor: 1n, decimal: measure === 'milliseconds' },
      ]);
    }
    expect(conversionOf({ meter: 'minutes', unit: 'tokens' })).toBeUndefined();
    // Only these scale: time to milliseconds, characters to tokens.
    expect(UNIT_CONVERSIONS.milliseconds.seconds).toEqual({ multiplier: 1000n, divisor: 1n, decimal: true });
    expect(UNIT_CONVERSIONS.tokens.characters).toEqual({ multiplier: 1n, divisor: 4n, decimal: false });
  });

  it('reads nothing from the prototype of an entry', () => {
    const entry = Object.create({ meter: 'minutes', from: { pointer: '/s' } }) as object;
    expect(readUsageMapping([entry]).problems).toEqual([
      expect.stringContaining('entry 0: meter must be one of'),
      expect.stringContaining('entry 0: from must be'),
    ]);
  });
});
