import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '../../src/audit/audit-record';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { BILLING_UNITS } from '../../src/catalog/billing-units';
import { CatalogService } from '../../src/catalog/catalog.service';
import { chargePicoUsd, discountedChargePicoUsd, picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import { encodeCursor, encodeKeyCursor } from '../../src/common/pagination/cursor';
import { callsOf, sumsOf } from '../support/audit-fixtures';
import { insertLikeTheWriter } from '../support/audit-insert';
import { GatewayHarness } from '../support/gateway-harness';

/** Usage and revenue reports: every group and total equals the sums of the audit records, to the pico-dollar. */
// text.embed, not text.generate: a slug priced per 1k tokens of any kind (the seeded text.generate's default is priced per meter).
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
    const plan = await gw.admin('POST', '/plans', { name: `reports ${randomUUID()}`, monthly_fee_usd: '0', resale_discount_bps: 1500 });
    await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id });
    const api = (path: string) => gw.reseller(managementKey, 'GET', path);
    const keyOf = async (customerId?: string) =>
      (await gw.reseller(managementKey, 'POST', customerId ? `/customers/${customerId}/keys` : '/keys', {})).body.key as string;
    const ada = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada' })).body.id as string;
    const bob = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Bob' })).body.id as string;
    const prices: Record<string, bigint> = { 'text.embed': 7_777_777_777n, 'infra.dns': 2_000_000_001n };
    const adaPrices: Record<string, bigint> = { 'text.embed': 9_999_999_999n };
    for (const [slug, price] of Object.entries(prices))
      await gw.reseller(managementKey, 'PUT', `/prices/${slug}`, { price_usd_per_unit: picoUsdToDecimalString(price) });
    for (const [slug, price] of Object.entries(adaPrices))
      await gw.reseller(managementKey, 'PUT', `/customers/${ada}/prices/${slug}`, { price_usd_per_unit: picoUsdToDecimalString(price) });
    const [adaKey, bobKey, ownKey] = [await keyOf(ada), await keyOf(bob), await keyOf()];
    for (const input of ['one', 'a longer prompt of several words', 'three']) await gw.call('text.embed', { key: adaKey, body: { input } });
    await gw.call('text.embed', { key: bobKey, body: { input: 'bob writes too' } });
    await gw.call('infra.dns', { key: bobKey, body: { domain: 'example.com' } });
    await gw.call('vision.ocr', { key: bobKey, body: { image_url: 'https://example.com/a.png' } });
    await gw.call('text.embed', { key: ownKey, body: { input: 'my own' } });
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
      const resale = discountedChargePicoUsd(r.quantity, entry.pricing.meters[0].resalePicoUsdPerUnit, perUnit, 1500n);
      const price =
        r.customerId === null ? undefined : r.customerId === ada ? (adaPrices[entry.slug] ?? prices[entry.slug]) : prices[entry.slug];
      expect([entry.slug, r.customerId, r.wholesalePicoUsd, r.resalePicoUsd, r.customerPricePicoUsd]).toEqual([
        entry.slug,
        r.customerId,
        chargePicoUsd(r.quantity, entry.pricing.meters[0].wholesalePicoUsdPerUnit, perUnit),
        resale,
        // Without a price: a customer pays the list price (the resale price before the discount), an own key the resale figure.
        price !== undefined
          ? chargePicoUsd(r.quantity, price, perUnit)
          : r.customerId === null
            ? resale
            : chargePicoUsd(r.quantity, entry.pricing.meters[0].resalePicoUsdPerUnit, perUnit),
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
    const usd = (pico: string | bigint) => picoUsdToDecimalString(BigInt(pico));
    const margin = usd(BigInt(truth.customer) - BigInt(truth.resale));

    const byCustomer = (await api(`/reports/usage?group_by=customer&${period}`)).body;
    expect(byCustomer.totals).toMatchObject({
      key: null,
      calls: 8,
      errors: 1,
      quantity: truth.quantity,
      customer_price_usd: usd(truth.customer),
      resale_usd: usd(truth.resale),
      reseller_margin_usd: margin,
    });
    const rows = Object.fromEntries(byCustomer.data.map((r: { key: string | null; calls: number }) => [String(r.key), r.calls]));
    expect(rows).toEqual({ [ada]: 3, [bob]: 3, null: 2 });
    const sumOf = (report: { data: Array<Record<string, string>> }, field: string) =>
      usd(report.data.reduce((sum, r) => sum + usdToPicoUsd(r[field]), 0n));
    for (const [field, total] of [
      ['customer_price_usd', usd(truth.customer)],
      ['resale_usd', usd(truth.resale)],
      ['reseller_margin_usd', margin],
    ])
      expect([field, sumOf(byCustomer, field)]).toEqual([field, total]);
    // Your own keys pay what you owe: no margin on them.
    expect(byCustomer.data.find((r: { key: string | null }) => r.key === null).reseller_margin_usd).toBe('0');
    expect(JSON.stringify(byCustomer)).not.toContain('wholesale');

    for (const group of ['slug', 'day']) {
      const report = (await api(`/reports/usage?group_by=${group}&${period}`)).body;
      expect(report.totals).toMatchObject({
        calls: 8,
        customer_price_usd: usd(truth.customer),
        resale_usd: usd(truth.resale),
        reseller_margin_usd: margin,
      });
      expect(sumOf(report, 'customer_price_usd')).toBe(usd(truth.customer));
      expect(JSON.stringify(report)).not.toContain('wholesale');
    }
    const bySlug = (await api(`/reports/usage?group_by=slug&${period}`)).body;
    expect(bySlug.data.map((r: { key: string }) => r.key).sort()).toEqual(['infra.dns', 'text.embed', 'vision.ocr', null].sort());

    // The operator's report by tenant is paged; other suites' tenants share today: page to this one.
    let row: Record<string, string> | undefined;
    for (let cursor = ''; !row;) {
      const page = (await gw.admin('GET', `/reports/revenue?group_by=tenant&${period}&limit=500${cursor}`)).body;
      row = page.data.find((r: { key: string }) => r.key === tenantId);
      if (!page.next_cursor) break;
      cursor = `&cursor=${page.next_cursor}`;
    }
    expect(row).toMatchObject({
      calls: 8,
      wholesale_usd: usd(truth.wholesale),
      resale_usd: usd(truth.resale),
      customer_price_usd: usd(truth.customer),
      operator_margin_usd: usd(BigInt(truth.resale) - BigInt(truth.wholesale)),
      reseller_margin_usd: margin,
    });
    // The tenant's report and the operator's name the same amounts alike.
    expect(row).toMatchObject({
      customer_price_usd: byCustomer.totals.customer_price_usd,
      resale_usd: byCustomer.totals.resale_usd,
      reseller_margin_usd: byCustomer.totals.reseller_margin_usd,
    });
    // The operator's totals against the sums of every tenant: test/admin/reports (a day only it writes).
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

  describe('by customer, paged', () => {
    /** The report's row of some records: the customer-facing sums (never the wholesale). */
    const rowOf = (key: string | null, records: AuditRecord[]) => {
      const t = sumsOf(records);
      return {
        key,
        calls: t.calls,
        errors: t.errors,
        quantity: t.quantity,
        customer_price_usd: picoUsdToDecimalString(BigInt(t.customer)),
        resale_usd: picoUsdToDecimalString(BigInt(t.resale)),
        reseller_margin_usd: picoUsdToDecimalString(BigInt(t.customer) - BigInt(t.resale)),
      };
    };
    const fields = ({ key, calls, errors, quantity, customer_price_usd, resale_usd, reseller_margin_usd }: ReturnType<typeof rowOf>) => ({
      key,
      calls,
      errors,
      quantity,
      customer_price_usd,
      resale_usd,
      reseller_margin_usd,
    });
    type ReportPage = { data: Array<ReturnType<typeof rowOf>>; totals: ReturnType<typeof rowOf>; next_cursor: string | null };
    const write = (records: AuditRecord[]) => insertLikeTheWriter(new PostgresAuditSink(gw.prisma.pool), records);
    /** Every page of a report, following next_cursor; `between(n)` runs after page n (1-based) of all but the last. */
    async function allPages(managementKey: string, path: string, between?: (page: number) => Promise<void>) {
      const pages: ReportPage[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: ReportPage } = await gw.reseller<ReportPage>(
          managementKey,
          'GET',
          cursor ? `${path}&cursor=${cursor}` : path,
        );
        expect(res.status).toBe(200);
        pages.push(res.body);
        cursor = res.body.next_cursor;
        if (cursor && between) await between(pages.length);
      } while (cursor);
      return pages;
    }
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

    it('answers every customer once, in the order of their ids with your own keys first, each page carrying the exact totals of the period', async () => {
      const { tenantId, managementKey } = await gw.createReseller();
      const other = await gw.createReseller();
      // One UTC day of 2001 that only this test writes: the records go straight to the audit sink.
      const day = new Date(Date.UTC(2001, 2, 4, 9));
      const customers = Array.from({ length: 23 }, () => randomUUID());
      const calls = new Map<string | null, AuditRecord[]>(
        [null, ...customers].map((customerId, c) => [
          customerId,
          callsOf({ tenantId, customerId }, new Date(day.getTime() + c * 1000), 1 + (c % 4)),
        ]),
      );
      const othersCustomer = randomUUID();
      await write([...[...calls.values()].flat(), ...callsOf({ tenantId: other.tenantId, customerId: othersCustomer }, day, 5)]);
      const period = 'from=2001-03-04T00:00:00Z&to=2001-03-05T00:00:00Z';

      const pages = await allPages(managementKey, `/reports/usage?group_by=customer&${period}&limit=5`);
      expect(pages.map((p) => p.data.length)).toEqual([5, 5, 5, 5, 4]);
      const rows = pages.flatMap((p) => p.data);
      expect(rows.map((r) => r.key)).toEqual([null, ...[...customers].sort(byId)]);
      for (const row of rows) expect(fields(row)).toEqual(rowOf(row.key, calls.get(row.key)!));
      const all = rowOf(null, [...calls.values()].flat());
      for (const page of pages) expect(fields(page.totals)).toEqual(all);
      // The totals are the sums of every page's rows, to the pico-dollar.
      for (const field of ['customer_price_usd', 'resale_usd', 'reseller_margin_usd'] as const)
        expect(rows.reduce((t, r) => t + usdToPicoUsd(r[field]), 0n)).toBe(usdToPicoUsd(all[field]));
      expect(rows.reduce((t, r) => t + BigInt(r.quantity), 0n).toString()).toBe(all.quantity);
      expect(rows.reduce((t, r) => t + r.calls, 0)).toBe(all.calls);

      // One page when it holds them all; the default page (100) does.
      const whole = (await gw.reseller(managementKey, 'GET', `/reports/usage?group_by=customer&${period}`)).body;
      expect(whole.next_cursor).toBeNull();
      expect(whole.data.map((r: { key: string | null }) => r.key)).toEqual(rows.map((r) => r.key));
      // Another tenant's customer never shows, not even from a cursor placed at it.
      const fromOthers = (
        await gw.reseller(managementKey, 'GET', `/reports/usage?group_by=customer&${period}&cursor=${encodeKeyCursor(othersCustomer)}`)
      ).body;
      expect(fromOthers.data.map((r: { key: string }) => r.key)).toEqual(customers.filter((c) => c > othersCustomer).sort(byId));
      expect(JSON.stringify(pages)).not.toContain(othersCustomer);
    });

    it('stays consistent while calls land between pages: no customer twice, none that had calls before paging missed', async () => {
      const { tenantId, managementKey } = await gw.createReseller();
      const day = new Date(Date.UTC(2001, 2, 5, 9));
      const customers = Array.from({ length: 12 }, () => randomUUID());
      const written = customers.flatMap((customerId, c) => callsOf({ tenantId, customerId }, new Date(day.getTime() + c * 1000), 2));
      await write(written);
      const period = 'from=2001-03-05T00:00:00Z&to=2001-03-06T00:00:00Z';

      let at = day.getTime() + 60_000;
      const pages = await allPages(managementKey, `/reports/usage?group_by=customer&${period}&limit=4`, async () => {
        // More calls of a customer already paged and of one still to come, and of two new customers
        // (each id falls before or after the cursor, at random): all in the same day.
        const more = [customers[0], customers[11], randomUUID(), randomUUID()].flatMap((customerId) =>
          callsOf({ tenantId, customerId }, new Date((at += 1000)), 2),
        );
        written.push(...more);
        await write(more);
      });
      const keys = pages.flatMap((p) => p.data.map((r) => r.key as string));
      expect(keys).toEqual([...new Set(keys)].sort(byId));
      expect(keys).toEqual(expect.arrayContaining(customers));
      // The last page was read after the last write: its totals are the audit records' sums.
      expect(fields(pages[pages.length - 1].totals)).toEqual(rowOf(null, written));
    });

    it('refuses limit and cursor on the whole reports, and a cursor it did not write', async () => {
      const { managementKey } = await gw.createReseller();
      const get = async (query: string) => (await gw.reseller(managementKey, 'GET', `/reports/usage?${query}`)).status;
      const keyCursor = encodeKeyCursor(randomUUID());
      expect(await get('group_by=slug&limit=5')).toBe(400);
      expect(await get(`group_by=day&cursor=${keyCursor}`)).toBe(400);
      expect(await get('group_by=customer&cursor=bm90LWEtY3Vyc29y')).toBe(400);
      expect(await get(`group_by=customer&cursor=${encodeCursor({ createdAt: new Date(), id: randomUUID() })}`)).toBe(400);
      expect(await get('group_by=customer&limit=0')).toBe(400);
      expect(await get('group_by=customer&limit=501')).toBe(400);
      const past = await gw.reseller(managementKey, 'GET', `/reports/usage?group_by=customer&cursor=${keyCursor}`);
      expect(past).toMatchObject({ status: 200, body: { data: [], next_cursor: null, totals: { calls: 0, customer_price_usd: '0' } } });
    });
  });
});
