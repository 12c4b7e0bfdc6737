import { MAX_MARKUP_BPS as SERVER_MAX_MARKUP_BPS } from '../../src/keys/customer-prices';
import { markedUpChargePicoUsd } from '../../src/common/money/money';
import type { MarkupView, PriceView, PublicEndpointView } from '@unified-api-gateway/sdk';
import {
  appliedPrice,
  markedUpPicoUsd,
  MAX_MARKUP_BPS,
  meterRows,
  paysPicoUsd,
  percentToBps,
  type ScopePrices,
} from '../../web/src/lib/customer-prices';

/** The console's reading of the precedence and of a markup per unit agrees with the gateway's (src/keys/customer-prices.ts, money.ts). */
describe('console: customer prices', () => {
  const endpoint = (slug: string, models: Array<{ name: string; meters: Array<[string, string]> }>): PublicEndpointView =>
    ({
      slug,
      prices: models[0].meters.map(([meter, price]) => ({ meter, unit_label: meter, price_usd_per_unit: price })),
      models: models.map((m) => ({
        name: m.name,
        prices: m.meters.map(([meter, price]) => ({ meter, unit_label: meter, price_usd_per_unit: price })),
      })),
    }) as PublicEndpointView;
  const price = (slug: string, meter: string, usd: string) => ({ slug, meter, price_usd_per_unit: usd }) as PriceView;
  const markup = (slug: string, bps: number) => ({ slug, markup_bps: bps }) as MarkupView;

  it("lists every meter of every model once, the default model's list price first, in the gateway's meter order", () => {
    const rows = meterRows([
      endpoint('text.generate', [
        {
          name: 'simulator',
          meters: [
            ['input_tokens', '0.0015'],
            ['output_tokens', '0.006'],
          ],
        },
        {
          name: 'mini',
          meters: [
            ['input_tokens', '0.0002'],
            ['cached_input_tokens', '0.0001'],
            ['output_tokens', '0.0009'],
          ],
        },
      ]),
    ]);
    expect(rows.map((r) => [r.meter, r.listPico, r.listModel])).toEqual([
      ['input_tokens', 1_500_000_000n, null],
      ['cached_input_tokens', 100_000_000n, 'mini'],
      ['output_tokens', 6_000_000_000n, null],
    ]);
  });

  it('applies, per meter, a fixed price, then the slug markup, then the markup on every slug; the customer before every customer', () => {
    const [input, output] = meterRows([
      endpoint('text.generate', [
        {
          name: 'm',
          meters: [
            ['input_tokens', '0.001'],
            ['output_tokens', '0.004'],
          ],
        },
      ]),
    ]);
    const none: ScopePrices = { prices: [], markups: [] };
    const customer: ScopePrices = { prices: [price('text.generate', 'input_tokens', '0.003')], markups: [markup('*', 5000)] };
    const everyCustomer: ScopePrices = {
      prices: [price('text.generate', 'output_tokens', '0.009')],
      markups: [markup('text.generate', 1000)],
    };
    expect(appliedPrice(input, customer, everyCustomer)).toEqual({ kind: 'fixed', pico: 3_000_000_000n, own: true });
    expect(appliedPrice(output, customer, everyCustomer)).toEqual({ kind: 'fixed', pico: 9_000_000_000n, own: false });
    // Without fixed prices: every customer's slug markup beats the customer's on every slug.
    const markupsOnly = (s: ScopePrices): ScopePrices => ({ prices: [], markups: s.markups });
    expect(appliedPrice(input, markupsOnly(customer), markupsOnly(everyCustomer))).toEqual({
      kind: 'markup',
      bps: 1000,
      own: false,
      everySlug: false,
    });
    expect(appliedPrice(input, markupsOnly(customer), none)).toEqual({ kind: 'markup', bps: 5000, own: true, everySlug: true });
    expect(appliedPrice(input, none, null)).toEqual({ kind: 'list' });
    expect(paysPicoUsd(input, { kind: 'list' }, 2000)).toBe(1_000_000_000n);
  });

  it("a markup per unit is the gateway's amount for one unit, rounded once", () => {
    for (const [list, discount, bps] of [
      [5n, 6000, 5000],
      [1_500_000_000n, 2000, 2500],
      [3n, 0, 100_000],
      [7n, 1234, 1],
    ] as const) {
      expect(markedUpPicoUsd(list, discount, bps)).toBe(markedUpChargePicoUsd(1n, list, 1n, BigInt(discount), BigInt(bps)));
    }
    expect(MAX_MARKUP_BPS).toBe(SERVER_MAX_MARKUP_BPS);
  });

  it('reads a percentage as basis points: 0 to 1000 %, at most 2 decimals', () => {
    expect(['25', '12.5', '0.01', '0', '1000', '7 %'].map(percentToBps)).toEqual([2500, 1250, 1, 0, 100_000, 700]);
    expect(['1000.01', '-1', '0.001', '', 'abc', '1e3'].map(percentToBps)).toEqual([null, null, null, null, null, null]);
  });
});
