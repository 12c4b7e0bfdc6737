import { randomUUID } from 'node:crypto';
import { usdToPicoUsd } from '../../src/common/money/money';
import type { ChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The three-party ledger at the gateway: every call records the wholesale cost, the resale revenue
 * (the catalog's resale price under the tenant's plan) and the customer price (what the caller
 * pays, `billed_usd`: without a tenant price, the list price for a customer, the resale figure for
 * the tenant's own key), and a change of the plan reaches every gateway process at once.
 */
describe('ledger: wholesale, resale under the plan, customer price', () => {
  let gw: GatewayHarness;
  /** An endpoint billed per call: wholesale $0.001, resale $0.0015. */
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ({ slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] }));
  });

  afterAll(async () => {
    await gw.close();
  });

  const plan = async (resaleDiscountBps: number) =>
    (await gw.admin('POST', '/plans', { name: `plan ${randomUUID()}`, monthly_fee_usd: '0', resale_discount_bps: resaleDiscountBps }))
      .body as { id: string };

  /** A reseller on `planId`, with a customer and a key of that customer, and a key of its own. */
  const resellerOnPlan = async (planId: string | null) => {
    const reseller = await gw.createReseller();
    await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: planId });
    const customerId = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body.id as string;
    const key = (await gw.reseller(reseller.managementKey, 'POST', `/customers/${customerId}/keys`, {})).body.key as string;
    const ownKey = (await gw.reseller(reseller.managementKey, 'POST', '/keys', {})).body.key as string;
    return { ...reseller, customerId, key, ownKey };
  };

  /** One call: what the response billed, and the audit record's three amounts. */
  const callAndRecord = async (key: string, target = slug, url = gw.url) => {
    const res = await fetch(`${url}/api/public/v1/${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { billed_usd: number; request_id: string };
    expect(res.status).toBe(200);
    return { billed: usdToPicoUsd(body.billed_usd), requestId: body.request_id };
  };
  const amounts = async (requestId: string) => {
    const record = (await gw.auditRecord(requestId))!;
    return { wholesale: record.wholesalePicoUsd, resale: record.resalePicoUsd, customer: record.customerPricePicoUsd };
  };

  it("records the resale revenue under the plan's discount; without prices a customer pays the list price, an own key the resale figure (billed_usd = the record's customer price)", async () => {
    const { key, ownKey } = await resellerOnPlan((await plan(2500)).id);
    const { billed, requestId } = await callAndRecord(key);
    expect(await amounts(requestId)).toEqual({ wholesale: 1_000_000_000n, resale: 1_125_000_000n, customer: 1_500_000_000n });
    expect(billed).toBe(1_500_000_000n);
    const own = await callAndRecord(ownKey);
    expect(await amounts(own.requestId)).toEqual({ wholesale: 1_000_000_000n, resale: 1_125_000_000n, customer: 1_125_000_000n });
    expect(own.billed).toBe(1_125_000_000n);

    // No plan: the catalog's resale price.
    const { key: plain } = await resellerOnPlan(null);
    const call = await callAndRecord(plain);
    expect(await amounts(call.requestId)).toEqual({ wholesale: 1_000_000_000n, resale: 1_500_000_000n, customer: 1_500_000_000n });
    expect(call.billed).toBe(1_500_000_000n);
  });

  it("GET /me shows the plan's discount", async () => {
    const { id } = await plan(1234);
    const { managementKey } = await resellerOnPlan(id);
    const me = await gw.reseller(managementKey, 'GET', '/me');
    expect(me.body.plan).toMatchObject({ id, resale_discount_bps: 1234 });
  });

  it("a change of the plan's discount, or of the tenant's plan, applies on another gateway process within 1 s", async () => {
    const discounted = await plan(2000);
    const other = await plan(0);
    // The tenant's own key pays the resale figure: what it is billed shows the discount in effect.
    const { tenantId, ownKey: key } = await resellerOnPlan(discounted.id);
    let child: ChildGateway | undefined;
    try {
      child = await gw.startSecondProcess({ KEY_CACHE_TTL_MS: '60000' }); // only the broadcast can refresh the child's copy
      const billedByChild = async () => (await callAndRecord(key, slug, child!.url)).billed;
      expect(await billedByChild()).toBe(1_200_000_000n); // now cached in the child

      /** Calls the child until it bills something else than `from` (at most 1 s); returns the amount and how long it took. */
      const untilChanged = async (from: bigint) => {
        const since = Date.now();
        let billed = from;
        while (billed === from && Date.now() - since < 1000) billed = await billedByChild();
        return { billed, ms: Date.now() - since };
      };

      expect((await gw.admin('PATCH', `/plans/${discounted.id}`, { resale_discount_bps: 5000 })).status).toBe(200);
      const halved = await untilChanged(1_200_000_000n);
      expect(halved.billed).toBe(750_000_000n);
      expect(halved.ms).toBeLessThan(1000);

      expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: other.id })).status).toBe(200);
      const full = await untilChanged(750_000_000n);
      expect(full.billed).toBe(1_500_000_000n);
      expect(full.ms).toBeLessThan(1000);
    } finally {
      expect(await child?.terminate()).toBe(0);
    }
  }, 60_000);
});
