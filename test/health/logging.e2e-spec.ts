import { createHash } from 'node:crypto';
import { startChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';

describe('structured logs', () => {
  it('are JSON lines with the request id, and never contain a key or its hash', async () => {
    const gw = await GatewayHarness.start();
    const { key } = await gw.createTenantWithKey();
    const child = await startChildGateway({
      DATABASE_URL: gw.config.DATABASE_URL!,
      REDIS_URL: gw.config.REDIS_URL!,
      REDIS_KEY_PREFIX: gw.config.REDIS_KEY_PREFIX,
      ADMIN_TOKEN: gw.adminToken,
      DATA_DIR: gw.config.DATA_DIR,
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'true',
    });
    try {
      const call = (k: string) =>
        fetch(`${child.url}/api/public/v1/infra.dns`, {
          method: 'POST',
          headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
          body: JSON.stringify({ domain: 'example.com' }),
        });
      const ok = await call(key);
      const bad = await call(`${key.slice(0, -1)}x`);
      const ids = [ok.headers.get('x-service-request-id')!, bad.headers.get('x-service-request-id')!];
      await child.waitForOutput(ids[1]);
      // Every line is JSON, except the test harness's own LISTENING / SHUTTING_DOWN markers.
      const lines = child
        .stdout()
        .trim()
        .split('\n')
        .filter((l) => !/^[A-Z_]+( \d+)?$/.test(l))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const requestLines = lines.filter((l) => l.msg === 'public request');
      expect(requestLines.map((l) => l.requestId)).toEqual(expect.arrayContaining(ids));
      expect(requestLines.find((l) => l.requestId === ids[0])).toMatchObject({
        status: 200,
        slug: 'infra.dns',
        keyPrefix: key.slice(0, 15),
      });
      const all = child.stdout() + child.stderr();
      const secret = key.slice(16);
      expect(all).not.toContain(secret);
      expect(all).not.toContain(createHash('sha256').update(key).digest('hex'));
      expect(all).not.toContain(createHash('sha256').update(key).digest('base64'));
    } finally {
      expect(await child.terminate()).toBe(0);
      await gw.close();
    }
  }, 60_000);
});
