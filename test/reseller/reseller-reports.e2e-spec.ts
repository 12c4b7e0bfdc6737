import { randomUUID } from 'node:crypto';
import { BILLING_UNITS } from '../../src/catalog/billing-units';
import { CatalogService } from '../../src/catalog/catalog.service';
import { chargePicoUsd, discountedChargePicoUsd, picoUsdToDecimalString } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';

/** Usage and revenue reports: every group and total equals the sums of the audit records, to the pico-dollar. */
describe('reports: reseller usage and operator revenue', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('sums calls, usage and the three amounts per customer, slug and day, under a plan discount and prices, with totals exactly equal to the audit records', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const { tenantId, managementKey } = await gw.createReseller();
    // A 15 % plan discount, a tenant-wide price on two slugs and Ada's own price on one of them.
    const plan = await gw.admin('POST', '/plans', { name: `reports ${randomUUID()}`, monthly_fee_pico_usd: 0, resale_discount_bps: 1500 });
    await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id });
    const api = (path: string) => gw.reseller(managementKey, 'GET', path);
    const keyOf = async (customerId?: string) =>
      (await gw.reseller(managementKey, 'POST', customerId ? `/customers/${customerId}/keys` : '/keys', {})).body.key as string;
    const ada = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada' })).body.id as string;
    const bob = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Bob' })).body.id as string;
    const prices: Record<string, bigint> = { 'text.generate': 7_777_777_777n, 'infra.dns': 2_000_000_001n };
    const adaPrices: Record<string, bigint> = { 'text.generate': 9_999_999_999n };
    for (const [slug, price] of Object.entries(prices))
      await gw.reseller(managementKey, 'PUT', `/prices/${slug}`, { price_pico_usd_per_unit: Number(price) });
    for (const [slug, price] of Object.entries(adaPrices))
      await gw.reseller(managementKey, 'PUT', `/customers/${ada}/prices/${slug}`, { price_pico_usd_per_unit: Number(price) });
    const [adaKey, bobKey, ownKey] = [await keyOf(ada), await keyOf(bob), await keyOf()];
    for (const input of ['one', 'a longer prompt of several words', 'three'])
      await gw.call('text.generate', { key: adaKey, body: { input } });
    await gw.call('text.generate', { key: bobKey, body: { input: 'bob writes too' } });
    await gw.call('infra.dns', { key: bobKey, body: { domain: 'example.com' } });
    await gw.call('vision.ocr', { key: bobKey, body: { image_url: 'https://example.com/a.png' } });
    await gw.call('text.generate', { key: ownKey, body: { input: 'my own' } });
    await gw.call('text.nothing', { key: ownKey, body: {} }); // 404: counted as an error, billed nothing
    await gw.flushAudit();
    const period = `from=${encodeURIComponent(started)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

    // Every record carries the amounts its prices give, each rounded once.
    const catalog = gw.app.get(CatalogService);
    const records = await gw.prisma.auditRecord.findMany({ where: { tenantId } });
    expect(records).toHaveLength(8);
    for (const r of records.filter((r) => r.httpStatus === 200)) {
      const entry = catalog.list().find((e) => e.id === r.endpointId)!;
      const { perUnit } = BILLING_UNITS[entry.billingUnit];
      const resale = discountedChargePicoUsd(r.quantity, entry.resalePicoUsdPerUnit, perUnit, 1500n);
      const price =
        r.customerId === null ? undefined : r.customerId === ada ? (adaPrices[entry.slug] ?? prices[entry.slug]) : prices[entry.slug];
      expect([entry.slug, r.customerId, r.wholesalePicoUsd, r.resalePicoUsd, r.customerPricePicoUsd]).toEqual([
        entry.slug,
        r.customerId,
        chargePicoUsd(r.quantity, entry.wholesalePicoUsdPerUnit, perUnit),
        resale,
        price === undefined ? resale : chargePicoUsd(r.quantity, price, perUnit),
      ]);
    }

    const [truth] = await gw.prisma.$queryRaw<
      Array<{ calls: number; resale: string; wholesale: string; customer: string; quantity: string }>
    >`
      SELECT count(*)::int AS calls, sum(resale_pico_usd)::text AS resale, sum(wholesale_pico_usd)::text AS wholesale,
        sum(customer_price_pico_usd)::text AS customer, sum(quantity)::text AS quantity
      FROM audit_records WHERE tenant_id = ${tenantId}::uuid`;
    expect(truth.calls).toBe(8);
    // The prices and the discount made the three sums differ.
    expect(new Set([truth.wholesale, truth.resale, truth.customer]).size).toBe(3);
    const margin = (BigInt(truth.customer) - BigInt(truth.resale)).toString();

    const byCustomer = (await api(`/reports/usage?group_by=customer&${period}`)).body;
    expect(byCustomer.totals).toMatchObject({
      key: null,
      calls: 8,
      errors: 1,
      quantity: truth.quantity,
      billed_pico_usd: truth.customer,
      cost_pico_usd: truth.resale,
      margin_pico_usd: margin,
      billed_usd: picoUsdToDecimalString(BigInt(truth.customer)),
    });
    const rows = Object.fromEntries(byCustomer.data.map((r: { key: string | null; calls: number }) => [String(r.key), r.calls]));
    expect(rows).toEqual({ [ada]: 3, [bob]: 3, null: 2 });
    const sumOf = (report: { data: Array<Record<string, string>> }, field: string) =>
      report.data.reduce((sum, r) => sum + BigInt(r[field]), 0n).toString();
    for (const [field, total] of [
      ['billed_pico_usd', truth.customer],
      ['cost_pico_usd', truth.resale],
      ['margin_pico_usd', margin],
    ])
      expect([field, sumOf(byCustomer, field)]).toEqual([field, total]);
    // Your own keys pay what you owe: no margin on them.
    expect(byCustomer.data.find((r: { key: string | null }) => r.key === null).margin_pico_usd).toBe('0');
    expect(JSON.stringify(byCustomer)).not.toContain('wholesale');

    for (const group of ['slug', 'day']) {
      const report = (await api(`/reports/usage?group_by=${group}&${period}`)).body;
      expect(report.totals).toMatchObject({
        calls: 8,
        billed_pico_usd: truth.customer,
        cost_pico_usd: truth.resale,
        margin_pico_usd: margin,
      });
      expect(sumOf(report, 'billed_pico_usd')).toBe(truth.customer);
      expect(JSON.stringify(report)).not.toContain('wholesale');
    }
    const bySlug = (await api(`/reports/usage?group_by=slug&${period}`)).body;
    expect(bySlug.data.map((r: { key: string }) => r.key).sort()).toEqual(['infra.dns', 'text.generate', 'vision.ocr', null].sort());

    const revenue = (await gw.admin('GET', `/reports/revenue?group_by=tenant&${period}`)).body;
    const row = revenue.data.find((r: { key: string }) => r.key === tenantId);
    expect(row).toMatchObject({
      calls: 8,
      wholesale_pico_usd: truth.wholesale,
      resale_pico_usd: truth.resale,
      customer_price_pico_usd: truth.customer,
      operator_margin_pico_usd: (BigInt(truth.resale) - BigInt(truth.wholesale)).toString(),
      reseller_margin_pico_usd: margin,
      customer_price_usd: picoUsdToDecimalString(BigInt(truth.customer)),
    });
    for (const field of [
      'wholesale_pico_usd',
      'resale_pico_usd',
      'customer_price_pico_usd',
      'operator_margin_pico_usd',
      'reseller_margin_pico_usd',
    ]) {
      expect([field, revenue.totals[field]]).toEqual([field, sumOf(revenue, field)]);
    }
  });

  it('refuses a report without a grouping, with a reversed period or one over 366 days', async () => {
    const { managementKey } = await gw.createReseller();
    expect((await gw.reseller(managementKey, 'GET', '/reports/usage')).status).toBe(400);
    expect((await gw.reseller(managementKey, 'GET', '/reports/usage?group_by=tenant')).status).toBe(400);
    expect(
      (await gw.reseller(managementKey, 'GET', '/reports/usage?group_by=day&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).status,
    ).toBe(400);
    expect((await gw.admin('GET', '/reports/revenue?group_by=day&from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z')).status).toBe(400);
  });
});
