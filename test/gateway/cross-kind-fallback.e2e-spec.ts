import { usdToPicoUsd } from '../../src/common/money/money';
import { ANTHROPIC_TEST_SECRET, AnthropicUpstream, startAnthropicUpstream } from '../support/anthropic-upstream';
import { GatewayHarness } from '../support/gateway-harness';
import { GEMINI_TEST_SECRET, GeminiUpstream, startGeminiUpstream } from '../support/gemini-upstream';
import { startOpenAiUpstream } from '../support/openai-upstream';
import { parseEvents } from '../support/sse';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

/** $0.002 wholesale and $0.003 resale per 1k tokens: the slug's single price (billing sums every token meter). */
const WHOLESALE_PER_1K = 2_000_000_000n;
const RESALE_PER_1K = 3_000_000_000n;

/**
 * Fallback across provider kinds on one text slug: the caller's input (the slug's one input) is
 * translated for each kind, and the answer comes back in the slug's one shape whichever served it.
 */
describe('fallback across provider kinds', () => {
  let gw: GatewayHarness;
  let key: string;
  let openAiDown: TestUpstream;
  let anthropic: AnthropicUpstream;
  let anthropicOverloaded: AnthropicUpstream;
  let anthropicOverloadedInStream: AnthropicUpstream;
  let gemini: GeminiUpstream;
  const closers: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    process.env.UPSTREAM_SECRET_E2E_ANTHROPIC = ANTHROPIC_TEST_SECRET;
    process.env.UPSTREAM_SECRET_E2E_GEMINI = GEMINI_TEST_SECRET;
    gw = await GatewayHarness.start();
    ({ key } = await gw.createTenantWithKey());
    openAiDown = await startUpstream((_req, res) =>
      sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } }),
    );
    anthropic = await startAnthropicUpstream();
    anthropicOverloaded = await startAnthropicUpstream({ script: 'fail=overloaded' });
    // Accepts the stream (200), then its first event is an overloaded_error.
    anthropicOverloadedInStream = await startAnthropicUpstream({ script: 'error_after=0' });
    gemini = await startGeminiUpstream();
    closers.push(openAiDown, anthropic, anthropicOverloaded, anthropicOverloadedInStream, gemini);
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all(closers.map((c) => c.close()));
  });

  const anthropicUpstream = (baseUrl: string) => ({
    kind: 'anthropic' as const,
    baseUrl,
    authSecretEnv: 'UPSTREAM_SECRET_E2E_ANTHROPIC',
    model: 'claude-e2e',
  });
  const geminiUpstream = { kind: 'gemini' as const, authSecretEnv: 'UPSTREAM_SECRET_E2E_GEMINI', model: 'gemini-e2e' };

  function textEndpoint(upstreams: Parameters<GatewayHarness['createEndpoint']>[0]['upstreams']) {
    return gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      wholesalePicoUsdPerUnit: WHOLESALE_PER_1K,
      resalePicoUsdPerUnit: RESALE_PER_1K,
      streamable: true,
      upstreams,
    });
  }

  async function call(slug: string, body: Record<string, unknown>) {
    const res = await gw.call(slug, { key, body });
    const json = (await res.json()) as any;
    return { res, body: json, record: (await gw.auditRecord(res.headers.get('x-service-request-id')!))! };
  }

  it('openai fails (500), anthropic serves: the messages are translated, the answer has the one shape, billed by total tokens', async () => {
    const { slug, upstreamIds } = await textEndpoint([{ kind: 'openai', baseUrl: openAiDown.url }, anthropicUpstream(anthropic.url)]);
    const before = openAiDown.received.length;
    const { res, body, record } = await call(slug, {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'chunks=3 input=1200 cache_read=300 output=450' },
      ],
      max_tokens: 500,
    });
    expect(res.status).toBe(200);
    expect(body.result).toEqual({ text: 'word0 word1 word2', finish_reason: 'stop', model: 'claude-e2e' });
    expect(openAiDown.received.length).toBe(before + 1);
    expect(JSON.parse(anthropic.received.at(-1)!.body)).toEqual({
      model: 'claude-e2e',
      max_tokens: 500,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'chunks=3 input=1200 cache_read=300 output=450' }] }],
    });
    // 1,200 input + 300 cached + 450 output = 1,950 tokens at the slug's one price per 1k tokens.
    expect(body.usage).toMatchObject({ billing_unit: 'tokens_1k', quantity: 1950 });
    expect(record).toMatchObject({
      httpStatus: 200,
      upstreamId: upstreamIds[1],
      providersTried: 2,
      quantity: 1950n,
      usageSource: 'reported',
      wholesalePicoUsd: (1950n * WHOLESALE_PER_1K) / 1000n,
      resalePicoUsd: (1950n * RESALE_PER_1K) / 1000n,
    });
    expect(usdToPicoUsd(body.billed_usd)).toBe(5_850_000_000n);
  });

  it('anthropic answers with the same text, finish_reason and model fields as openai does for the same input', async () => {
    const openAi = await startOpenAiUpstream();
    closers.push(openAi);
    const viaOpenAi = await textEndpoint([{ kind: 'openai', baseUrl: openAi.url }]);
    const viaAnthropic = await textEndpoint([{ kind: 'openai', baseUrl: openAiDown.url }, anthropicUpstream(anthropic.url)]);
    const fromOpenAi = (await call(viaOpenAi.slug, { input: 'chunks=3' })).body.result;
    const fromAnthropic = (await call(viaAnthropic.slug, { input: 'chunks=3' })).body.result;
    expect(fromAnthropic).toEqual({ text: 'word0 word1 word2', finish_reason: 'stop', model: 'claude-e2e' });
    expect(fromOpenAi).toMatchObject({ text: 'word0 word1 word2', finish_reason: 'stop', model: expect.any(String) });
  });

  it('anthropic overloaded (529), gemini serves: translated to contents and systemInstruction; billed by total tokens', async () => {
    const { slug, upstreamIds } = await textEndpoint([
      anthropicUpstream(anthropicOverloaded.url),
      { ...geminiUpstream, baseUrl: gemini.url },
    ]);
    const { res, body, record } = await call(slug, {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'chunks=2 prompt=1500 cached=300 candidates=400 thoughts=50' },
      ],
    });
    expect(res.status).toBe(200);
    expect(body.result).toEqual({ text: 'word0 word1', finish_reason: 'stop', model: 'gemini-e2e-001' });
    expect(anthropicOverloaded.received.length).toBeGreaterThan(0);
    expect(gemini.received.at(-1)!.url).toBe('/v1beta/models/gemini-e2e:generateContent');
    expect(JSON.parse(gemini.received.at(-1)!.body)).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'chunks=2 prompt=1500 cached=300 candidates=400 thoughts=50' }] }],
    });
    // 1,200 input + 300 cached + 450 output (400 candidates + 50 thoughts).
    expect(record).toMatchObject({
      upstreamId: upstreamIds[1],
      providersTried: 2,
      quantity: 1950n,
      usageSource: 'reported',
      resalePicoUsd: (1950n * RESALE_PER_1K) / 1000n,
    });
  });

  it('streams: openai fails, then anthropic’s stream is relayed in our chunks and billed by its reported usage', async () => {
    const { slug, upstreamIds } = await textEndpoint([{ kind: 'openai', baseUrl: openAiDown.url }, anthropicUpstream(anthropic.url)]);
    const res = await gw.call(slug, { key, body: { input: 'chunks=4 input=1000 output=200', stream: true } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-service-request-id')!;
    const { events, done } = parseEvents(await res.text());
    expect(done).toBe(true);
    expect(
      events
        .slice(0, -1)
        .map((e) => e.delta)
        .join(''),
    ).toBe('word0 word1 word2 word3');
    const final = events.at(-1);
    expect(final).toMatchObject({ done: true, usage: { calls: 1 } });
    expect(await gw.auditRecord(requestId)).toMatchObject({
      upstreamId: upstreamIds[1],
      providersTried: 2,
      quantity: 1200n,
      usageSource: 'reported',
      streamOutcome: 'completed',
      resalePicoUsd: (1200n * RESALE_PER_1K) / 1000n,
    });
    expect(usdToPicoUsd(final.usage.cost_usd)).toBe(3_600_000_000n);
  });

  it('streams: an overloaded_error event before any text falls back to gemini’s stream', async () => {
    const { slug, upstreamIds } = await textEndpoint([
      anthropicUpstream(anthropicOverloadedInStream.url),
      { ...geminiUpstream, baseUrl: gemini.url },
    ]);
    const res = await gw.call(slug, { key, body: { input: 'chunks=3 prompt=100 candidates=30', stream: true } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-service-request-id')!;
    const { events } = parseEvents(await res.text());
    expect(
      events
        .slice(0, -1)
        .map((e) => e.delta)
        .join(''),
    ).toBe('word0 word1 word2');
    expect(gemini.received.at(-1)!.url).toBe('/v1beta/models/gemini-e2e:streamGenerateContent?alt=sse');
    expect(await gw.auditRecord(requestId)).toMatchObject({
      upstreamId: upstreamIds[1],
      providersTried: 2,
      quantity: 130n,
      usageSource: 'reported',
      streamOutcome: 'completed',
    });
  });

  it('a client abort mid-stream cancels anthropic and bills its reported input plus the estimated output', async () => {
    const { slug } = await textEndpoint([anthropicUpstream(anthropic.url)]);
    const controller = new AbortController();
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'chunks=500 interval=10 input=1000', stream: true }),
      signal: controller.signal,
    });
    const requestId = res.headers.get('x-service-request-id')!;
    const reader = res.body!.getReader();
    await reader.read(); // the first chunk (and whatever came with it)
    const disconnected = anthropic.nextClientDisconnect();
    controller.abort();
    await disconnected;
    const record = (await gw.auditRecord(requestId))!;
    expect(record).toMatchObject({ streamOutcome: 'aborted', usageSource: 'estimated' });
    // The reported 1,000 input tokens, and a few output tokens estimated from the text generated.
    expect(record.quantity).toBeGreaterThan(1000n);
    expect(record.quantity).toBeLessThan(2000n);
    expect(record.resalePicoUsd).toBe((record.quantity * RESALE_PER_1K) / 1000n);
  });

  it('context too long on anthropic: 400 context_length_exceeded, gemini never asked, nothing billed', async () => {
    const tooLong = await startAnthropicUpstream({ script: 'fail=too_long' });
    closers.push(tooLong);
    const { slug } = await textEndpoint([anthropicUpstream(tooLong.url), { ...geminiUpstream, baseUrl: gemini.url }]);
    const before = gemini.received.length;
    const { res, body, record } = await call(slug, { input: 'a very long prompt' });
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'context_length_exceeded', details: { upstream_status: 400 } });
    expect(gemini.received.length).toBe(before);
    expect(record).toMatchObject({ httpStatus: 400, providersTried: 1, resalePicoUsd: 0n, wholesalePicoUsd: 0n });
  });

  it('a prompt gemini blocks: 400 content_policy_violation, nothing billed', async () => {
    const { slug } = await textEndpoint([{ ...geminiUpstream, baseUrl: gemini.url }]);
    const { res, body, record } = await call(slug, { input: 'fail=blocked' });
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('content_policy_violation');
    expect(record).toMatchObject({ httpStatus: 400, resalePicoUsd: 0n });
  });

  it('the operator API accepts the anthropic and gemini kinds', async () => {
    const { slug } = await textEndpoint([{ kind: 'openai', baseUrl: openAiDown.url }]);
    const put = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        {
          name: 'claude',
          kind: 'anthropic',
          base_url: anthropic.url,
          auth_secret_env: 'UPSTREAM_SECRET_E2E_ANTHROPIC',
          model: 'claude-e2e',
        },
        { name: 'gemini', kind: 'gemini', base_url: gemini.url, auth_secret_env: 'UPSTREAM_SECRET_E2E_GEMINI', model: 'gemini-e2e' },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.upstreams.map((u: any) => u.kind)).toEqual(['anthropic', 'gemini']);
    const { res, body } = await call(slug, { input: 'chunks=1' });
    expect(res.status).toBe(200);
    expect(body.result).toEqual({ text: 'word0', finish_reason: 'stop', model: 'claude-e2e' });
    const missingUrl = await gw.admin('PUT', `/catalog/${slug}/upstreams`, { upstreams: [{ name: 'g', kind: 'gemini' }] });
    expect(missingUrl.status).toBe(400);
  });
});
