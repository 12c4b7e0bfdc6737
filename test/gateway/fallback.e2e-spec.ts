import { GatewayHarness } from '../support/gateway-harness';
import { startOpenAiUpstream } from '../support/openai-upstream';
import { closedPortUrl, sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

describe('provider fallback', () => {
  let gw: GatewayHarness;
  let key: string;
  let healthy: TestUpstream;
  const upstreams: TestUpstream[] = [];

  /** An upstream answering `status` (and a JSON body) to every call. */
  async function failing(status: number): Promise<TestUpstream> {
    const u = await startUpstream((_req, res) => sendJson(res, status, { error: `status ${status}` }));
    upstreams.push(u);
    return u;
  }

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ({ key } = await gw.createTenantWithKey());
    healthy = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
    upstreams.push(healthy);
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all(upstreams.map((u) => u.close()));
  });

  async function callAndAudit(slug: string) {
    const res = await gw.call(slug, { key, body: { q: 1 } });
    const body = (await res.json()) as any;
    const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
    return { res, body, record: record! };
  }

  it.each([500, 503, 429])('moves on when the first provider answers %i', async (status) => {
    const first = await failing(status);
    const { slug, upstreamIds } = await gw.createEndpoint({ upstreams: [{ baseUrl: first.url }, { baseUrl: healthy.url }] });
    const { res, body, record } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    expect(body.result).toEqual({ ok: true });
    expect(first.received).toHaveLength(1);
    expect(record).toMatchObject({ httpStatus: 200, upstreamId: upstreamIds[1], providersTried: 2 });
  });

  it('moves on when the first provider refuses the connection', async () => {
    const { slug, upstreamIds } = await gw.createEndpoint({ upstreams: [{ baseUrl: await closedPortUrl() }, { baseUrl: healthy.url }] });
    const { res, record } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    expect(record).toMatchObject({ upstreamId: upstreamIds[1], providersTried: 2 });
  });

  it('moves on when the first provider times out, and cancels the slow call', async () => {
    let closedByGateway!: () => void;
    const slowClosed = new Promise<void>((resolve) => (closedByGateway = resolve));
    const slow = await startUpstream((_req, res) => {
      res.on('close', () => closedByGateway()); // never answers; the gateway must give up
    });
    upstreams.push(slow);
    const { slug, upstreamIds } = await gw.createEndpoint({
      upstreams: [{ baseUrl: slow.url, timeoutMs: 150 }, { baseUrl: healthy.url }],
    });
    const { res, record } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    expect(record).toMatchObject({ upstreamId: upstreamIds[1], providersTried: 2 });
    await slowClosed;
  });

  it('does not fall back on a 4xx: the caller gets 422 upstream_rejected, unbilled', async () => {
    const rejecting = await failing(400);
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: rejecting.url }, { baseUrl: healthy.url }] });
    const before = healthy.received.length;
    const { res, body, record } = await callAndAudit(slug);
    expect(res.status).toBe(422);
    expect(body.error).toMatchObject({ code: 'upstream_rejected', details: { upstream_status: 400 } });
    expect(healthy.received.length).toBe(before);
    expect(record).toMatchObject({ httpStatus: 422, upstreamId: null, providersTried: 1, resalePicoUsd: 0n, wholesalePicoUsd: 0n });
  });

  it('502 upstream_unavailable when every provider fails; 504 when the last one timed out', async () => {
    const a = await failing(502);
    const b = await failing(500);
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: a.url }, { baseUrl: b.url }] });
    const { res, body, record } = await callAndAudit(slug);
    expect(res.status).toBe(502);
    expect(body.error.code).toBe('upstream_unavailable');
    expect(record).toMatchObject({
      httpStatus: 502,
      errorCode: 'upstream_unavailable',
      providersTried: 2,
      upstreamId: null,
      resalePicoUsd: 0n,
    });
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');

    const silent = await startUpstream(() => undefined);
    upstreams.push(silent);
    const timedOut = await gw.createEndpoint({ upstreams: [{ baseUrl: a.url }, { baseUrl: silent.url, timeoutMs: 100 }] });
    const second = await callAndAudit(timedOut.slug);
    expect(second.res.status).toBe(504);
    expect(second.body.error.code).toBe('upstream_timeout');
  });

  it("moves on when an answer is larger than the upstream's max_response_bytes (set through the operator API)", async () => {
    const big = await startUpstream((_req, res) => sendJson(res, 200, { blob: 'x'.repeat(64 * 1024) }));
    upstreams.push(big);
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: healthy.url }] });
    const bad = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'big', kind: 'http', base_url: big.url, max_response_bytes: 10 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    const put = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        { name: 'big', kind: 'http', base_url: big.url, max_response_bytes: 4096, deadline_ms: 5000 },
        { name: 'healthy', kind: 'http', base_url: healthy.url },
      ],
    });
    expect(put.status).toBe(200);
    const view = await gw.admin('GET', `/catalog/${slug}`);
    expect(view.body.upstreams).toMatchObject([
      { name: 'big', max_response_bytes: 4096, deadline_ms: 5000 },
      { name: 'healthy', max_response_bytes: null, deadline_ms: null },
    ]);
    const { res, body, record } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    expect(body.result).toEqual({ ok: true });
    expect(big.received).toHaveLength(1);
    expect(record).toMatchObject({ httpStatus: 200, upstreamId: view.body.upstreams[1].id, providersTried: 2 });
  });

  it('openai upstreams: an answer over max_response_bytes moves on too', async () => {
    const openai = await startOpenAiUpstream();
    upstreams.push(openai);
    const { slug, upstreamIds } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [
        { kind: 'openai', baseUrl: openai.url, maxResponseBytes: 4096 },
        { kind: 'openai', baseUrl: openai.url },
      ],
    });
    const res = await gw.call(slug, { key, body: { input: 'chunks=100 size=100' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).result.text).toHaveLength(100 * 100);
    expect(await gw.auditRecord(res.headers.get('x-service-request-id')!)).toMatchObject({ upstreamId: upstreamIds[1], providersTried: 2 });
  });

  it("moves on when an answer trickles past the upstream's deadline (each pause within timeout_ms); 504 when it was the last", async () => {
    const closes: Array<() => void> = [];
    const trickle = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"slow":');
      const timer = setInterval(() => res.write(' '), 20); // forever, well within the body timeout
      res.on('close', () => {
        clearInterval(timer);
        closes.shift()?.();
      });
    });
    upstreams.push(trickle);
    const closed = () => new Promise<void>((resolve) => closes.push(resolve));
    const { slug, upstreamIds } = await gw.createEndpoint({
      upstreams: [{ baseUrl: trickle.url, timeoutMs: 2000, deadlineMs: 300 }, { baseUrl: healthy.url }],
    });
    const firstClosed = closed();
    const { res, record } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    expect(record).toMatchObject({ upstreamId: upstreamIds[1], providersTried: 2 });
    await firstClosed; // the trickling call was cancelled

    const last = await gw.createEndpoint({ upstreams: [{ baseUrl: trickle.url, timeoutMs: 2000, deadlineMs: 300 }] });
    const lastClosed = closed();
    const second = await callAndAudit(last.slug);
    expect(second.res.status).toBe(504);
    expect(second.body.error.code).toBe('upstream_timeout');
    expect(second.record).toMatchObject({ httpStatus: 504, errorCode: 'upstream_timeout', providersTried: 1, resalePicoUsd: 0n });
    await lastClosed;
  });

  it('sends the provider secret from the environment variable the catalog names', async () => {
    process.env.UPSTREAM_SECRET_TEST = 'sk-test-123';
    const { slug } = await gw.createEndpoint({
      upstreams: [
        { baseUrl: healthy.url, path: '/v1/x', authHeader: 'X-Api-Key', authScheme: 'Token ', authSecretEnv: 'UPSTREAM_SECRET_TEST' },
      ],
    });
    const { res } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    const seen = healthy.received.at(-1)!;
    expect(seen.url).toBe('/v1/x');
    expect(seen.headers['x-api-key']).toBe('Token sk-test-123');
    expect(seen.headers.authorization).toBeUndefined(); // the caller's key never goes upstream
  });

  it('never sends a variable outside UPSTREAM_SECRET_…, even when a stored row names one', async () => {
    process.env.TEST_PLAIN_SECRET = 'must-not-leave';
    const { slug } = await gw.createEndpoint({
      upstreams: [{ baseUrl: healthy.url, path: '/v1/y', authHeader: 'X-Api-Key', authSecretEnv: 'TEST_PLAIN_SECRET' }],
    });
    const { res } = await callAndAudit(slug);
    expect(res.status).toBe(200);
    expect(healthy.received.at(-1)!.headers['x-api-key']).toBeUndefined();
  });
});
