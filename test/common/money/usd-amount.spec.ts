import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MAX_PICO_USD, picoUsdToDecimalString } from '../../../src/common/money/money';
import { parseUsdAmount, USD_AMOUNT_PATTERN, UsdAmountInput } from '../../../src/common/money/usd-amount.decorators';

/** The wire form of money (docs/api/money.md): what is read, what is refused. */
describe('USD amounts on the wire', () => {
  it.each([
    ['0', 0n],
    ['12.5', 12_500_000_000_000n],
    ['0.0015', 1_500_000_000n],
    ['0.000000000001', 1n],
    ['-3.25', -3_250_000_000_000n],
    ['9223372.036854775807', MAX_PICO_USD],
  ])('reads %s as %p pico-USD', (text, pico) => {
    expect(parseUsdAmount(text)).toBe(pico);
    expect(text).toMatch(USD_AMOUNT_PATTERN);
  });

  it.each([
    ['a JSON number', 0.5],
    ['null', null],
    ['an exponent', '1e-3'],
    ['13 decimals', '0.0000000000001'],
    ['a trailing dot', '1.'],
    ['a leading dot', '.5'],
    ['a plus sign', '+1'],
    ['spaces', ' 1'],
    ['a dollar sign', '$1'],
    ['thousands separators', '1,000'],
    ['hexadecimal', '0x10'],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(parseUsdAmount(value)).toBeNull();
  });

  it('writes every amount in the form it reads (round trip)', () => {
    for (const pico of [0n, 1n, 1_500_000_000n, -7n, MAX_PICO_USD]) expect(parseUsdAmount(picoUsdToDecimalString(pico))).toBe(pico);
  });

  class Body {
    @UsdAmountInput({ description: 'A price.', maxPicoUsd: 1_000_000_000_000n })
    price_usd!: string;

    @UsdAmountInput({ description: 'A cap.', minPicoUsd: 1n, optional: true, nullable: true })
    cap_usd?: string | null;
  }
  const problems = (body: object) => validateSync(plainToInstance(Body, body)).map((e) => e.property);

  it('validates bounds: not negative by default, the minimum and maximum given, optional and nullable as declared', () => {
    expect(problems({ price_usd: '1' })).toEqual([]);
    expect(problems({ price_usd: '0', cap_usd: null })).toEqual([]);
    expect(problems({ price_usd: '1.000000000001' })).toEqual(['price_usd']);
    expect(problems({ price_usd: '-0.01' })).toEqual(['price_usd']);
    expect(problems({ price_usd: '9'.repeat(400) })).toEqual(['price_usd']);
    expect(problems({ price_usd: '1', cap_usd: '0' })).toEqual(['cap_usd']);
    expect(problems({})).toEqual(['price_usd']);
  });
});
