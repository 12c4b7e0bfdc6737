import type { ChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';

/** A customer suspended through one gateway process stops its keys on another process within a second. */
describe('reseller API: customer suspension across processes', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('suspending a customer stops its keys on another gateway process within 1 s, and resuming restarts them', async () => {
    const { managementKey } = await gw.createReseller();
    const customer = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Spread out' })).body;
    const { key } = (await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
    let child: ChildGateway | undefined;
    try {
      child = await gw.startSecondProcess({
        KEY_CACHE_TTL_MS: '60000', // the cap: only the broadcast can make the child forget the key within the test
      });
      const callChild = () =>
        fetch(`${child!.url}/api/public/v1/infra.dns`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ domain: 'example.com' }),
        });
      expect((await callChild()).status).toBe(200); // now cached in the child

      /** Calls the child until its answer is not `from` any more (at most 1 s); returns it and how long it took. */
      const untilChanged = async (from: number) => {
        const since = Date.now();
        let status = from;
        while (status === from && Date.now() - since < 1000) status = (await callChild()).status;
        return { status, ms: Date.now() - since };
      };

      expect((await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/suspend`)).status).toBe(200);
      const suspended = await untilChanged(200);
      expect(suspended.status).toBe(403);
      expect(suspended.ms).toBeLessThan(1000);

      expect((await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/resume`)).status).toBe(200);
      const resumed = await untilChanged(403);
      expect(resumed.status).toBe(200);
      expect(resumed.ms).toBeLessThan(1000);
    } finally {
      expect(await child?.terminate()).toBe(0);
    }
  }, 60_000);
});
