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

  it('sums calls, usage and money per customer, slug and day, with totals exactly equal to the audit records', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const { tenantId, managementKey } = await gw.createReseller();
    const api = (path: string) => gw.reseller(managementKey, 'GET', path);
    const keyOf = async (customerId?: string) =>
      (await gw.reseller(managementKey, 'POST', customerId ? `/customers/${customerId}/keys` : '/keys', {})).body.key as string;
    const ada = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada' })).body.id as string;
    const bob = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Bob' })).body.id as string;
    const [adaKey, bobKey, ownKey] = [await keyOf(ada), await keyOf(bob), await keyOf()];
    for (const input of ['one', 'a longer prompt of several words', 'three'])
      await gw.call('text.generate', { key: adaKey, body: { input } });
    await gw.call('infra.dns', { key: bobKey, body: { domain: 'example.com' } });
    await gw.call('vision.ocr', { key: bobKey, body: { image_url: 'https://example.com/a.png' } });
    await gw.call('text.nothing', { key: ownKey, body: {} }); // 404: counted as an error, billed nothing
    await gw.flushAudit();
    const period = `from=${encodeURIComponent(started)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

    const [truth] = await gw.prisma.$queryRaw<Array<{ calls: number; resale: string; wholesale: string; quantity: string }>>`
      SELECT count(*)::int AS calls, sum(resale_pico_usd)::text AS resale, sum(wholesale_pico_usd)::text AS wholesale, sum(quantity)::text AS quantity
      FROM audit_records WHERE tenant_id = ${tenantId}::uuid`;
    expect(truth.calls).toBe(6);

    const byCustomer = (await api(`/reports/usage?group_by=customer&${period}`)).body;
    expect(byCustomer.totals).toMatchObject({ key: null, calls: 6, errors: 1, billed_pico_usd: truth.resale, quantity: truth.quantity });
    const rows = Object.fromEntries(byCustomer.data.map((r: { key: string | null; calls: number }) => [String(r.key), r.calls]));
    expect(rows).toEqual({ [ada]: 3, [bob]: 2, null: 1 });
    expect(byCustomer.data.reduce((sum: bigint, r: { billed_pico_usd: string }) => sum + BigInt(r.billed_pico_usd), 0n)).toBe(
      BigInt(truth.resale),
    );
    expect(JSON.stringify(byCustomer)).not.toContain('wholesale');

    for (const group of ['slug', 'day']) {
      const report = (await api(`/reports/usage?group_by=${group}&${period}`)).body;
      expect(report.totals).toMatchObject({ calls: 6, billed_pico_usd: truth.resale });
    }
    const bySlug = (await api(`/reports/usage?group_by=slug&${period}`)).body;
    expect(bySlug.data.map((r: { key: string }) => r.key).sort()).toEqual(['infra.dns', 'text.generate', 'vision.ocr', null].sort());

    const revenue = (await gw.admin('GET', `/reports/revenue?group_by=tenant&${period}`)).body;
    const row = revenue.data.find((r: { key: string }) => r.key === tenantId);
    expect(row).toMatchObject({ calls: 6, resale_pico_usd: truth.resale, wholesale_pico_usd: truth.wholesale });
    expect(BigInt(row.operator_margin_pico_usd)).toBe(BigInt(truth.resale) - BigInt(truth.wholesale));
    const sum = (field: string) => revenue.data.reduce((s: bigint, r: Record<string, string>) => s + BigInt(r[field]), 0n).toString();
    expect(revenue.totals).toMatchObject({ resale_pico_usd: sum('resale_pico_usd'), wholesale_pico_usd: sum('wholesale_pico_usd') });
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
