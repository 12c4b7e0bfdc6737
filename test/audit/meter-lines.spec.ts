import { auditMeterLines, meterLinesFromText } from '../../src/audit/meter-lines';
import { auditRecord } from '../support/audit-fixtures';

/** A call's meter lines as the audit views show them, and the meter sums reports read, in meter order. */
describe('meter lines', () => {
  it('are the record’s meters in meter order, as bigints', () => {
    const record = auditRecord({
      meters: { output_tokens: ['300', '1200', '1800', '2000'], input_tokens: ['1200', '1200', '1800', '2400'] },
    });
    expect(auditMeterLines(record, 'tokens_1k')).toEqual([
      { meter: 'input_tokens', quantity: 1200n, wholesalePicoUsd: 1200n, resalePicoUsd: 1800n, customerPicoUsd: 2400n },
      { meter: 'output_tokens', quantity: 300n, wholesalePicoUsd: 1200n, resalePicoUsd: 1800n, customerPicoUsd: 2000n },
    ]);
  });

  it('count a record from before meters that billed something as its slug unit’s one meter, as the rollups do', () => {
    const record = auditRecord({ meters: null, quantity: 60_000n, wholesalePicoUsd: 5n, resalePicoUsd: 7n, customerPricePicoUsd: 9n });
    expect(auditMeterLines(record, 'minute')).toEqual([
      { meter: 'minutes', quantity: 60_000n, wholesalePicoUsd: 5n, resalePicoUsd: 7n, customerPicoUsd: 9n },
    ]);
    // An endpoint no longer in the catalog (no unit), or a call that billed nothing: none.
    expect(auditMeterLines(record, null)).toEqual([]);
    const refused = auditRecord({ meters: null, quantity: 0n, wholesalePicoUsd: 0n, resalePicoUsd: 0n, customerPricePicoUsd: 0n });
    expect(auditMeterLines(refused, 'call')).toEqual([]);
  });

  it('read sums past 2^64 exactly, in meter order, and refuse a name that is no meter', () => {
    const big = '36893488147419103233'; // 2^65 + 1
    expect(
      meterLinesFromText([
        { meter: 'output_tokens', quantity: '1', wholesale_pico_usd: big, resale_pico_usd: '0', customer_price_pico_usd: '0' },
        { meter: 'tokens', quantity: '2', wholesale_pico_usd: '0', resale_pico_usd: '0', customer_price_pico_usd: '0' },
      ]).map((m) => [m.meter, m.wholesalePicoUsd]),
    ).toEqual([
      ['tokens', 0n],
      ['output_tokens', 2n ** 65n + 1n],
    ]);
    expect(() =>
      meterLinesFromText([{ meter: 'bogus', quantity: '1', wholesale_pico_usd: '0', resale_pico_usd: '0', customer_price_pico_usd: '0' }]),
    ).toThrow(/not a meter/);
  });
});
