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
    const ready = await fetch(`${gw.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()) as any).toMatchObject({ status: 'ready', checks: { postgres: 'up', redis: 'up' }, shutting_down: false });
  });

  it('/readyz reports Redis down with 503', async () => {
    const broken = await GatewayHarness.start({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ready = await fetch(`${broken.url}/readyz`);
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
      const ready: any = await (await fetch(`${single.url}/readyz`)).json();
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
