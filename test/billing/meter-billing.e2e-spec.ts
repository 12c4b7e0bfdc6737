import type { AuditMeters } from '../../src/audit/audit-record';
import { chargePicoUsd, discountedChargePicoUsd, picoUsdToUsdNumber } from '../../src/common/money/money';
import { ANTHROPIC_TEST_SECRET, AnthropicUpstream, startAnthropicUpstream } from '../support/anthropic-upstream';
import { GatewayHarness } from '../support/gateway-harness';
import { parseEvents } from '../support/sse';

/** Claude Haiku 4.5's list prices per 1M tokens as pico-USD per 1k (wholesale), and resale at +50 %. */
const PRICES = {
  input_tokens: { wholesale: 1_000_000_000n, resale: 1_500_000_000n },
  cached_input_tokens: { wholesale: 100_000_000n, resale: 150_000_000n },
  cache_write_tokens: { wholesale: 1_250_000_000n, resale: 1_875_000_000n },
  output_tokens: { wholesale: 5_000_000_000n, resale: 7_500_000_000n },
} as const;
type TextMeter = keyof typeof PRICES;

/** What each meter of `quantities` costs, each rounded once, as the audit record keeps them. */
function expectedMeters(quantities: Partial<Record<TextMeter, bigint>>, discountBps = 0n): AuditMeters {
  const meters: AuditMeters = {};
  for (const [meter, quantity] of Object.entries(quantities) as Array<[TextMeter, bigint]>) {
    const price = PRICES[meter];
    const resale = discountedChargePicoUsd(quantity, price.resale, 1000n, discountBps);
    meters[meter] = [String(quantity), String(chargePicoUsd(quantity, price.wholesale, 1000n)), String(resale), String(resale)];
  }
  return meters;
}

const sum = (meters: AuditMeters, column: 1 | 2 | 3) => Object.values(meters).reduce((total, m) => total + BigInt(m[column]), 0n);

/**
 * Per-meter billing end to end: a model priced per meter (input, cached input, cache writes,
 * output), an upstream reporting each (the fake Anthropic API), and the bill equal to the
 * reported usage × the meter prices to the pico-dollar, in the answer, the stream's last event and
 * the audit record, for whole answers, streams, and a stream the client cut short.
 */
describe('billing per meter', () => {
  let gw: GatewayHarness;
  let anthropic: AnthropicUpstream;
  let key: string;
  let slug: string;

  beforeAll(async () => {
    process.env.UPSTREAM_SECRET_METER_ANTHROPIC = ANTHROPIC_TEST_SECRET;
    gw = await GatewayHarness.start();
    anthropic = await startAnthropicUpstream();
    ({ key } = await gw.createTenantWithKey());
    ({ slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      prices: (Object.keys(PRICES) as TextMeter[]).map((meter) => ({
        meter,
        wholesalePicoUsdPerUnit: PRICES[meter].wholesale,
        resalePicoUsdPerUnit: PRICES[meter].resale,
      })),
      upstreams: [
        { kind: 'anthropic', baseUrl: anthropic.url, authSecretEnv: 'UPSTREAM_SECRET_METER_ANTHROPIC', model: 'claude-haiku-4-5' },
      ],
    }));
  });

  afterAll(async () => {
    await gw.close();
    await anthropic.close();
  });

  it('a whole answer: each reported meter × its price, rounded once per meter; billed == audited', async () => {
    const res = await gw.call(slug, { key, body: { input: 'chunks=3 input=1234 cache_read=567 cache_write=89 output=1011' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    const record = (await gw.auditRecord(body.request_id))!;
    const meters = expectedMeters({ input_tokens: 1234n, cached_input_tokens: 567n, cache_write_tokens: 89n, output_tokens: 1011n });
    expect(record.meters).toEqual(meters);
    expect(record).toMatchObject({
      quantity: 1234n + 567n + 89n + 1011n,
      wholesalePicoUsd: sum(meters, 1),
      resalePicoUsd: sum(meters, 2),
      customerPricePicoUsd: sum(meters, 3),
      usageSource: 'reported',
    });
    // 1.234 × 1,500,000,000 + 0.567 × 150,000,000 + 0.089 × 1,875,000,000 + 1.011 × 7,500,000,000 pico.
    expect(sum(meters, 3)).toBe(1_851_000_000n + 85_050_000n + 166_875_000n + 7_582_500_000n);
    expect(body.billed_usd).toBe(picoUsdToUsdNumber(sum(meters, 3)));
    expect(body.usage.meters).toEqual([
      { meter: 'input_tokens', quantity: 1234, units: 1.234, billed_usd: 0.001851 },
      { meter: 'cached_input_tokens', quantity: 567, units: 0.567, billed_usd: 0.00008505 },
      { meter: 'cache_write_tokens', quantity: 89, units: 0.089, billed_usd: 0.000166875 },
      { meter: 'output_tokens', quantity: 1011, units: 1.011, billed_usd: 0.0075825 },
    ]);
  });

  it('a stream: the usage its events reported, per meter, in the last event and the record', async () => {
    const res = await gw.call(slug, { key, body: { input: 'chunks=4 input=2000 cache_read=1000 output=333', stream: true } });
    expect(res.status).toBe(200);
    const { events, done } = parseEvents(await res.text());
    expect(done).toBe(true);
    const record = (await gw.auditRecord(res.headers.get('x-service-request-id')!))!;
    const meters = expectedMeters({ input_tokens: 2000n, cached_input_tokens: 1000n, output_tokens: 333n });
    expect(record.meters).toEqual(meters);
    expect(record).toMatchObject({ streamOutcome: 'completed', usageSource: 'reported', customerPricePicoUsd: sum(meters, 3) });
    expect(events.at(-1).usage).toMatchObject({ cost_usd: picoUsdToUsdNumber(sum(meters, 3)) });
    expect(events.at(-1).usage.meters.map((m: { meter: string; quantity: number }) => [m.meter, m.quantity])).toEqual([
      ['input_tokens', 2000],
      ['cached_input_tokens', 1000],
      ['output_tokens', 333],
    ]);
  });

  it('a stream the client cuts: the reported input meters, and the output estimated from what was generated', async () => {
    const controller = new AbortController();
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'chunks=500 interval=10 input=800 cache_read=200', stream: true }),
      signal: controller.signal,
    });
    const requestId = res.headers.get('x-service-request-id')!;
    await res.body!.getReader().read();
    const disconnected = anthropic.nextClientDisconnect();
    controller.abort();
    await disconnected;
    const record = (await gw.auditRecord(requestId))!;
    expect(record).toMatchObject({ streamOutcome: 'aborted', usageSource: 'estimated' });
    const meters = record.meters as AuditMeters;
    expect(meters.input_tokens![0]).toBe('800');
    expect(meters.cached_input_tokens![0]).toBe('200');
    const output = BigInt(meters.output_tokens![0]);
    expect(output).toBeGreaterThan(0n);
    expect(meters).toEqual(expectedMeters({ input_tokens: 800n, cached_input_tokens: 200n, output_tokens: output }));
    expect(record.customerPricePicoUsd).toBe(sum(meters, 3));
  });
});
