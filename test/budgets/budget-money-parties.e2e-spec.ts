import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';
import { waitFor } from '../support/wait-for';
import { startUpstream, type TestUpstream } from '../support/upstream-server';

/** The catalog's resale price of one call on the test endpoint (one call at most per call: every hold is one call's price). */
const RESALE = 1_500_000_000n;
/** The plan's discount: 20 % off the resale price, so the tenant owes 1,200,000,000 pico-USD a call. */
const DISCOUNT_BPS = 2000;
const OWED = 1_200_000_000n;
/** What the tenant's customers pay a call (every customer), and what customer B pays (its own price). */
const CUSTOMER_PRICE = 2_500_000_000n;
const B_PRICE = 3_100_000_000n;

const usd = (pico: bigint) => (Number(pico) / 1e12).toString();
type ErrorBody = { error: { code: string; details: { limit_source: string } } };

/**
 * Budgets count the amount of their party: a key's and a customer's budget what the customer pays
 * (the tenant's price for it), the tenant's budget what the tenant owes the operator (the resale
 * figure under its plan's discount). Refusals come at the call counts those amounts give, and each
 * budget's ledger equals the sum of its column in the audit trail.
 */
describe('budgets count each party’s amount: customer price for key and customer budgets, resale under the plan for the tenant', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, resalePicoUsdPerUnit: RESALE, upstreams: [{ baseUrl: upstream.url }] }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
    // This gateway's own Redis keys (the server is shared: only its prefix).
    const client = new Redis(gw.config.REDIS_URL!);
    const keys = await client.keys(`${gw.config.REDIS_KEY_PREFIX}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
  });

  const call = async (key: string) => {
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { billed_usd?: number } & Partial<ErrorBody>;
    return { status: res.status, billed: body.billed_usd, source: body.error?.details.limit_source };
  };
  /** Calls until the first refusal (at most `max`): the statuses, and who refused. */
  const callUntilRefused = async (key: string, max = 20) => {
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      const res = await call(key);
      statuses.push(res.status);
      if (res.status !== 200) return { passed: statuses.length - 1, status: res.status, source: res.source };
    }
    return { passed: statuses.length, status: 200, source: undefined };
  };

  it('refuses at the counts the customer price and the discounted resale figure give; each ledger equals its audit column', async () => {
    const plan = await gw.admin('POST', '/plans', {
      name: `plan ${randomUUID()}`,
      monthly_fee_usd: '0',
      resale_discount_bps: DISCOUNT_BPS,
    });
    expect(plan.status).toBe(201);
    const { tenantId, managementKey } = await gw.createReseller();
    expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id })).status).toBe(200);
    const api = (method: string, path: string, body?: unknown) => gw.reseller(managementKey, method, path, body);

    const a = (await api('POST', '/customers', { name: 'A' })).body as { id: string };
    const b = (await api('POST', '/customers', { name: 'B' })).body as { id: string };
    expect((await api('PUT', `/prices/${slug}`, { price_usd_per_unit: picoUsdToDecimalString(CUSTOMER_PRICE) })).status).toBe(200);
    expect((await api('PUT', `/customers/${b.id}/prices/${slug}`, { price_usd_per_unit: picoUsdToDecimalString(B_PRICE) })).status).toBe(
      200,
    );
    const aKey = (await api('POST', `/customers/${a.id}/keys`, {})).body as { id: string; key: string };
    const bKey = (await api('POST', `/customers/${b.id}/keys`, {})).body as { id: string; key: string };
    const ownKey = (await api('POST', '/keys', {})).body as { id: string; key: string };

    // Lifetime budgets (no period boundary can fall inside the test).
    // A: 3.5 calls at its price → 4 pass (0, 2.5, 5, 7.5 < 8.75). At the resale figure it would be 8.
    expect((await api('PUT', `/customers/${a.id}/budget`, { period: 'none', cap_usd: usd((CUSTOMER_PRICE * 7n) / 2n) })).status).toBe(200);
    // A's key: a key budget counts the customer price too; roomy.
    expect((await api('PUT', `/keys/${aKey.id}/budget`, { period: 'none', cap_usd: '1' })).status).toBe(200);
    // B: 2.5 calls at its own price → 3 pass (0, 3.1, 6.2 < 7.75). At the price for every customer it would be 4.
    expect((await api('PUT', `/customers/${b.id}/budget`, { period: 'none', cap_usd: usd((B_PRICE * 5n) / 2n) })).status).toBe(200);
    // The tenant: 9.5 calls of what it owes. After A's 4 and B's 3 (8.4), its own key passes 3 (8.4, 9.6, 10.8 < 11.4).
    // Counted at the customer prices instead, A and B alone (19.3) would already be over it.
    const tenantBudget = await gw.admin('PUT', `/tenants/${tenantId}/budget`, { period: 'none', cap_usd: usd((OWED * 19n) / 2n) });
    expect(tenantBudget.status).toBe(200);
    expect(tenantBudget.body).toMatchObject({ subject: 'tenant', spent_usd: '0' });

    // The prices are in effect: A pays the price for every customer, B its own, the tenant's own key the discounted resale figure.
    const first = await call(aKey.key);
    expect([first.status, usdToPicoUsd(first.billed!)]).toEqual([200, CUSTOMER_PRICE]);
    const rest = await callUntilRefused(aKey.key);
    expect({ passed: 1 + rest.passed, status: rest.status, source: rest.source }).toEqual({ passed: 4, status: 402, source: 'customer' });

    const firstB = await call(bKey.key);
    expect([firstB.status, usdToPicoUsd(firstB.billed!)]).toEqual([200, B_PRICE]);
    const restB = await callUntilRefused(bKey.key);
    expect({ passed: 1 + restB.passed, status: restB.status, source: restB.source }).toEqual({
      passed: 3,
      status: 402,
      source: 'customer',
    });

    const firstOwn = await call(ownKey.key);
    expect([firstOwn.status, usdToPicoUsd(firstOwn.billed!)]).toEqual([200, OWED]);
    const restOwn = await callUntilRefused(ownKey.key);
    expect({ passed: 1 + restOwn.passed, status: restOwn.status, source: restOwn.source }).toEqual({
      passed: 3,
      status: 402,
      source: 'tenant',
    });

    // Every call's record has landed (4 + 3 + 3 passed, 3 refused), with what it held settled.
    await waitFor('the 13 audit records', async () => {
      await gw.flushAudit();
      return (await gw.prisma.auditRecord.count({ where: { tenantId } })) === 13;
    });
    const sums = async (column: 'customer_id' | 'api_key_id' | 'tenant_id', id: string) => {
      const [row] = await gw.prisma.$queryRawUnsafe<Array<{ customer: string; resale: string; calls: number }>>(
        `SELECT coalesce(sum(customer_price_pico_usd), 0)::text AS customer, coalesce(sum(resale_pico_usd), 0)::text AS resale,
           count(*) FILTER (WHERE http_status = 200)::int AS calls
         FROM audit_records WHERE ${column} = $1::uuid`,
        id,
      );
      return { customer: BigInt(row.customer), resale: BigInt(row.resale), calls: row.calls };
    };
    const spentOf = async (path: string, via: 'reseller' | 'admin' = 'reseller') => {
      const res = via === 'admin' ? await gw.admin('GET', path) : await api('GET', path);
      expect(res.body.held_usd).toBe('0');
      return usdToPicoUsd(res.body.spent_usd as string);
    };

    const ofA = await sums('customer_id', a.id);
    expect(ofA).toEqual({ customer: CUSTOMER_PRICE * 4n, resale: OWED * 4n, calls: 4 });
    expect(await spentOf(`/customers/${a.id}/budget`)).toBe(ofA.customer);
    const ofAKey = await sums('api_key_id', aKey.id);
    expect(await spentOf(`/keys/${aKey.id}/budget`)).toBe(ofAKey.customer);
    expect(ofAKey.customer).toBe(CUSTOMER_PRICE * 4n);
    const ofB = await sums('customer_id', b.id);
    expect(ofB).toEqual({ customer: B_PRICE * 3n, resale: OWED * 3n, calls: 3 });
    expect(await spentOf(`/customers/${b.id}/budget`)).toBe(ofB.customer);
    const ofTenant = await sums('tenant_id', tenantId);
    expect(ofTenant).toEqual({ customer: CUSTOMER_PRICE * 4n + B_PRICE * 3n + OWED * 3n, resale: OWED * 10n, calls: 10 });
    expect(await spentOf(`/tenants/${tenantId}/budget`, 'admin')).toBe(ofTenant.resale);
    // The tenant sees its budget, with the same figure, in /me.
    expect(usdToPicoUsd((await api('GET', '/me')).body.budget.spent_usd as string)).toBe(ofTenant.resale);
  });

  it("without a price a customer pays the catalog's list price: its budget counts that, the tenant's what it owes", async () => {
    const plan = await gw.admin('POST', '/plans', {
      name: `plan ${randomUUID()}`,
      monthly_fee_usd: '0',
      resale_discount_bps: DISCOUNT_BPS,
    });
    const { tenantId, managementKey } = await gw.createReseller();
    expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id })).status).toBe(200);
    const api = (method: string, path: string, body?: unknown) => gw.reseller(managementKey, method, path, body);
    const c = (await api('POST', '/customers', { name: 'C' })).body as { id: string };
    const cKey = (await api('POST', `/customers/${c.id}/keys`, {})).body as { id: string; key: string };
    // 2.5 calls at the list price → 3 pass (0, 1.5, 3 < 3.75). At what the tenant owes it would be 4 (0, 1.2, 2.4, 3.6).
    expect((await api('PUT', `/customers/${c.id}/budget`, { period: 'none', cap_usd: usd((RESALE * 5n) / 2n) })).status).toBe(200);

    const first = await call(cKey.key);
    expect([first.status, usdToPicoUsd(first.billed!)]).toEqual([200, RESALE]);
    const rest = await callUntilRefused(cKey.key);
    expect({ passed: 1 + rest.passed, status: rest.status, source: rest.source }).toEqual({ passed: 3, status: 402, source: 'customer' });

    await waitFor('the 4 audit records', async () => {
      await gw.flushAudit();
      return (await gw.prisma.auditRecord.count({ where: { tenantId } })) === 4;
    });
    const [row] = await gw.prisma.$queryRawUnsafe<Array<{ customer: string; resale: string }>>(
      `SELECT coalesce(sum(customer_price_pico_usd), 0)::text AS customer, coalesce(sum(resale_pico_usd), 0)::text AS resale
       FROM audit_records WHERE customer_id = $1::uuid AND http_status = 200`,
      c.id,
    );
    expect({ customer: BigInt(row.customer), resale: BigInt(row.resale) }).toEqual({ customer: RESALE * 3n, resale: OWED * 3n });
    expect(usdToPicoUsd((await api('GET', `/customers/${c.id}/budget`)).body.spent_usd as string)).toBe(RESALE * 3n);
  });
});
