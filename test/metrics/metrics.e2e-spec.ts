import { randomBytes } from 'node:crypto';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { generateApiKey } from '../../src/keys/api-key-format';
import { MetricsListener } from '../../src/metrics/metrics-listener';
import { GatewayHarness } from '../support/gateway-harness';
import { startOpenAiUpstream, type OpenAiUpstream } from '../support/openai-upstream';
import { Scrape, series } from '../support/prometheus-text';
import { sendJson, startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/**
 * The Prometheus metrics at /metrics: who may read them, that they move by exactly what the calls
 * did, that what other modules own is read at the scrape, and that no caller can add series.
 */
describe('metrics', () => {
  let gw: GatewayHarness;
  let steady: TestUpstream;
  let failing: TestUpstream;
  let openai: OpenAiUpstream;
  let key: string;

  beforeAll(async () => {
    // The per-IP invalid-request limit stays out of the way of the 1,000 unknown calls below.
    gw = await GatewayHarness.start({ INVALID_REQUEST_RATE_LIMIT: '100000' });
    steady = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
    failing = await startUpstream((_req, res) => sendJson(res, 503, { error: 'down' }));
    openai = await startOpenAiUpstream();
    ({ key } = await gw.createTenantWithKey());
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all([steady.close(), failing.close(), openai.close()]);
  });

  async function scrape(target = gw): Promise<Scrape> {
    const res = await fetch(`${target.url}/metrics`, { headers: { authorization: `Bearer ${target.adminToken}` } });
    expect(res.status).toBe(200);
    return Scrape.parse(await res.text());
  }

  /** A public call, once its audit record is written (so its metrics have moved). */
  async function settledCall(slug: string, callKey: string | null, body: unknown = {}): Promise<number> {
    const res = await gw.call(slug, { key: callKey, body });
    await res.arrayBuffer();
    expect(await gw.auditRecord(res.headers.get('x-service-request-id')!)).not.toBeNull();
    return res.status;
  }

  /** Series of the families that public calls move (the ones read from their owners at the scrape aside). */
  const movedByCalls = (s: string) =>
    /^gateway_(calls_total|call_duration_seconds_count|upstream_request_duration_seconds_count|upstream_failures_total|upstream_fallbacks_total|limit_rejections_total|budget_rejections_total|streams_total|stream_duration_seconds_count)\b/.test(
      s,
    );

  describe('access', () => {
    it('answers 401 invalid_admin_token without the operator token, with a wrong one and with an API key', async () => {
      const { key: apiKey } = await gw.createTenantWithKey();
      for (const headers of [{}, { authorization: `Bearer ${gw.adminToken}x` }, { authorization: `Bearer ${apiKey}` }] as Array<
        Record<string, string>
      >) {
        const res = await fetch(`${gw.url}/metrics`, { headers });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_admin_token');
      }
    });

    it('serves the Prometheus text format with the operator token, uncached', async () => {
      const res = await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
      expect(res.status).toBe(200);
      // Express puts the charset first; the parameters are what Prometheus reads.
      expect(res.headers.get('content-type')!.split(/;\s*/).sort()).toEqual(['charset=utf-8', 'text/plain', 'version=0.0.4']);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      expect(text).toContain('# TYPE gateway_calls_total counter');
      expect(text).toContain('# TYPE gateway_call_duration_seconds histogram');
    });
  });

  it('moves by exactly what the calls did: 200s, a 401, a 429, a 402, a fallback and an unknown slug', async () => {
    const a = await gw.createEndpoint({ maxQuantityPerCall: 1n, upstreams: [{ name: 'steady-a', baseUrl: steady.url }] });
    const b = await gw.createEndpoint({
      upstreams: [
        { name: 'flaky-b', baseUrl: failing.url },
        { name: 'steady-b', baseUrl: steady.url },
      ],
    });
    const { key: limitedKey } = await gw.createTenantWithKey({ keyRateLimit: 1 });
    // A reseller's customer key with a budget of half a call: its first call passes, the next is refused.
    const reseller = await gw.createReseller();
    const customer = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body;
    const budgeted = (await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
    const put = await gw.reseller(reseller.managementKey, 'PUT', `/keys/${budgeted.id}/budget`, { period: 'daily', cap_usd: '0.00075' });
    expect(put.status).toBe(200);
    const unknownSlug = `infra.nope_${randomBytes(4).toString('hex')}`;

    const before = await scrape();
    const statuses = [
      await settledCall(a.slug, key),
      await settledCall(a.slug, key),
      await settledCall(a.slug, null),
      await settledCall(a.slug, limitedKey),
      await settledCall(a.slug, limitedKey),
      await settledCall(a.slug, budgeted.key),
      await settledCall(a.slug, budgeted.key),
      await settledCall(b.slug, key),
      await settledCall(unknownSlug, key),
    ];
    expect(statuses).toEqual([200, 200, 401, 200, 429, 200, 402, 200, 404]);
    const after = await scrape();

    expect(after.deltaSince(before, movedByCalls)).toEqual({
      [series('gateway_calls_total', { slug: a.slug, status: '200', code: 'none' })]: 4,
      [series('gateway_calls_total', { slug: a.slug, status: '401', code: 'missing_api_key' })]: 1,
      [series('gateway_calls_total', { slug: a.slug, status: '429', code: 'rate_limited' })]: 1,
      [series('gateway_calls_total', { slug: a.slug, status: '402', code: 'budget_exceeded' })]: 1,
      [series('gateway_calls_total', { slug: b.slug, status: '200', code: 'none' })]: 1,
      [series('gateway_calls_total', { slug: 'unknown', status: '404', code: 'endpoint_not_found' })]: 1,
      [series('gateway_call_duration_seconds_count', { slug: a.slug, status_class: '2xx' })]: 4,
      [series('gateway_call_duration_seconds_count', { slug: a.slug, status_class: '4xx' })]: 3,
      [series('gateway_call_duration_seconds_count', { slug: b.slug, status_class: '2xx' })]: 1,
      [series('gateway_call_duration_seconds_count', { slug: 'unknown', status_class: '4xx' })]: 1,
      [series('gateway_upstream_request_duration_seconds_count', { upstream: 'steady-a', kind: 'http', outcome: 'ok' })]: 4,
      [series('gateway_upstream_request_duration_seconds_count', { upstream: 'flaky-b', kind: 'http', outcome: 'failed' })]: 1,
      [series('gateway_upstream_request_duration_seconds_count', { upstream: 'steady-b', kind: 'http', outcome: 'ok' })]: 1,
      [series('gateway_upstream_failures_total', { upstream: 'flaky-b', kind: 'http', failure: 'status' })]: 1,
      [series('gateway_upstream_fallbacks_total', { slug: b.slug, upstream: 'flaky-b' })]: 1,
      [series('gateway_limit_rejections_total', { limit: 'endpoint' })]: 1,
      [series('gateway_budget_rejections_total', { limit_source: 'key' })]: 1,
    });
    // Every latency landed in a bucket: each histogram's +Inf bucket equals its count.
    for (const [s, value] of after.samples) {
      if (!s.includes('_bucket{') || !s.includes('le="+Inf"')) continue;
      const count = s
        .replace('_bucket{', '_count{')
        .replace(/le="\+Inf",?/, '')
        .replace(',}', '}')
        .replace('{}', '');
      expect([s, value]).toEqual([s, after.samples.get(count)]);
    }
    // Every written record is counted by the audit writer's counter (read from it at the scrape).
    expect(after.value('gateway_audit_written_records_total') - before.value('gateway_audit_written_records_total')).toBe(9);
  });

  it('counts a stream: open while it runs, then by how it ended and how long it lasted', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ name: 'openai-s', kind: 'openai', baseUrl: openai.url, timeoutMs: 5000 }],
    });
    const before = await scrape();
    expect(before.value('gateway_open_streams')).toBe(0);
    const client = new AbortController();
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      // The upstream sends one chunk, then goes silent with the connection open: the stream stays open.
      body: JSON.stringify({ input: 'chunks=3 stall_after=1', stream: true }),
      signal: client.signal,
    });
    expect(res.status).toBe(200);
    await res.body!.getReader().read();
    expect((await scrape()).value('gateway_open_streams')).toBe(1);

    client.abort();
    const requestId = res.headers.get('x-service-request-id')!;
    expect(await gw.auditRecord(requestId)).toMatchObject({ httpStatus: 200, streamOutcome: 'aborted' });
    const after = await scrape();
    expect(after.value('gateway_open_streams')).toBe(0);
    expect(after.deltaSince(before, movedByCalls)).toEqual({
      [series('gateway_calls_total', { slug, status: '200', code: 'none' })]: 1,
      [series('gateway_streams_total', { slug, outcome: 'aborted' })]: 1,
      [series('gateway_stream_duration_seconds_count', { slug })]: 1,
      [series('gateway_upstream_request_duration_seconds_count', { upstream: 'openai-s', kind: 'openai', outcome: 'ok' })]: 1,
    });
  });

  it('reads the Postgres pool, Redis, the event bus and the audit writer at the scrape', async () => {
    await gw.flushAudit();
    const now = await scrape();
    const stats = gw.app.get(AuditWriterService).stats();
    expect({
      buffered: now.value('gateway_audit_buffered_records'),
      spilled: now.value('gateway_audit_spilled_records'),
      spillFailed: now.value('gateway_audit_spill_failed_records'),
      deadLettered: now.value('gateway_audit_dead_lettered_records_total'),
      failedFlushes: now.value('gateway_audit_failed_flushes_total'),
      written: now.value('gateway_audit_written_records_total'),
    }).toEqual({
      buffered: 0,
      spilled: 0,
      spillFailed: 0,
      deadLettered: 0,
      failedFlushes: 0,
      written: stats.written,
    });
    const pool = gw.prisma.pool;
    expect(now.value('gateway_postgres_pool_max_connections')).toBe(10);
    expect(now.value('gateway_postgres_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(now.value('gateway_postgres_pool_connections')).toBeLessThanOrEqual(10);
    expect(now.value('gateway_postgres_pool_connections')).toBe(pool.totalCount);
    expect(now.value('gateway_postgres_pool_idle_connections')).toBe(pool.idleCount);
    expect(now.value('gateway_postgres_pool_waiting_clients')).toBe(0);
    expect(now.value('gateway_redis_up')).toBe(1);
    expect(now.value('gateway_event_bus_listening')).toBe(1);
  });

  it('1,000 calls to random unknown slugs with random keys add no series', async () => {
    const randomSlug = () => `infra.x${randomBytes(6).toString('hex')}`;
    // Well-formed keys that name no row (looked up in Postgres: invalid_api_key), and malformed ones.
    const randomKey = () => generateApiKey().key;
    // The series these calls can move exist once one call of each kind was made.
    await settledCall(randomSlug(), key);
    await settledCall(randomSlug(), randomKey());
    await settledCall(randomSlug(), `not a key ${randomBytes(8).toString('hex')}`);
    const before = await scrape();

    const slugs: string[] = [];
    const keys: string[] = [];
    const calls: Array<() => Promise<number>> = [];
    for (let i = 0; i < 1000; i++) {
      const slug = randomSlug();
      slugs.push(slug);
      const callKey = i % 3 === 0 ? key : i % 3 === 1 ? randomKey() : `not a key ${randomBytes(8).toString('hex')}`;
      keys.push(callKey);
      calls.push(async () => {
        const res = await gw.call(slug, { key: callKey, body: {} });
        await res.arrayBuffer();
        return res.status;
      });
    }
    const statuses: number[] = [];
    for (let i = 0; i < calls.length; i += 20) statuses.push(...(await Promise.all(calls.slice(i, i + 20).map((c) => c()))));
    expect(new Set(statuses)).toEqual(new Set([401, 404]));
    // Their records are queued once each response closed: wait for the last of them, not for a time.
    const isCall = (s: string) => s.startsWith('gateway_calls_total{');
    const counted = (s: Scrape) => Object.values(s.deltaSince(before, isCall)).reduce((sum, v) => sum + v, 0);
    const after = await waitFor('the 1,000 calls counted', async () => {
      const now = await scrape();
      return counted(now) >= 1000 ? now : null;
    });

    expect([...after.samples.keys()].filter((s) => !before.samples.has(s))).toEqual([]);
    expect(after.samples.size).toBe(before.samples.size);
    const delta = after.deltaSince(before, isCall);
    expect(counted(after)).toBe(1000);
    expect(Object.keys(delta).every((s) => s.includes('slug="unknown"'))).toBe(true);
    for (const secret of [...slugs, ...keys]) expect(after.text.includes(secret)).toBe(false);
  });
});

describe('metrics on METRICS_PORT, and the audit buffer', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    // Batches are written when the test says so (flushAudit), never by the timer.
    gw = await GatewayHarness.start({ METRICS_PORT: '0', AUDIT_FLUSH_INTERVAL_MS: '600000', AUDIT_BATCH_SIZE: '1000' });
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const metricsUrl = () => `http://127.0.0.1:${gw.app.get(MetricsListener).port}/metrics`;

  async function scrapePort(): Promise<Scrape> {
    const res = await fetch(metricsUrl());
    expect(res.status).toBe(200);
    return Scrape.parse(await res.text());
  }

  it('serves /metrics on its own port without a token, nothing else there; the main port still wants the token', async () => {
    const res = await fetch(metricsUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await res.text()).toContain('# TYPE gateway_calls_total counter');
    for (const path of ['/', '/metrics/', '/healthz', '/api/admin/v1/tenants', '/api/public/v1/text.generate']) {
      const other = await fetch(metricsUrl().replace('/metrics', path));
      expect([path, other.status]).toEqual([path, 404]);
      await other.arrayBuffer();
    }
    expect((await fetch(metricsUrl(), { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${gw.url}/metrics`)).status).toBe(401);
  });

  it('shows a record waiting in the audit buffer, then written', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] });
    const { key } = await gw.createTenantWithKey();
    await gw.flushAudit();
    const before = await scrapePort();
    expect(before.value('gateway_audit_buffered_records')).toBe(0);

    const res = await gw.call(slug, { key, body: {} });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const waiting = await waitFor('the record in the buffer', async () => {
      const now = await scrapePort();
      return now.value('gateway_audit_buffered_records') === 1 ? now : null;
    });
    expect(waiting.value('gateway_audit_written_records_total')).toBe(before.value('gateway_audit_written_records_total'));

    await gw.flushAudit();
    const written = await scrapePort();
    expect(written.value('gateway_audit_buffered_records')).toBe(0);
    expect(written.value('gateway_audit_written_records_total') - before.value('gateway_audit_written_records_total')).toBe(1);
  });

  it('stops listening when the app closes', async () => {
    const other = await GatewayHarness.start({ METRICS_PORT: '0' });
    const url = `http://127.0.0.1:${other.app.get(MetricsListener).port}/metrics`;
    expect((await fetch(url)).status).toBe(200);
    await other.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
