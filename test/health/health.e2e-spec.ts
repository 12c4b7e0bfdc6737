import { GatewayHarness } from '../support/gateway-harness';

describe('health probes', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('/healthz says the process is up; /readyz checks Postgres and Redis', async () => {
    const live = await fetch(`${gw.url}/healthz`);
    expect(live.status).toBe(200);
    expect((await live.json()) as any).toEqual({ status: 'ok' });
    const ready = await fetch(`${gw.url}/readyz`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
    expect(ready.status).toBe(200);
    expect((await ready.json()) as any).toMatchObject({ status: 'ready', checks: { postgres: 'up', redis: 'up' }, shutting_down: false });
  });

  it('/readyz shows its checks and audit counts only with the admin token: a probe (or a wrong token) gets the status alone', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${gw.adminToken}`, `Bearer ${gw.adminToken}x`]) {
      const res = await fetch(`${gw.url}/readyz`, { headers: authorization ? { authorization } : {} });
      expect({ authorization, status: res.status, body: await res.json() }).toEqual({
        authorization,
        status: 200,
        body: { status: 'ready' },
      });
    }
    const operator = await fetch(`${gw.url}/readyz`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
    expect(Object.keys((await operator.json()) as object).sort()).toEqual(['audit', 'checks', 'shutting_down', 'status']);
  });

  it('/readyz reports Redis down with 503', async () => {
    const broken = await GatewayHarness.start({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      // The status code is the probe's answer, with or without the token.
      const probe = await fetch(`${broken.url}/readyz`);
      expect({ status: probe.status, body: await probe.json() }).toEqual({ status: 503, body: { status: 'not_ready' } });
      const ready = await fetch(`${broken.url}/readyz`, { headers: { authorization: `Bearer ${broken.adminToken}` } });
      expect(ready.status).toBe(503);
      expect((await ready.json()) as any).toMatchObject({ status: 'not_ready', checks: { postgres: 'up', redis: 'down' } });
    } finally {
      await broken.close();
    }
  });

  it('runs without Redis: in-process limits and cache invalidation', async () => {
    const single = await GatewayHarness.start({ REDIS_URL: '' });
    try {
      expect(single.config.REDIS_URL).toBeUndefined();
      const ready: any = await (await fetch(`${single.url}/readyz`, { headers: { authorization: `Bearer ${single.adminToken}` } })).json();
      expect(ready.checks.redis).toBe('not_configured');
      const { key, keyId } = await single.createTenantWithKey({ keyRateLimit: 2 });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await single.call('infra.dns', { key, body: { domain: 'example.com' } })).status);
      expect(statuses).toEqual([200, 200, 429]);
      await single.admin('POST', `/keys/${keyId}/revoke`);
      expect((await single.call('infra.dns', { key, body: { domain: 'example.com' } })).status).toBe(401);
    } finally {
      await single.close();
    }
  });
});
