import { usdToPicoUsd } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

describe('audit trail and billing', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    // Token usage varies per call, so most charges are fractional pico-USD before rounding.
    upstream = await startUpstream((req, res) => {
      const n = (JSON.parse(req.body) as { n: number }).n;
      sendJson(res, 200, { text: 'ok', usage: { total_tokens: 1 + ((n * 7919) % 4000) } });
    });
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('bills exactly over many calls: billed_usd = the record resale revenue, sums agree to the pico-USD', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      wholesalePicoUsdPerUnit: 1_333_333_333n,
      resalePicoUsdPerUnit: 2_777_777_777n,
      upstreams: [{ baseUrl: upstream.url }],
    });
    const { key, tenantId } = await gw.createTenantWithKey();
    let billedSum = 0n;
    let expectedResale = 0n;
    let expectedWholesale = 0n;
    const ids: string[] = [];
    for (let n = 0; n < 200; n++) {
      const res = await gw.call(slug, { key, body: { n } });
      const body = (await res.json()) as any;
      expect(res.status).toBe(200);
      const tokens = BigInt(1 + ((n * 7919) % 4000));
      expect(body.usage.quantity).toBe(Number(tokens));
      billedSum += usdToPicoUsd(body.billed_usd);
      // round(tokens × price / 1000), half up, once per call.
      expectedResale += (tokens * 2_777_777_777n * 2n + 1000n) / 2000n;
      expectedWholesale += (tokens * 1_333_333_333n * 2n + 1000n) / 2000n;
      ids.push(body.request_id);
    }
    await gw.flushAudit();
    const sums = await gw.prisma.auditRecord.aggregate({
      where: { id: { in: ids } },
      _sum: { resalePicoUsd: true, wholesalePicoUsd: true },
      _count: true,
    });
    expect(sums._count).toBe(200);
    expect(sums._sum.resalePicoUsd).toBe(expectedResale);
    expect(sums._sum.wholesalePicoUsd).toBe(expectedWholesale);
    expect(billedSum).toBe(expectedResale);
    const all = await gw.prisma.auditRecord.count({ where: { tenantId } });
    expect(all).toBe(200);
  });

  it('records the socket address, ignoring X-Forwarded-For unless the proxy is trusted', async () => {
    const { key } = await gw.createTenantWithKey();
    const res = await gw.call('infra.dns', { key, body: { domain: 'example.com' }, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect((await gw.auditRecord(res.headers.get('x-service-request-id')!))!.clientIp).toBe('127.0.0.1');

    const behindProxy = await GatewayHarness.start({ TRUST_PROXY: 'loopback' });
    try {
      const t = await behindProxy.createTenantWithKey();
      const viaProxy = await behindProxy.call('infra.dns', {
        key: t.key,
        body: { domain: 'example.com' },
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect((await behindProxy.auditRecord(viaProxy.headers.get('x-service-request-id')!))!.clientIp).toBe('203.0.113.7');
      const forged = await behindProxy.call('infra.dns', {
        key: t.key,
        body: { domain: 'example.com' },
        headers: { 'x-forwarded-for': 'not-an-ip' },
      });
      expect(forged.status).toBe(200);
      expect((await behindProxy.auditRecord(forged.headers.get('x-service-request-id')!))!.clientIp).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });

  it('records a call whose client went away as 499, unbilled, and cancels the upstream call', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const hanging = await startUpstream((_req, res) => {
      res.on('close', () => upstreamClosed());
    });
    try {
      const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: hanging.url, timeoutMs: 30_000 }] });
      const { key, keyId } = await gw.createTenantWithKey();
      const controller = new AbortController();
      const pending = gw.call(slug, { key, body: {}, headers: {} });
      void pending.catch(() => undefined);
      const aborted = fetch(`${gw.url}/api/public/v1/${slug}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
        signal: controller.signal,
      }).catch(() => undefined);
      await hanging.waitForRequests(2);
      controller.abort();
      await aborted;
      await closed;
      await gw.flushAudit();
      const records = await gw.prisma.auditRecord.findMany({ where: { apiKeyId: keyId, httpStatus: 499 } });
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ resalePicoUsd: 0n, upstreamId: null });
    } finally {
      await hanging.close();
    }
  });

  it('SIGTERM finishes in-flight calls and drains every audit record before exiting', async () => {
    const release: Array<() => void> = [];
    const slow = await startUpstream(
      (_req, res) =>
        new Promise<void>((resolve) =>
          release.push(() => {
            sendJson(res, 200, { ok: true });
            resolve();
          }),
        ),
    );
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: slow.url, timeoutMs: 30_000 }] });
    const { key, keyId } = await gw.createTenantWithKey();
    const child = await gw.startSecondProcess({
      // Nothing is flushed by time or size: only the shutdown drain can write these records.
      AUDIT_FLUSH_INTERVAL_MS: '600000',
      AUDIT_BATCH_SIZE: '100000',
    });
    try {
      const calls = Array.from({ length: 8 }, (_, i) =>
        fetch(`${child.url}/api/public/v1/${slug}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ i }),
        }).then((r) => r.status),
      );
      await slow.waitForRequests(8);
      const exit = child.terminate();
      await child.waitForOutput('SHUTTING_DOWN');
      release.forEach((r) => r()); // the upstream answers only once shutdown has begun
      expect(await Promise.all(calls)).toEqual(Array(8).fill(200));
      expect(await exit).toBe(0);
      expect(await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId } })).toBe(8);
    } finally {
      await slow.close();
    }
  }, 60_000);
});
