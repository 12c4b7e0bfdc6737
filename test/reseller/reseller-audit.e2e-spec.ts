import { chargePicoUsd, discountedChargePicoUsd, picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';

/** The reseller's audit trail: every call of its keys and its customers', filtered, without the operator's figures. */
describe('reseller API: audit trail', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it("records each call's customer, filters by customer, key, slug and status, and never shows wholesale cost or upstreams", async () => {
    const { tenantId, managementKey } = await gw.createReseller();
    // A 10 % plan discount, so that what the reseller owes differs from the catalog price.
    const plan = await gw.admin('POST', '/plans', { name: `audit ${tenantId}`, monthly_fee_usd: '0', resale_discount_bps: 1000 });
    await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id });
    const api = (method: string, path: string, body?: unknown) => gw.reseller(managementKey, method, path, body);
    const ada = (await api('POST', '/customers', { name: 'Ada' })).body;
    const bob = (await api('POST', '/customers', { name: 'Bob' })).body;
    const adaKey = (await api('POST', `/customers/${ada.id}/keys`, {})).body;
    const bobKey = (await api('POST', `/customers/${bob.id}/keys`, {})).body;
    const own = (await api('POST', '/keys', {})).body;
    await api('PUT', `/customers/${bob.id}/prices/infra.dns`, { price_usd_per_unit: '0.004' });

    const ids = {
      ada: (await gw.call('text.generate', { key: adaKey.key, body: { input: 'one' } })).headers.get('x-service-request-id'),
      bob: (await gw.call('infra.dns', { key: bobKey.key, body: { domain: 'example.com' } })).headers.get('x-service-request-id'),
      own: (await gw.call('text.nothing', { key: own.key, body: {} })).headers.get('x-service-request-id'),
    };
    // Another reseller's own key calls too: never part of this tenant's "own keys" trail.
    const other = await gw.createReseller();
    const otherOwn = (await gw.reseller(other.managementKey, 'POST', '/keys', {})).body;
    const otherCall = (await gw.call('text.generate', { key: otherOwn.key, body: { input: 'other' } })).headers.get('x-service-request-id');
    await gw.flushAudit();

    const all = await api('GET', '/audit');
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { request_id: string }) => r.request_id)).toEqual([ids.own, ids.bob, ids.ada]);
    const adaRow = all.body.data[2];
    expect(adaRow).toMatchObject({ customer_id: ada.id, api_key_id: adaKey.id, endpoint: 'text.generate', status: 200 });
    expect(usdToPicoUsd(adaRow.customer_price_usd)).toBeGreaterThan(0n);
    // No price for Ada: she pays the catalog's list price, the reseller owes it less its plan's 10 %.
    // The seeded text.generate's default model: input and output tokens at $1.50 and $6 per 1M (resale), each meter rounded once.
    const adaRecord = (await gw.auditRecord(ids.ada!))!;
    const meters = adaRecord.meters as Record<'input_tokens' | 'output_tokens', [string, string, string, string]>;
    const [input, output] = [BigInt(meters.input_tokens[0]), BigInt(meters.output_tokens[0])];
    expect(input + output).toBe(adaRecord.quantity);
    expect(usdToPicoUsd(adaRow.customer_price_usd)).toBe(
      chargePicoUsd(input, 1_500_000_000n, 1000n) + chargePicoUsd(output, 6_000_000_000n, 1000n),
    );
    expect(usdToPicoUsd(adaRow.resale_usd)).toBe(
      discountedChargePicoUsd(input, 1_500_000_000n, 1000n, 1000n) + discountedChargePicoUsd(output, 6_000_000_000n, 1000n, 1000n),
    );
    // Bob's row: billed at the reseller's price for him, costing the reseller the discounted resale price.
    const bobRecord = (await gw.auditRecord(ids.bob!))!;
    expect(bobRecord.resalePicoUsd).toBeLessThan(bobRecord.customerPricePicoUsd);
    expect(all.body.data[1]).toMatchObject({
      request_id: ids.bob,
      customer_price_usd: '0.004',
      resale_usd: picoUsdToDecimalString(bobRecord.resalePicoUsd),
    });
    for (const internal of ['wholesale', 'upstream', 'tenant_id', 'providers_tried'])
      expect(JSON.stringify(all.body)).not.toContain(internal);

    const only = async (query: string) => (await api('GET', `/audit?${query}`)).body.data.map((r: { request_id: string }) => r.request_id);
    expect(await only(`customer_id=${bob.id}`)).toEqual([ids.bob]);
    expect(await only(`api_key_id=${adaKey.id}`)).toEqual([ids.ada]);
    expect(await only('slug=infra.dns')).toEqual([ids.bob]);
    expect(await only('status=404')).toEqual([ids.own]);
    expect(await only('limit=1')).toEqual([ids.own]);
    const page = (await api('GET', '/audit?limit=2')).body;
    expect(await only(`limit=2&cursor=${page.next_cursor}`)).toEqual([ids.ada]);
    // customer_id=none: the calls of the tenant's own keys only (of no customer), with the other filters.
    expect(await only('customer_id=none')).toEqual([ids.own]);
    expect(await only(`customer_id=none&api_key_id=${own.id}`)).toEqual([ids.own]);
    expect(await only(`customer_id=none&api_key_id=${adaKey.id}`)).toEqual([]);
    expect(await only('customer_id=none&status=200')).toEqual([]);
    expect(await only(`customer_id=none&api_key_id=${otherOwn.id}`)).toEqual([]);
    expect(
      (await gw.reseller(other.managementKey, 'GET', '/audit?customer_id=none')).body.data.map((r: { request_id: string }) => r.request_id),
    ).toEqual([otherCall]);
    for (const bad of ['customer_id=NONE', 'customer_id=', 'customer_id=own']) {
      const res = await api('GET', `/audit?${bad}`);
      expect({ bad, status: res.status, code: res.body.error?.code }).toEqual({ bad, status: 400, code: 'invalid_request' });
    }

    // The operator sees the customer too, and all three amounts.
    const operator = await gw.admin('GET', `/audit?customer_id=${ada.id}`);
    expect(operator.body.data.map((r: { request_id: string; customer_id: string }) => [r.request_id, r.customer_id])).toEqual([
      [ids.ada, ada.id],
    ]);
    // …and the calls of no customer: a tenant's own keys with tenant_id, every tenant's without.
    const operatorOnly = async (query: string) =>
      (await gw.admin('GET', `/audit?${query}`)).body.data.map((r: { request_id: string }) => r.request_id);
    expect(await operatorOnly(`customer_id=none&tenant_id=${tenantId}`)).toEqual([ids.own]);
    const noCustomer = await operatorOnly('customer_id=none&limit=500');
    expect(noCustomer).toEqual(expect.arrayContaining([ids.own, otherCall]));
    expect(noCustomer).not.toContain(ids.ada);
    expect(noCustomer).not.toContain(ids.bob);
    expect((await gw.admin('GET', '/audit?customer_id=nobody')).status).toBe(400);
    const operatorRow = (await gw.admin('GET', `/audit?customer_id=${bob.id}`)).body.data[0];
    expect(operatorRow).toMatchObject({
      wholesale_usd: picoUsdToDecimalString(bobRecord.wholesalePicoUsd),
      resale_usd: picoUsdToDecimalString(bobRecord.resalePicoUsd),
      customer_price_usd: '0.004',
    });
    // The same amounts under the same names in the tenant's view and the operator's.
    expect(all.body.data[1]).toMatchObject({ resale_usd: operatorRow.resale_usd, customer_price_usd: operatorRow.customer_price_usd });
  });
});
