import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Every public response carries these, whatever its status. */
function expectLimitHeaders(res: Response) {
  const requestId = res.headers.get('x-service-request-id');
  expect(requestId).toMatch(UUID);
  expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(res.headers.get('x-ratelimit-reset')).toMatch(ISO_MS);
  expect(res.headers.get('ratelimit-policy')).toMatch(/^"\w+";q=\d+;w=\d+/);
  expect(res.headers.get('ratelimit')).toMatch(/^"\w+";r=\d+;t=\d+/);
  return requestId!;
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const requestId = expectLimitHeaders(res);
  const body = (await res.json()) as any;
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String), request_id: requestId }) });
  return { body, requestId };
}

describe('public endpoint /api/public/v1/{slug}', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let key: string;
  let keyId: string;
  let tenantId: string;
  let slug: string;
  let endpointId: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ BODY_LIMIT_BYTES: '2048' });
    upstream = await startUpstream((req, res) =>
      sendJson(res, 200, { echo: req.method === 'POST' ? JSON.parse(req.body) : req.url, usage: { quantity: 2 } }),
    );
    ({ key, keyId, tenantId } = await gw.createTenantWithKey());
    ({ slug, id: endpointId } = await gw.createEndpoint({
      category: 'data',
      billingUnit: 'record',
      wholesalePicoUsdPerUnit: 1_000_000_000n,
      resalePicoUsdPerUnit: 1_500_000_000n,
      upstreams: [{ baseUrl: upstream.url, path: '/enrich' }],
    }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('POST answers the spec envelope with the upstream result, headers and an equal audit record', async () => {
    const res = await gw.call(slug, { key, body: { email: 'ada@example.com' } });
    expect(res.status).toBe(200);
    const requestId = expectLimitHeaders(res);
    const body = (await res.json()) as any;
    expect(body).toEqual({
      endpoint: slug,
      status: 'accepted',
      request_id: requestId,
      billed_usd: 0.003,
      received_at: expect.stringMatching(ISO_MS),
      usage: { billing_unit: 'record', quantity: 2, units: 2, meters: [{ meter: 'records', quantity: 2, units: 2, billed_usd: 0.003 }] },
      result: { echo: { email: 'ada@example.com' }, usage: { quantity: 2 } },
    });
    expect(upstream.received.at(-1)!.headers['x-request-id']).toBe(requestId);

    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({
      tenantId,
      apiKeyId: keyId,
      endpointId,
      method: 'POST',
      httpStatus: 200,
      errorCode: null,
      providersTried: 1,
      quantity: 2n,
      wholesalePicoUsd: 2_000_000_000n,
      resalePicoUsd: 3_000_000_000n,
      usageSource: 'reported',
      clientIp: '127.0.0.1',
    });
    expect(record!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(record!.createdAt.toISOString()).toBe(body.received_at);
  });

  it('GET passes the query parameters as input', async () => {
    const res = await gw.call(slug, { key, method: 'GET', query: { domain: 'example.com', tag: 'a' } });
    expect(res.status).toBe(200);
    expectLimitHeaders(res);
    const body = (await res.json()) as any;
    expect(body.result.echo).toBe('/enrich?domain=example.com&tag=a');
  });

  it('the seeded catalog works offline through the built-in simulator', async () => {
    const res = await gw.call('text.generate', { key, body: { input: 'Write a haiku about gateways' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.endpoint).toBe('text.generate');
    expect(body.usage.billing_unit).toBe('tokens_1k');
    expect(body.usage.quantity).toBeGreaterThan(0);
    expect(body.billed_usd).toBeGreaterThan(0);
  });

  it('401 for a missing, malformed, unknown, revoked or expired key, each with its own code', async () => {
    await expectError(await gw.call(slug, { body: {} }), 401, 'missing_api_key');
    await expectError(await gw.call(slug, { body: {}, headers: { authorization: 'Basic abc' } }), 401, 'malformed_api_key');
    await expectError(await gw.call(slug, { body: {}, key: 'not-a-key' }), 401, 'malformed_api_key');
    const unknown = key.slice(0, -4) + (key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await expectError(await gw.call(slug, { body: {}, key: unknown }), 401, 'invalid_api_key');

    const revoked = await gw.createTenantWithKey();
    expect((await gw.admin('POST', `/keys/${revoked.keyId}/revoke`)).status).toBe(200);
    await expectError(await gw.call(slug, { body: {}, key: revoked.key }), 401, 'revoked_api_key');

    const expired = await gw.createTenantWithKey({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { requestId } = await expectError(await gw.call(slug, { body: {}, key: expired.key }), 401, 'expired_api_key');
    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({ httpStatus: 401, errorCode: 'expired_api_key', tenantId: null, apiKeyId: null, resalePicoUsd: 0n });
  });

  it('reads the key from the Authorization header only: access_token in the query is not a carrier', async () => {
    await expectError(await gw.call(slug, { method: 'GET', query: { access_token: key } }), 401, 'missing_api_key');
    // With the header, a query parameter of that name is ordinary input, not a second credential.
    const res = await gw.call(slug, { method: 'GET', key, query: { access_token: 'ignored' } });
    expect(res.status).toBe(200);
  });

  it('403 when the tenant is suspended', async () => {
    const t = await gw.createTenantWithKey();
    expect((await gw.admin('PATCH', `/tenants/${t.tenantId}`, { status: 'suspended' })).status).toBe(200);
    await expectError(await gw.call(slug, { key: t.key, body: {} }), 403, 'tenant_suspended');
  });

  it('404 for an unknown slug, 405 for other methods', async () => {
    const { requestId } = await expectError(await gw.call('text.nope', { key, body: {} }), 404, 'endpoint_not_found');
    expect(await gw.auditRecord(requestId)).toMatchObject({ httpStatus: 404, endpointId: null, apiKeyId: keyId });
    const res = await gw.call(slug, { key, method: 'DELETE' });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, POST');
    await expectError(await gw.call('', { key, body: {} }), 404, 'route_not_found');
  });

  it('415 without a JSON content type, 400 for invalid JSON or a non-object, 413 past the body limit', async () => {
    await expectError(
      await gw.call(slug, { key, rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    await expectError(await gw.call(slug, { key, rawBody: '{}' }), 415, 'unsupported_media_type');
    await expectError(await gw.call(slug, { key, rawBody: '{"a":', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    await expectError(
      await gw.call(slug, { key, rawBody: '[1,2]', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_request',
    );
    const big = JSON.stringify({ blob: 'x'.repeat(3000) });
    const { body } = await expectError(
      await gw.call(slug, { key, rawBody: big, headers: { 'content-type': 'application/json; charset=utf-8' } }),
      413,
      'payload_too_large',
    );
    expect(body.error.details).toEqual({ limit_bytes: 2048 });
  });

  it('400 with every problem for an invalid text.generate body; nothing billed', async () => {
    const { body, requestId } = await expectError(
      await gw.call('text.generate', { key, body: { input: 42, stream: 'yes' } }),
      400,
      'invalid_request',
    );
    expect(body.error.details.problems.length).toBe(2);
    expect(await gw.auditRecord(requestId)).toMatchObject({ httpStatus: 400, errorCode: 'invalid_request', resalePicoUsd: 0n });
  });

  it('a stream request to a slug that cannot stream is a 400', async () => {
    await expectError(await gw.call(slug, { key, body: { stream: true } }), 400, 'invalid_request');
  });

  it('non-API routes answer the same error shape', async () => {
    const res = await fetch(`${gw.url}/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('route_not_found');
    expect(res.headers.get('x-service-request-id')).toMatch(UUID);
  });
});
