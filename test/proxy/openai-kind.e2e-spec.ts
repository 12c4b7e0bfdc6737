import { GatewayHarness } from '../support/gateway-harness';
import {
  contentChunk,
  DEFAULT_EMBEDDING_TOKENS_PER_INPUT,
  DEFAULT_SPEECH,
  DEFAULT_STREAM_TEXT,
  DEFAULT_TRANSCRIPTION,
  errorBody,
  PATHS,
  startOpenAiApi,
  usageChunk,
  usageOf,
  type OpenAiApi,
} from '../support/openai-api';
import { parseEvents } from '../support/sse';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { usdToPicoUsd } from '../../src/common/money/money';

/**
 * The openai kind through the whole gateway, against a fake OpenAI API: a call's bill is the usage
 * the provider reported × the slug's price, to the pico-dollar (billing collapses the token meters
 * into the slug's one price for now: input + cached input + output tokens, each as reported); the
 * slug's one shape comes back; OpenAI's refusals become our error codes; fallback moves on past a
 * 429; the operator API refuses a kind on a slug it does not serve.
 *
 * A database of its own: the known operations are the seeded slugs themselves (text.embed,
 * voice.stt, …), pointed here at the fake, which other suites must not see.
 */
describe('openai upstreams through the gateway', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let api: OpenAiApi;
  let key: string;
  /** $0.003 per 1k tokens resale, $0.002 wholesale. */
  const RESALE_PER_1K = 3_000_000_000n;
  const WHOLESALE_PER_1K = 2_000_000_000n;

  beforeAll(async () => {
    db = await createSuiteDatabase('openai_kind');
    gw = await GatewayHarness.start({ DATABASE_URL: db.url });
    api = await startOpenAiApi();
    ({ key } = await gw.createTenantWithKey());
  });

  afterAll(async () => {
    await gw?.close();
    await api?.close();
    await db?.drop();
  });

  function textEndpoint(upstreams = [{ kind: 'openai' as const, baseUrl: api.url, model: 'gpt-operator' }]) {
    return gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      wholesalePicoUsdPerUnit: WHOLESALE_PER_1K,
      resalePicoUsdPerUnit: RESALE_PER_1K,
      upstreams,
    });
  }

  /** Points a seeded slug at the fake, at round prices. */
  async function seededOnOpenAi(slug: string, resaleUsd: string, model: string): Promise<void> {
    const upstreams = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'openai', kind: 'openai', base_url: api.url, model }],
    });
    expect([slug, upstreams.status]).toEqual([slug, 200]);
    // One price for the slug: the seed's models (the simulator's, a provider's) are dropped.
    expect((await gw.admin('PUT', `/catalog/${slug}/models`, { models: [] })).status).toBe(200);
    const prices = await gw.admin('PATCH', `/catalog/${slug}`, { resale_usd_per_unit: resaleUsd, wholesale_usd_per_unit: resaleUsd });
    expect([slug, prices.status]).toEqual([slug, 200]);
  }

  async function call(slug: string, body: unknown) {
    const res = await gw.call(slug, { key, body });
    const json = (await res.json()) as any;
    return { status: res.status, json, record: res.status === 200 ? await gw.auditRecord(json.request_id) : null };
  }

  it('text.generate: billed = (input + cached input + output tokens as reported) × the price; the slug shape back', async () => {
    const { slug } = await textEndpoint();
    const { status, json, record } = await call(slug, { input: 'Say hello', max_tokens: 64 });
    expect(status).toBe(200);
    expect(json.result).toEqual({ text: 'Hello there.', finish_reason: 'stop', model: 'gpt-fake-2026-01-01' });
    // The fake reports prompt 1200 (1000 of them cached) and completion 300 (120 of them reasoning).
    expect(json.usage).toEqual({
      billing_unit: 'tokens_1k',
      quantity: 1500,
      units: 1.5,
      meters: [{ meter: 'tokens', quantity: 1500, units: 1.5, billed_usd: json.billed_usd }],
    });
    expect(record).toMatchObject({
      quantity: 1500n,
      usageSource: 'reported',
      resalePicoUsd: (1500n * RESALE_PER_1K) / 1000n,
      wholesalePicoUsd: (1500n * WHOLESALE_PER_1K) / 1000n,
    });
    expect(usdToPicoUsd(json.billed_usd)).toBe(4_500_000_000n);
    expect(api.lastJson(PATHS.chat)).toMatchObject({
      model: 'gpt-operator',
      messages: [{ role: 'user', content: 'Say hello' }],
      max_tokens: 64,
    });
  });

  it('text.generate takes messages too (images and tools pass through); a bad shape is a 400 and nothing is sent', async () => {
    const { slug } = await textEndpoint();
    const messages = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'https://x.example/a.png' } },
        ],
      },
    ];
    const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }];
    api.reply(PATHS.chat, {
      json: {
        choices: [{ message: { content: 'A fox.' }, finish_reason: 'stop' }],
        model: 'm',
        usage: usageOf({ prompt: 900, completion: 7 }),
      },
    });
    const { status, json, record } = await call(slug, { messages, tools, tool_choice: 'auto' });
    expect([status, json.result.text, record?.quantity]).toEqual([200, 'A fox.', 907n]);
    expect(api.lastJson(PATHS.chat)).toMatchObject({ messages, tools, tool_choice: 'auto' });

    // text.generate itself (the seeded slug, on the simulator here) is checked by the gateway before any upstream.
    const before = api.received.length;
    for (const bad of [
      {},
      { input: 'x', messages },
      { messages: [] },
      { messages: [{ role: 'user' }] },
      { input: 'x', tools: [{ type: 'retrieval' }] },
      { input: 'x', tool_choice: 'sometimes' },
    ]) {
      const res = await call('text.generate', bad);
      expect([bad, res.status, res.json.error.code]).toEqual([bad, 400, 'invalid_request']);
    }
    expect((await call('text.generate', { messages: [{ role: 'user', content: 'Hi' }] })).status).toBe(200);
    expect(api.received.length).toBe(before);
  });

  it('streams: the final event costs the reported usage × the price, as the audit record says', async () => {
    const { slug } = await textEndpoint();
    const res = await gw.call(slug, { key, body: { input: 'Say hello', stream: true } });
    expect(res.status).toBe(200);
    const { events, done } = parseEvents(await res.text());
    expect(done).toBe(true);
    expect(events.slice(0, -1).map((e: { delta: string }) => e.delta)).toEqual(DEFAULT_STREAM_TEXT);
    const final = events.at(-1);
    const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
    expect(record).toMatchObject({ quantity: 1500n, usageSource: 'reported', streamOutcome: 'completed' });
    expect(usdToPicoUsd(final.usage.cost_usd)).toBe(record!.resalePicoUsd);
    expect(record!.resalePicoUsd).toBe(4_500_000_000n);
  });

  it('a stream whose usage chunk reports cached tokens bills them like the rest (one price per token for now)', async () => {
    const { slug } = await textEndpoint();
    api.reply(PATHS.chat, {
      events: [contentChunk('Hi'), usageChunk(usageOf({ prompt: 5000, completion: 1000, cached: 4000, reasoning: 600 }))],
    });
    const res = await gw.call(slug, { key, body: { input: 'x', stream: true } });
    parseEvents(await res.text());
    const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
    expect(record).toMatchObject({ quantity: 6000n, resalePicoUsd: 18_000_000_000n, usageSource: 'reported' });
  });

  it('a client abort mid-stream bills the estimate of what was generated (OpenAI reports usage at the end only)', async () => {
    const { slug } = await textEndpoint();
    api.reply(PATHS.chat, { events: [contentChunk('12345678'), contentChunk('abcd'), contentChunk('never')], holdAfter: 2 });
    const controller = new AbortController();
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'y'.repeat(40), stream: true }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('abcd')) seen += new TextDecoder().decode((await reader.read()).value);
    const disconnected = api.nextDisconnect();
    controller.abort();
    await disconnected;
    const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
    // 40 characters of prompt: 10 tokens; 12 generated: 3 tokens.
    expect(record).toMatchObject({
      streamOutcome: 'aborted',
      usageSource: 'estimated',
      quantity: 13n,
      resalePicoUsd: (13n * RESALE_PER_1K) / 1000n,
    });
  });

  it("OpenAI's refusals become our 400s and are not retried; a 429 falls back to the next upstream, of another kind too", async () => {
    // The seeded text.generate, with the simulator behind the fake (the simulator answers it in the same shape).
    const slug = 'text.generate';
    const replaced = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        { name: 'openai', kind: 'openai', base_url: api.url, model: 'gpt-operator' },
        { name: 'simulator', kind: 'simulator' },
      ],
    });
    expect(replaced.status).toBe(200);
    api.reply(PATHS.chat, {
      status: 400,
      json: errorBody(
        "This model's maximum context length is 8192 tokens.",
        'invalid_request_error',
        'context_length_exceeded',
        'messages',
      ),
    });
    const tooLong = await call(slug, { input: 'x' });
    expect([tooLong.status, tooLong.json.error.code, tooLong.json.error.details]).toEqual([
      400,
      'context_length_exceeded',
      { upstream_status: 400 },
    ]);
    api.reply(PATHS.chat, { status: 400, json: errorBody('Rejected by the safety system.', 'invalid_request_error', 'content_filter') });
    const refused = await call(slug, { input: 'x' });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'content_policy_violation']);
    api.reply(PATHS.chat, { status: 401, json: errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key') });
    const rejected = await call(slug, { input: 'x' });
    expect([rejected.status, rejected.json.error.code]).toEqual([422, 'upstream_rejected']);

    api.reply(PATHS.chat, { status: 429, json: errorBody('Rate limit reached', 'requests', 'rate_limit_exceeded') });
    const fellBack = await call(slug, { input: 'Say hello' });
    expect(fellBack.status).toBe(200);
    expect(fellBack.record).toMatchObject({ providersTried: 2, upstreamId: replaced.body.upstreams[1].id });
    expect(fellBack.json.result).toMatchObject({ text: expect.any(String), finish_reason: 'stop' });
  });

  it('text.embed: billed = usage.prompt_tokens × the price', async () => {
    await seededOnOpenAi('text.embed', '0.0001', 'text-embedding-3-small');
    const { status, json, record } = await call('text.embed', { input: ['one', 'two', 'three'] });
    expect(status).toBe(200);
    expect(json.result).toMatchObject({ dimensions: 3, model: 'text-embedding-fake' });
    expect(json.result.embeddings).toHaveLength(3);
    const tokens = BigInt(3 * DEFAULT_EMBEDDING_TOKENS_PER_INPUT);
    expect(record).toMatchObject({ quantity: tokens, usageSource: 'reported', resalePicoUsd: (tokens * 100_000_000n) / 1000n });
  });

  it('voice.stt: the audio uploaded from base64; billed = the seconds OpenAI reports × the price per minute', async () => {
    await seededOnOpenAi('voice.stt', '0.006', 'whisper-1');
    const audio = Buffer.from('fake audio bytes');
    const { status, json, record } = await call('voice.stt', { audio_base64: audio.toString('base64'), filename: 'memo.m4a' });
    expect(status).toBe(200);
    expect(json.result).toEqual({ transcript: DEFAULT_TRANSCRIPTION.text, duration_ms: 8470, language: 'english' });
    const file = (await api.lastForm(PATHS.transcriptions)).get('file') as File;
    expect(Buffer.from(await file.arrayBuffer())).toEqual(audio);
    // usage.seconds 9: 9,000 ms at $0.006 a minute.
    expect(record).toMatchObject({ quantity: 9000n, usageSource: 'reported', resalePicoUsd: 900_000_000n });
  });

  it('media.image and voice.tts answer in the slug shape (their images and characters meters are billed once prices have meters)', async () => {
    await seededOnOpenAi('media.image', '0.04', 'dall-e-3');
    const image = await call('media.image', { prompt: 'a red fox', n: 2, size: '1024x1024' });
    expect([image.status, image.json.result.images.length, image.json.result.width]).toEqual([200, 2, 1024]);
    await seededOnOpenAi('voice.tts', '0.015', 'tts-1');
    const speech = await call('voice.tts', { text: 'Hello there' });
    expect([speech.status, speech.json.result]).toEqual([
      200,
      { audio_base64: DEFAULT_SPEECH.toString('base64'), format: 'mp3', characters: 11 },
    ]);
  });

  it("a slug the kind does not serve: refused by the operator API; a row written around it fails every call as the operator's error, never falling back", async () => {
    const refused = await gw.admin('PUT', '/catalog/vision.ocr/upstreams', {
      upstreams: [{ name: 'o', kind: 'openai', base_url: api.url }],
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'invalid_request']);
    expect(refused.body.error.details.problems).toEqual([
      'upstreams.0.kind openai does not serve vision.ocr; it serves text.generate (and every other text slug), text.embed, media.image, voice.stt, voice.tts',
    ]);
    const created = await gw.admin('POST', '/catalog', {
      slug: `voice.t_${Date.now().toString(36)}`,
      wholesale_usd_per_unit: '0.001',
      resale_usd_per_unit: '0.002',
      default_rate_limit: 10,
      upstreams: [
        { name: 'sim', kind: 'simulator' },
        { name: 'o', kind: 'openai', base_url: api.url },
      ],
    });
    expect([created.status, created.body.error?.details?.problems]).toEqual([
      400,
      [expect.stringMatching(/^upstreams\.1\.kind openai does not serve voice\.t_/)],
    ]);

    const { slug } = await gw.createEndpoint({
      category: 'vision',
      billingUnit: 'image',
      upstreams: [{ kind: 'openai', baseUrl: api.url }, { kind: 'simulator', baseUrl: null } as never],
    });
    const before = api.received.length;
    const res = await gw.call(slug, { key, body: { image_url: 'https://x.example/a.png' } });
    const json = (await res.json()) as any;
    expect([res.status, json.error.code]).toEqual([502, 'upstream_unavailable']);
    expect(json.error.message).toContain('operator');
    expect(api.received.length).toBe(before);
  });

  it('the operator API takes its kinds and base_url rule from the registry', async () => {
    const slug = `text.t_${Date.now().toString(36)}`;
    const body = (upstream: Record<string, unknown>) => ({
      slug,
      wholesale_usd_per_unit: '0.001',
      resale_usd_per_unit: '0.002',
      default_rate_limit: 10,
      upstreams: [{ name: 'u', ...upstream }],
    });
    const unknownKind = await gw.admin('POST', '/catalog', body({ kind: 'mistral', base_url: api.url }));
    expect([unknownKind.status, unknownKind.body.error.details.problems]).toEqual([
      400,
      [expect.stringMatching(/^upstreams\.0\.kind must be one of the following values: http, simulator, openai, anthropic, gemini/)],
    ]);
    const noBaseUrl = await gw.admin('POST', '/catalog', body({ kind: 'openai' }));
    expect([noBaseUrl.status, noBaseUrl.body.error.details.problems]).toEqual([400, [expect.stringMatching(/^upstreams\.0\.base_url/)]]);
    const simulator = await gw.admin('POST', '/catalog', body({ kind: 'simulator', base_url: 'https://ignored.example' }));
    expect([simulator.status, simulator.body.upstreams[0].base_url]).toEqual([201, null]);
  });
});
