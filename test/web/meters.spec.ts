import { meterPricesOf } from '../../src/catalog/meter-prices';
import { DEFAULT_METER, METER_NAMES, METERS, SPLIT_TOKEN_METERS } from '../../src/catalog/meters';
import { GatewayError } from '../../src/common/errors/error-catalog';
import type { Meter } from '../../src/generated/prisma/enums';
import {
  DEFAULT_METER as WEB_DEFAULT_METER,
  METER_NAMES as WEB_METER_NAMES,
  METERS as WEB_METERS,
  meterSetProblems,
  readableMeterPrice,
  SPLIT_TOKEN_METERS as WEB_SPLIT_TOKEN_METERS,
} from '../../web/src/lib/meters';

/**
 * The web app's meters (web/src/lib/meters.ts) are the server's: the same meters in the same order,
 * each with the unit label the API writes, the same meter behind the shorthand, and a price editor
 * that refuses exactly the sets of meters the server refuses, in its words.
 */
describe('web meters', () => {
  it('names every meter of the server, in its order, with its unit label', () => {
    expect(WEB_METER_NAMES).toEqual(METER_NAMES);
    expect(Object.fromEntries(WEB_METER_NAMES.map((m) => [m, WEB_METERS[m].label]))).toEqual(
      Object.fromEntries(METER_NAMES.map((m) => [m, METERS[m].label])),
    );
    expect(WEB_DEFAULT_METER).toEqual(DEFAULT_METER);
    expect(WEB_SPLIT_TOKEN_METERS).toEqual(SPLIT_TOKEN_METERS);
  });

  it('a readable scale is a whole multiple of the unit the API prices in, said in the same measure', () => {
    for (const meter of WEB_METER_NAMES) {
      const { factor, label } = WEB_METERS[meter].readable;
      if (factor === 1n) expect(label).toBe(WEB_METERS[meter].label);
      // 1k → 1M: the readable label is the API's with the scale changed.
      else expect([factor, label]).toEqual([1000n, WEB_METERS[meter].label.replace(/^1k /, '1M ')]);
    }
  });

  it('shows a price per 1k tokens per 1M tokens, exactly (decimal arithmetic, never a float)', () => {
    expect(readableMeterPrice('input_tokens', '0.00015')).toBe('$0.15 / 1M input tokens');
    expect(readableMeterPrice('output_tokens', '0.0006')).toBe('$0.60 / 1M output tokens');
    // 0.1 + 0.2 style amounts and the 12th decimal survive.
    expect(readableMeterPrice('cached_input_tokens', '0.000000000001')).toBe('$0.000000001 / 1M cached input tokens');
    expect(readableMeterPrice('tokens', '9007.199254740991')).toBe('$9,007,199.254740991 / 1M tokens');
    expect(readableMeterPrice('minutes', '0.006')).toBe('$0.006 / minute');
    expect(readableMeterPrice('characters', '0.015')).toBe('$15.00 / 1M characters');
  });

  it('refuses exactly the sets of meters the server refuses, in its words', () => {
    const cases: Meter[][] = [
      [],
      ['tokens'],
      ['input_tokens', 'output_tokens'],
      ['input_tokens', 'cached_input_tokens', 'cache_write_tokens', 'output_tokens'],
      ['input_tokens'],
      ['output_tokens', 'cached_input_tokens'],
      ['tokens', 'input_tokens', 'output_tokens'],
      ['tokens', 'tokens'],
      ['input_tokens', 'output_tokens', 'output_tokens'],
      ['minutes', 'characters'],
      ['images', 'images', 'tokens', 'cached_input_tokens'],
    ];
    for (const meters of cases) {
      let server: string[] = [];
      try {
        meterPricesOf('tokens_1k', { prices: meters.map((meter) => ({ meter, wholesalePicoUsdPerUnit: 1n, resalePicoUsdPerUnit: 2n })) });
      } catch (error) {
        expect(error).toBeInstanceOf(GatewayError);
        server = ((error as GatewayError).details as { problems: string[] }).problems;
      }
      expect(meterSetProblems(meters).map((p) => `the price: ${p}`)).toEqual(server);
    }
  });
});
