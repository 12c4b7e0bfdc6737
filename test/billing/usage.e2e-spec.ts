import { usdToPicoUsd } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, TestUpstream } from '../support/upstream-server';

/**
 * Usage reported by upstreams is untrusted input. Each upstream here writes the report as raw JSON
 * text chosen by the test (so 1e300, 1.5 or a 17-digit integer reach the gateway as such).
 */
function rawJson(res: import('node:http').ServerResponse, text: string, contentType = 'application/json'): void {
  res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const INVALID_REPORTS = ['-5', '1.5', '"12"', '1e300', '"NaN"', '"9007199254740993"', '9007199254740993', '{"n":1}', 'true', '[3]'];

describe('usage reported by upstreams is validated', () => {
  let gw: GatewayHarness;
  let http: TestUpstream;
  let openai: TestUpstream;
  let key: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    // Generic http upstream: `{"report": "<raw JSON>"}` in, `usage.quantity` = that raw JSON out.
    http = await startUpstream((req, res) => {
      const { report } = JSON.parse(req.body) as { report: string };
      rawJson(res, `{"ok":true,"usage":{"quantity":${report}}}`);
    });
    // OpenAI-compatible upstream: the user message is the raw JSON of usage.total_tokens.
    openai = await startUpstream((req, res) => {
      const body = JSON.parse(req.body) as { stream?: boolean; messages: Array<{ content: string }> };
      const report = body.messages[0].content;
      if (!body.stream) {
        return rawJson(
          res,
          `{"model":"m","choices":[{"message":{"role":"assistant","content":"hello there"},"finish_reason":"stop"}],"usage":{"total_tokens":${report}}}`,
        );
      }
      rawJson(
        res,
        `data: {"choices":[{"index":0,"delta":{"content":"hello there"}}]}\n\ndata: {"choices":[],"usage":{"total_tokens":${report}}}\n\ndata: [DONE]\n\n`,
        'text/event-stream',
      );
    });
    ({ key } = await gw.createTenantWithKey());
  });

  afterAll(async () => {
    await gw.close();
    await http.close();
    await openai.close();
  });

  async function billedCall(slug: string, body: unknown) {
    const res = await gw.call(slug, { key, body });
    const json = (await res.json()) as any;
    expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 200]);
    expect(json.billed_usd).toBeGreaterThan(0);
    return { json, record: await gw.auditRecord(json.request_id) };
  }

  it('http upstream: an invalid report bills the estimate (never 0, never 500) and the audit row says so', async () => {
    const { slug } = await gw.createEndpoint({ category: 'data', billingUnit: 'record', upstreams: [{ baseUrl: http.url }] });
    const { slug: tokens } = await gw.createEndpoint({ category: 'text', billingUnit: 'tokens_1k', upstreams: [{ baseUrl: http.url }] });
    for (const report of INVALID_REPORTS) {
      const { json, record } = await billedCall(slug, { report });
      expect([report, json.usage.quantity]).toEqual([report, 1]); // count units: one item
      expect([report, record?.usageSource, record?.quantity]).toEqual([report, 'estimated', 1n]);
      const t = await billedCall(tokens, { report });
      expect(t.json.usage.quantity).toBeGreaterThan(0); // ~4 characters per token of input and output
      expect([report, t.record?.usageSource]).toEqual([report, 'estimated']);
    }
    const valid = await billedCall(slug, { report: '7' });
    expect(valid.record).toMatchObject({ quantity: 7n, usageSource: 'reported' });
    // No report at all is an ordinary estimate.
    const missing = await billedCall(slug, { report: 'null' });
    expect(missing.record).toMatchObject({ quantity: 1n, usageSource: 'estimated' });
  });

  it('a report of 0 never makes an answered call free, except where the unit can honestly be 0 (records)', async () => {
    const { slug: tokens } = await gw.createEndpoint({ category: 'text', billingUnit: 'tokens_1k', upstreams: [{ baseUrl: http.url }] });
    const viaHttp = await billedCall(tokens, { report: '0' });
    expect(viaHttp.record).toMatchObject({ usageSource: 'estimated' });
    expect(viaHttp.record!.quantity).toBeGreaterThan(0n);
    const { slug: calls } = await gw.createEndpoint({ category: 'infra', billingUnit: 'call', upstreams: [{ baseUrl: http.url }] });
    expect((await billedCall(calls, { report: '0' })).record).toMatchObject({ quantity: 1n, usageSource: 'estimated' });
    const { slug: chat } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [{ kind: 'openai', baseUrl: openai.url }],
    });
    const viaOpenAi = await billedCall(chat, { input: '0' }); // this upstream reports its prompt as total_tokens
    expect(viaOpenAi.record).toMatchObject({ usageSource: 'estimated' });
    // An enrichment that matched no record bills nothing, as reported.
    const { slug: records } = await gw.createEndpoint({ category: 'data', billingUnit: 'record', upstreams: [{ baseUrl: http.url }] });
    const res = await gw.call(records, { key, body: { report: '0' } });
    const json = (await res.json()) as any;
    expect([res.status, json.billed_usd]).toEqual([200, 0]);
    expect(await gw.auditRecord(json.request_id)).toMatchObject({ quantity: 0n, resalePicoUsd: 0n, usageSource: 'reported' });
  });

  it('a report over the per-slug cap bills the cap (never more, never free) and is flagged capped', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'data',
      billingUnit: 'record',
      maxQuantityPerCall: 1000n,
      upstreams: [{ baseUrl: http.url }],
    });
    const { json, record } = await billedCall(slug, { report: '5000' });
    expect(json.usage.quantity).toBe(1000);
    expect(json.billed_usd).toBe(1.5); // 1000 records × $0.0015
    expect(record).toMatchObject({ quantity: 1000n, resalePicoUsd: 1_500_000_000_000n, usageSource: 'capped' });
    expect((await billedCall(slug, { report: '1000' })).record).toMatchObject({ quantity: 1000n, usageSource: 'reported' });
  });

  it('a huge report cannot overflow int8 pico-USD: billed at the default cap, the audit row is written', async () => {
    // $3 per 1k tokens: 2^53 tokens would be 2.7e22 pico-USD, beyond what Postgres' bigint holds.
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      wholesalePicoUsdPerUnit: 2_000_000_000_000n,
      resalePicoUsdPerUnit: 3_000_000_000_000n,
      upstreams: [{ baseUrl: http.url }],
    });
    const { json, record } = await billedCall(slug, { report: String(Number.MAX_SAFE_INTEGER) });
    expect(json.usage.quantity).toBe(10_000_000); // tokens_1k default cap
    expect(record).toMatchObject({ quantity: 10_000_000n, resalePicoUsd: 30_000_000_000_000_000n, usageSource: 'capped' });
    // The writer is not poisoned: the next call's record lands too.
    expect((await billedCall(slug, { report: '1000' })).record).toMatchObject({ quantity: 1000n, usageSource: 'reported' });
  });

  it('the overflow check also lowers an operator cap that the price would overflow', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'data',
      billingUnit: 'record',
      resalePicoUsdPerUnit: 9_000_000_000_000_000n, // $9,000 per record
      maxQuantityPerCall: 9_000_000_000n,
      upstreams: [{ baseUrl: http.url }],
    });
    const { json, record } = await billedCall(slug, { report: '9000000000' });
    // int8 holds 9,223,372,036,854,775,807 pico-USD: at most 1,024 records at this price.
    expect(json.usage.quantity).toBe(1024);
    expect(record).toMatchObject({ quantity: 1024n, resalePicoUsd: 9_216_000_000_000_000_000n, usageSource: 'capped' });
  });

  it('openai upstream: total_tokens 1.5 and every other bad report bill the estimate (it was a RangeError, a 500)', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: openai.url }],
    });
    for (const report of INVALID_REPORTS) {
      const { json, record } = await billedCall(slug, { input: report });
      expect(json.usage.quantity).toBeGreaterThan(0);
      expect([report, record?.usageSource]).toEqual([report, 'estimated']);
    }
    expect((await billedCall(slug, { input: '42' })).record).toMatchObject({ quantity: 42n, usageSource: 'reported' });
    expect((await billedCall(slug, { input: '20000000' })).record).toMatchObject({ quantity: 10_000_000n, usageSource: 'capped' });
  });

  it('openai streams: a bad total_tokens bills the estimate and the final event equals the audit record', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: openai.url }],
    });
    for (const report of ['1.5', '-5', '"12"', '1e300', '42']) {
      const res = await gw.call(slug, { key, body: { input: report, stream: true } });
      expect([report, res.status]).toEqual([report, 200]);
      const text = await res.text();
      const events = text
        .split('\n\n')
        .filter((e) => e.startsWith('data: {'))
        .map((e) => JSON.parse(e.slice(6)));
      const final = events.at(-1);
      expect([report, final.done, final.error]).toEqual([report, true, undefined]);
      expect(final.usage.cost_usd).toBeGreaterThan(0);
      const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
      expect([report, record?.usageSource, record?.streamOutcome]).toEqual([
        report,
        report === '42' ? 'reported' : 'estimated',
        'completed',
      ]);
      expect(usdToPicoUsd(final.usage.cost_usd)).toBe(record!.resalePicoUsd);
    }
  });
});
