import OpenAI, { APIError, AuthenticationError, NotFoundError, PermissionDeniedError, RateLimitError } from 'openai';
import { GatewayHarness } from '../support/gateway-harness';
import { expectSameBill } from '../support/same-bill';
import { DEFAULT_CHAT_USAGE, DEFAULT_STREAM_TEXT, PATHS, startOpenAiApi, type OpenAiApi } from '../support/openai-api';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/**
 * The OpenAI-compatible door through the official `openai` package, unchanged, pointed at a gateway
 * with a fake OpenAI upstream: the same keys, limits, budgets, billing and audit as the slug door,
 * in OpenAI's shapes and error classes. A database of its own: text.generate's gpt-4o-mini is
 * pointed at the fake here, which other suites must not see.
 */
describe('the OpenAI door, called with the official openai SDK', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let api: OpenAiApi;
  let key: string;
  let client: OpenAI;

  const clientFor = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${gw.url}/api/openai/v1`, maxRetries: 0 });

  beforeAll(async () => {
    db = await createSuiteDatabase('openai_door');
    gw = await GatewayHarness.start({ DATABASE_URL: db.url });
    api = await startOpenAiApi();
    // The seeded simulator keeps its model; gpt-4o-mini is served by the fake (no secret needed).
    const upstreams = await gw.admin('PUT', '/catalog/text.generate/upstreams', {
      upstreams: [
        { name: 'simulator', kind: 'simulator', serves_model: 'simulator' },
        { name: 'openai', kind: 'openai', base_url: api.url, model: 'gpt-4o-mini-2024-07-18', serves_model: 'gpt-4o-mini' },
      ],
    });
    expect(upstreams.status).toBe(200);
    ({ key } = await gw.createTenantWithKey());
    client = clientFor(key);
  });

  afterAll(async () => {
    await gw?.close();
    await api?.close();
    await db?.drop();
  });

  /** The slug door's call with the same input, for comparing bills. */
  async function slugCall(slug: string, body: unknown) {
    const res = await gw.call(slug, { key, body });
    const json = (await res.json()) as any;
    expect(res.status).toBe(200);
    return { json, record: (await gw.auditRecord(json.request_id))! };
  }

  it('GET /models lists what this key may call, with its prices per meter; a model without a usable upstream is left out', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['text.generate/simulator', 'text.generate/gpt-4o-mini', 'text.embed/simulator']));
    // claude-haiku-4-5 is seeded on an anthropic upstream whose secret is not set here.
    expect(ids).not.toContain('text.generate/claude-haiku-4-5');
    const res = await fetch(`${gw.url}/api/openai/v1/models/text.generate/gpt-4o-mini`, { headers: { authorization: `Bearer ${key}` } });
    const model = (await res.json()) as any;
    expect(res.status).toBe(200);
    // The seed's list price of gpt-4o-mini: $0.15 / $0.075 cached / $0.60 per 1M, +50 % resale: per 1k tokens.
    expect(model).toMatchObject({
      id: 'text.generate/gpt-4o-mini',
      object: 'model',
      endpoint: 'text.generate',
      pricing: {
        input_tokens: { usd_per_unit: '0.000225', unit: '1k input tokens' },
        output_tokens: { usd_per_unit: '0.0009', unit: '1k output tokens' },
      },
    });
  });

  it('a chat completion: OpenAI shape with usage details and cost; billed and audited as the slug call with the same input', async () => {
    const { data, response } = await client.chat.completions
      .create({ model: 'text.generate/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }], max_completion_tokens: 50 })
      .withResponse();
    const requestId = response.headers.get('x-service-request-id')!;
    expect(data.id).toBe(`chatcmpl-${requestId}`);
    expect(data.object).toBe('chat.completion');
    expect(data.model).toBe('text.generate/gpt-4o-mini');
    expect(data.choices[0].message.role).toBe('assistant');
    expect(data.choices[0].finish_reason).toBe('stop');
    const { prompt, completion, cached, reasoning } = DEFAULT_CHAT_USAGE;
    expect(data.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: cached },
      completion_tokens_details: { reasoning_tokens: reasoning },
    });
    expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
    // The upstream was asked with the operator's model and the caller's limit under its slug name.
    expect(api.lastJson('/v1/chat/completions')).toMatchObject({ model: 'gpt-4o-mini-2024-07-18', max_tokens: 50 });

    const record = (await gw.auditRecord(requestId))!;
    expect(record).toMatchObject({ door: 'openai', httpStatus: 200, usageSource: 'reported' });
    const cost = (data.usage as unknown as { cost: number }).cost;
    expect(cost).toBe(Number(record.customerPricePicoUsd) / 1e12);

    const slug = await slugCall('text.generate', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello.' }],
      max_tokens: 50,
    });
    expectSameBill(record, slug.record);
    expect(slug.json.billed_usd).toBe(cost);
  });

  it('existing OpenAI code keeps its model names: a seeded alias and one the operator adds are listed and callable', async () => {
    const seeded = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }] });
    expect(seeded.model).toBe('gpt-4o-mini');
    expect(api.lastJson('/v1/chat/completions')).toMatchObject({ model: 'gpt-4o-mini-2024-07-18' });
    const put = await gw.admin('PUT', '/model-aliases/house-chat', { target: 'text.generate/simulator' });
    expect(put.status).toBe(200);
    const own = await client.chat.completions.create({ model: 'house-chat', messages: [{ role: 'user', content: 'hi' }] });
    expect(own.model).toBe('house-chat');
    const listed = new Map<string, unknown>();
    for await (const model of client.models.list()) listed.set(model.id, (model as unknown as { alias_of?: string }).alias_of);
    expect([listed.get('gpt-4o-mini'), listed.get('house-chat'), listed.get('text.generate/simulator')]).toEqual([
      'text.generate/gpt-4o-mini',
      'text.generate/simulator',
      undefined,
    ]);
    // An alias of a model no upstream can serve now (claude-haiku-4-5: its secret is not set) is neither listed nor callable.
    expect(listed.has('claude-haiku-4-5')).toBe(false);
    const unusable = await client.chat.completions
      .create({ model: 'claude-haiku-4-5', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect((unusable as APIError).code).toBe('model_not_found');
  });

  it('a chat completion on the simulator (the offline default) answers in the same shape', async () => {
    const completion = await client.chat.completions.create({
      model: 'text.generate/simulator',
      messages: [{ role: 'user', content: 'Tell me about the gateway.' }],
    });
    expect(completion.choices[0].message.content).toEqual(expect.any(String));
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('a stream: OpenAI chunks, the usage (and cost) in a last chunk with include_usage, [DONE]; billed and audited', async () => {
    const { data: stream, response } = await client.chat.completions
      .create({
        model: 'text.generate/gpt-4o-mini',
        messages: [{ role: 'user', content: 'Stream please.' }],
        stream: true,
        stream_options: { include_usage: true },
      })
      .withResponse();
    const requestId = response.headers.get('x-service-request-id')!;
    const text: string[] = [];
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      for (const choice of chunk.choices) if (choice.delta.content) text.push(choice.delta.content);
    }
    expect(text.join('')).toBe(DEFAULT_STREAM_TEXT.join(''));
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.every((c) => c.id === `chatcmpl-${requestId}` && c.object === 'chat.completion.chunk')).toBe(true);
    const finish = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(finish?.choices[0].finish_reason).toBe('stop');
    const last = chunks[chunks.length - 1];
    expect(last.choices).toHaveLength(0);
    const record = (await gw.auditRecord(requestId))!;
    expect(record).toMatchObject({ door: 'openai', streamOutcome: 'completed' });
    expect(last.usage).toMatchObject({ prompt_tokens: DEFAULT_CHAT_USAGE.prompt, completion_tokens: DEFAULT_CHAT_USAGE.completion });
    expect((last.usage as unknown as { cost: number }).cost).toBe(Number(record.customerPricePicoUsd) / 1e12);
  });

  it('embeddings: the SDK default (base64) and float give the slug call’s vectors; billed as the slug call', async () => {
    const input = ['first text', 'second text'];
    const { data: asBase64, response } = await client.embeddings.create({ model: 'text.embed/simulator', input }).withResponse();
    const floats = await client.embeddings.create({ model: 'text.embed/simulator', input, encoding_format: 'float' });
    const slug = await slugCall('text.embed', { model: 'simulator', input });
    const vectors = slug.json.result.embeddings as number[][];
    expect(floats.data.map((d) => d.embedding)).toEqual(vectors);
    // float32 on the wire: equal to the slug's vectors at float32 precision.
    expect(asBase64.data.map((d) => d.embedding.map((x) => Math.fround(x)))).toEqual(vectors.map((v) => v.map((x) => Math.fround(x))));
    expect(asBase64.object).toBe('list');
    expect(asBase64.model).toBe('text.embed/simulator');
    const record = (await gw.auditRecord(response.headers.get('x-service-request-id')!))!;
    expect(record.door).toBe('openai');
    expect([record.customerPricePicoUsd, record.quantity]).toEqual([slug.record.customerPricePicoUsd, slug.record.quantity]);
    expect(asBase64.usage.prompt_tokens).toBe(Number(record.quantity));
  });

  it('a wrong key is an AuthenticationError (401) with our code, audited as a call of the door', async () => {
    const error = await clientFor('sk_live_not_a_real_key_at_all_000000000000')
      .chat.completions.create({ model: 'text.generate/simulator', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const err = error as AuthenticationError;
    expect([err.status, err.type]).toEqual([401, 'authentication_error']);
    expect(['invalid_api_key', 'malformed_api_key']).toContain(err.code);
    const record = await gw.auditRecord(err.headers.get('x-service-request-id')!);
    expect(record).toMatchObject({ door: 'openai', httpStatus: 401 });
  });

  it('an unknown model is a NotFoundError (404 model_not_found, param model); a model of another route a 400', async () => {
    const unknown = await client.chat.completions
      .create({ model: 'gpt-9-ultra', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect([(unknown as APIError).code, (unknown as APIError).param]).toEqual(['model_not_found', 'model']);
    // The OpenAI SDK keeps the envelope whole: the gateway's request id and docs link reach the caller too.
    expect((unknown as APIError).error).toMatchObject({ request_id: expect.any(String), docs: '/docs/guide/api/errors#model_not_found' });
    const wrongRoute = await client.chat.completions
      .create({ model: 'text.embed/simulator', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect([(wrongRoute as APIError).status, (wrongRoute as APIError).code, ((wrongRoute as APIError).error as any).message]).toEqual([
      400,
      'invalid_request',
      'The model "text.embed/simulator" is served by /embeddings, not /chat/completions.',
    ]);
  });

  it('an exhausted limit is a RateLimitError whose Retry-After the SDK reads', async () => {
    const limited = await gw.createTenantWithKey({ keyRateLimit: 1 });
    const sdk = clientFor(limited.key);
    const body = { model: 'text.generate/simulator', messages: [{ role: 'user' as const, content: 'hi' }] };
    await sdk.chat.completions.create(body);
    const error = await sdk.chat.completions.create(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    const err = error as RateLimitError;
    expect([err.status, err.code, err.type]).toEqual([429, 'rate_limited', 'rate_limit_error']);
    expect(Number(err.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a spent budget is an APIError with status 402 and our code; a key limited to other endpoints gets 403 and sees none of them listed', async () => {
    const { managementKey } = await gw.createReseller();
    const customer = await gw.reseller(managementKey, 'POST', '/customers', { name: 'budgeted' });
    const customerKey = await gw.reseller(managementKey, 'POST', `/customers/${customer.body.id}/keys`, {});
    expect(
      (await gw.reseller(managementKey, 'PUT', `/keys/${customerKey.body.id}/budget`, { period: 'monthly', cap_usd: '0.000000001' }))
        .status,
    ).toBe(200);
    // A call is admitted while spend and holds are under the cap (it may overspend it): the first passes.
    const budgetedClient = clientFor(customerKey.body.key);
    const hi = { model: 'text.generate/simulator', messages: [{ role: 'user' as const, content: 'hi' }] };
    await budgetedClient.chat.completions.create(hi);
    const budgeted = await budgetedClient.chat.completions.create(hi).catch((e: unknown) => e);
    expect(budgeted).toBeInstanceOf(APIError);
    expect([(budgeted as APIError).status, (budgeted as APIError).code]).toEqual([402, 'budget_exceeded']);

    const narrowKey = await gw.reseller(managementKey, 'POST', `/customers/${customer.body.id}/keys`, {});
    const limits = await gw.reseller(managementKey, 'PUT', `/keys/${narrowKey.body.id}/limits`, { allowed_endpoints: ['text.embed'] });
    expect(limits.status).toBe(200);
    const narrow = clientFor(narrowKey.body.key);
    const refused = await narrow.chat.completions
      .create({ model: 'text.generate/simulator', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect((refused as APIError).code).toBe('endpoint_not_allowed');
    const ids: string[] = [];
    for await (const model of narrow.models.list()) ids.push(model.id);
    expect(ids).toEqual(['text.embed/simulator']);
  });

  it('a budget holds a call at the price of the model it names, as the slug door does (once at the slug’s first model’s)', async () => {
    const { managementKey } = await gw.createReseller();
    const customer = await gw.reseller(managementKey, 'POST', '/customers', { name: 'held' });
    const customerKey = await gw.reseller(managementKey, 'POST', `/customers/${customer.body.id}/keys`, {});
    const budgetPath = `/keys/${customerKey.body.id}/budget`;
    expect((await gw.reseller(managementKey, 'PUT', budgetPath, { period: 'monthly', cap_usd: '100' })).status).toBe(200);
    // The stream says nothing and stays open: the call is in flight, holding, until the client leaves.
    api.reply(PATHS.chat, { events: [], holdAfter: 0 });
    const before = api.received.length;
    const messages = [{ role: 'user', content: 'hi' }];
    const leave = new AbortController();
    const pending = fetch(`${gw.url}/api/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customerKey.body.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text.generate/gpt-4o-mini', messages, max_tokens: 100, stream: true }),
      signal: leave.signal,
    }).catch(() => null);
    await api.waitForRequests(before + 1);
    const held = (await gw.reseller(managementKey, 'GET', budgetPath)).body.held_usd as string;
    const disconnected = api.nextDisconnect();
    leave.abort();
    await pending;
    await disconnected;
    // The slug's input the door makes of it ({messages, max_tokens, stream}): its JSON length bounds
    // the prompt's tokens (4 characters a token), and max_tokens the output; at gpt-4o-mini's price
    // to this customer ($0.000225 and $0.0009 per 1k tokens: GET /models above), not the
    // simulator's, the slug's first model ($0.0015 and $0.006).
    const inputTokens = BigInt(Math.ceil(JSON.stringify({ messages, max_tokens: 100, stream: true }).length / 4));
    expect(held).toBe((Number(inputTokens * 225_000n + 100n * 900_000n) / 1e12).toString());
  });

  it('hostile or malformed bodies are 4xx in OpenAI’s envelope, never a 5xx, each audited as a call of the door', async () => {
    const post = async (path: string, body: string, contentType = 'application/json') => {
      const res = await fetch(`${gw.url}/api/openai/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
        body,
      });
      const json = (await res.json()) as any;
      const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
      return [res.status, json.error.code, json.error.param, record?.door];
    };
    const messages = [{ role: 'user', content: 'hi' }];
    expect(await post('/chat/completions', '{"model": "text.generate/simulator", "messages": [')).toEqual([
      400,
      'invalid_json',
      null,
      'openai',
    ]);
    expect(await post('/chat/completions', 'model=x', 'application/x-www-form-urlencoded')).toEqual([
      415,
      'unsupported_media_type',
      null,
      'openai',
    ]);
    // A body that is JSON but not an object: refused as on the slug door.
    expect(await post('/chat/completions', '[1, 2]')).toEqual([400, 'invalid_request', null, 'openai']);
    expect(await post('/chat/completions', JSON.stringify({ model: 5, messages }))).toEqual([400, 'invalid_request', 'model', 'openai']);
    expect(await post('/chat/completions', JSON.stringify({ model: 'text.generate/simulator', messages: 'hi' }))).toEqual([
      400,
      'invalid_request',
      'messages',
      'openai',
    ]);
    expect(
      await post('/chat/completions', JSON.stringify({ model: 'text.generate/simulator', messages: [{ role: 'wizard', content: 1 }] })),
    ).toEqual([400, 'invalid_request', null, 'openai']);
    expect(await post('/chat/completions', JSON.stringify({ model: 'text.generate/simulator', messages, n: 3 }))).toEqual([
      400,
      'invalid_request',
      'n',
      'openai',
    ]);
    expect(await post('/embeddings', JSON.stringify({ model: 'text.embed/simulator', input: [[1, 2, 3]] }))).toEqual([
      400,
      'invalid_request',
      'input',
      'openai',
    ]);
    expect(await post('/embeddings', JSON.stringify({ model: 'text.embed/simulator', input: 'x', encoding_format: 'hex' }))).toEqual([
      400,
      'invalid_request',
      'encoding_format',
      'openai',
    ]);
    expect(await post('/chat/completions', JSON.stringify({ model: '../../etc/passwd', messages }))).toEqual([
      404,
      'model_not_found',
      'model',
      'openai',
    ]);
  });

  it('an unknown path under the door is OpenAI’s 404 envelope', async () => {
    const res = await fetch(`${gw.url}/api/openai/v1/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'route_not_found', param: null } });
  });
});
