import { picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import { RESELLER_AUDIT_CSV_COLUMNS } from '../../src/reseller/audit/reseller-audit.service';
import { asCell, csvRecords, parseCsv } from '../support/csv';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, type TestUpstream } from '../support/upstream-server';

/** Rows per page an export reads: small, so a handful of calls crosses several pages. */
const PAGE = 3;

type Row = Record<string, unknown> & { request_id: string };

/**
 * The audit trail's call detail (by request id, tenant-scoped), its `request_id` filter and margin,
 * and the CSV exports of the trail and the reports: the same rows and figures as the JSON routes,
 * across several pages, filtered the same, escaped against CSV injection, and scoped to the tenant.
 */
describe('audit trail: call detail and CSV exports', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let slug: string;
  let a: { tenantId: string; managementKey: string };
  let b: { tenantId: string; managementKey: string };
  const ids = { customers: [] as string[], budgetKey: '', limitedKey: '', own: '' };
  const calls = { refusedByBudget: '', refusedByLimit: '', answered: [] as string[] };

  const api = (method: string, path: string, body?: unknown) => gw.reseller(a.managementKey, method, path, body);
  /** A CSV route's answer as text (the JSON helpers would parse it). */
  const download = async (path: string, token = a.managementKey, prefix = '/api/reseller/v1') => {
    const res = await fetch(`${gw.url}${prefix}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const adminDownload = (path: string) => download(path, gw.adminToken, '/api/admin/v1');
  /** Every row of a JSON list, page by page. */
  const allRows = async (get: (path: string) => Promise<{ body: { data: Row[]; next_cursor: string | null } }>, path: string) => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page: { data: Row[]; next_cursor: string | null } = (await get(`${path}${sep}limit=2${cursor ? `&cursor=${cursor}` : ''}`))
        .body;
      rows.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return rows;
  };

  beforeAll(async () => {
    gw = await GatewayHarness.start({ EXPORT_PAGE_SIZE: String(PAGE) });
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    // One call costs the catalog's 1.5e9 pico-USD resale (wholesale 1e9), one unit at most.
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, upstreams: [{ baseUrl: upstream.url }] }));
    a = await gw.createReseller();
    b = await gw.createReseller();
    // Four customers (more than a page of the report by customer), each with a key and a price of its own.
    for (let i = 0; i < 4; i++) {
      const customer = (await api('POST', '/customers', { name: `Customer ${i}` })).body;
      ids.customers.push(customer.id);
      await api('PUT', `/customers/${customer.id}/prices/${slug}`, { price_usd_per_unit: `0.00${i + 1}` });
      const key = (
        await api('POST', `/customers/${customer.id}/keys`, { name: i === 0 ? '=HYPERLINK("https://evil.example")' : `key ${i}` })
      ).body;
      for (let n = 0; n <= i % 2; n++) {
        const res = await gw.call(slug, { key: key.key, body: {} });
        expect(res.status).toBe(200);
        calls.answered.push(res.headers.get('x-service-request-id')!);
      }
      if (i === 1) {
        // This key's budget is one call: its second call is refused by it.
        ids.budgetKey = key.id;
        expect((await api('PUT', `/keys/${key.id}/budget`, { period: 'none', cap_usd: '0.001' })).status).toBe(200);
        // The budget counts the two calls once their records land (before or after it was set).
        await gw.flushAudit();
        const refused = await gw.call(slug, { key: key.key, body: {} });
        expect(refused.status).toBe(402);
        calls.refusedByBudget = refused.headers.get('x-service-request-id')!;
      }
    }
    // The tenant's own key, limited to one call a window on the slug: its second call is refused by that limit.
    const own = (await api('POST', '/keys', { name: '@own' })).body;
    ids.own = own.id;
    expect((await api('PUT', `/keys/${own.id}/limits/${slug}`, { requests_per_window: 1 })).status).toBe(200);
    expect((await gw.call(slug, { key: own.key, body: {} })).status).toBe(200);
    const limited = await gw.call(slug, { key: own.key, body: {} });
    expect(limited.status).toBe(429);
    calls.refusedByLimit = limited.headers.get('x-service-request-id')!;
    // Tenant B calls too: none of it may show in A's detail or exports.
    const bKey = (await gw.reseller(b.managementKey, 'POST', '/keys', { name: 'B' })).body;
    expect((await gw.call(slug, { key: bKey.key, body: {} })).status).toBe(200);
    await gw.flushAudit();
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('finds one call by request_id in both trails, and lists each call with its margin', async () => {
    const [one] = calls.answered;
    const found = (await api('GET', `/audit?request_id=${one}`)).body.data;
    expect(found.map((r: Row) => r.request_id)).toEqual([one]);
    const operator = (await gw.admin('GET', `/audit?request_id=${one}`)).body.data;
    expect(operator.map((r: Row) => r.request_id)).toEqual([one]);
    // Another tenant's request id finds nothing in A's trail; a malformed one is a 400.
    const bCall = (await gw.reseller(b.managementKey, 'GET', '/audit')).body.data[0].request_id;
    expect((await api('GET', `/audit?request_id=${bCall}`)).body).toEqual({ data: [], next_cursor: null });
    expect((await api('GET', '/audit?request_id=nope')).status).toBe(400);
    // Margins: the reseller's is billed − owed; the operator's is resale − wholesale (docs/concepts/ledger.md).
    const [row] = found;
    expect(usdToPicoUsd(row.reseller_margin_usd)).toBe(usdToPicoUsd(row.customer_price_usd) - usdToPicoUsd(row.resale_usd));
    expect(usdToPicoUsd(row.reseller_margin_usd)).toBe(1_000_000_000n - 1_500_000_000n);
    expect(operator[0]).toMatchObject({ operator_margin_usd: '0.0005', reseller_margin_usd: '-0.0005', wholesale_usd: '0.001' });
  });

  it('shows one call in full, to its tenant (what refused it, key, customer) and to the operator (upstream, wholesale), and 404 to another tenant', async () => {
    const budget = await api('GET', `/audit/${calls.refusedByBudget}`);
    expect(budget.status).toBe(200);
    expect(budget.body).toMatchObject({
      request_id: calls.refusedByBudget,
      endpoint: slug,
      status: 402,
      error_code: 'budget_exceeded',
      key: { id: ids.budgetKey, name: 'key 1' },
      customer: { id: ids.customers[1], name: 'Customer 1' },
      error_details: { limit_source: 'key', subject_id: ids.budgetKey, period: 'none', cap_usd: '0.001' },
      customer_price_usd: '0',
      door: 'slug',
      billing_unit: 'call',
    });
    expect(budget.body.key.prefix).toMatch(/^\S+$/);
    const limited = (await api('GET', `/audit/${calls.refusedByLimit}`)).body;
    expect(limited).toMatchObject({
      status: 429,
      error_code: 'rate_limited',
      customer: null,
      key: { id: ids.own, name: '@own' },
      error_details: { limit: 'endpoint', quota: 1 },
    });
    const answered = (await api('GET', `/audit/${calls.answered[0]}`)).body;
    expect(answered).toMatchObject({ status: 200, error_details: null, quantity: 1, customer_price_usd: '0.001', resale_usd: '0.0015' });
    expect(answered.meters).toEqual([{ meter: 'calls', quantity: 1, resale_usd: '0.0015', billed_usd: '0.001' }]);
    for (const internal of ['wholesale', 'upstream', 'tenant_id', 'providers_tried'])
      expect(JSON.stringify(answered)).not.toContain(internal);

    // Tenant B, given A's request id: 404, saying nothing of the call.
    const asB = await gw.reseller(b.managementKey, 'GET', `/audit/${calls.answered[0]}`);
    expect(asB.status).toBe(404);
    expect(asB.body.error.code).toBe('resource_not_found');
    expect(JSON.stringify(asB.body)).not.toContain(a.tenantId);

    // The operator sees any tenant's call, with the upstream that served it and every amount.
    const operator = (await gw.admin('GET', `/audit/${calls.answered[0]}`)).body;
    expect(operator).toMatchObject({
      tenant: { id: a.tenantId },
      key: { name: '=HYPERLINK("https://evil.example")' },
      customer: { id: ids.customers[0], name: 'Customer 0' },
      upstream: { name: 'upstream-0', kind: 'http' },
      providers_tried: 1,
      wholesale_usd: '0.001',
      resale_usd: '0.0015',
      customer_price_usd: '0.001',
      operator_margin_usd: '0.0005',
      reseller_margin_usd: '-0.0005',
    });
    expect((await gw.admin('GET', '/audit/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('exports the trail as CSV: every row and figure of the JSON pages, across several pages, filtered alike, escaped', async () => {
    const csv = await download('/audit/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-trail\.csv"$/);
    const [header] = parseCsv(csv.text);
    expect(header).toEqual([...RESELLER_AUDIT_CSV_COLUMNS]);
    const rows = csvRecords(csv.text);
    const json = await allRows((path) => api('GET', path), '/audit');
    // Three full pages of the export (the last one full too): the pages join without a row lost or repeated.
    expect(json.length).toBe(3 * PAGE);
    expect(rows.map((r) => r.request_id)).toEqual(json.map((r) => r.request_id));
    for (const [i, row] of json.entries()) {
      for (const column of RESELLER_AUDIT_CSV_COLUMNS.filter((c) => c !== 'api_key_name'))
        expect([column, rows[i][column]]).toEqual([column, asCell(row[column])]);
    }
    // A key name that a spreadsheet would run as a formula is written as text.
    expect(rows.filter((r) => r.api_key_name.includes('HYPERLINK'))[0].api_key_name).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(rows.find((r) => r.api_key_id === ids.own)!.api_key_name).toBe("'@own");
    // A negative margin stays a number.
    expect(rows.find((r) => r.request_id === calls.answered[0])!.reseller_margin_usd).toBe('-0.0005');

    // The filters of the JSON route, honoured alike.
    for (const query of [
      `customer_id=${ids.customers[1]}`,
      'customer_id=none',
      'status=200',
      `request_id=${calls.answered[2]}`,
      `api_key_id=${ids.own}`,
    ]) {
      const filtered = csvRecords((await download(`/audit/export?${query}`)).text).map((r) => r.request_id);
      expect([query, filtered]).toEqual([query, (await allRows((path) => api('GET', path), `/audit?${query}`)).map((r) => r.request_id)]);
    }
    // A bad filter is the JSON error, before any CSV is sent; the page parameters are not the export's.
    const bad = await download('/audit/export?status=abc');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error.code).toBe('invalid_request');
    expect((await download('/audit/export?limit=2')).status).toBe(400);

    // Tenant B's export holds none of A's calls, and A's customer filter gives B nothing.
    const asB = await download('/audit/export', b.managementKey);
    expect(csvRecords(asB.text)).toHaveLength(1);
    expect(asB.text).not.toContain(a.tenantId);
    for (const id of [...calls.answered, ...ids.customers]) expect(asB.text).not.toContain(id);
    expect(csvRecords((await download(`/audit/export?customer_id=${ids.customers[0]}`, b.managementKey)).text)).toEqual([]);
  });

  it("exports the operator's trail as CSV with its figures, as its JSON pages", async () => {
    const rows = csvRecords((await adminDownload(`/audit/export?tenant_id=${a.tenantId}`)).text);
    const json = await allRows((path) => gw.admin('GET', path), `/audit?tenant_id=${a.tenantId}`);
    expect(rows.map((r) => r.request_id)).toEqual(json.map((r) => r.request_id));
    for (const [i, row] of json.entries()) {
      for (const column of [
        'tenant_id',
        'upstream_id',
        'wholesale_usd',
        'resale_usd',
        'customer_price_usd',
        'operator_margin_usd',
        'reseller_margin_usd',
        'status',
      ])
        expect([column, rows[i][column]]).toEqual([column, asCell(row[column])]);
    }
  });

  it('exports the usage report as CSV: every page by customer, rows per meter by slug, and the totals, as the JSON', async () => {
    const byCustomer = csvRecords((await download('/reports/usage/export?group_by=customer')).text);
    type UsagePage = {
      data: Array<Record<string, unknown>>;
      totals: Record<string, unknown>;
      period: { from: string; to: string };
      next_cursor: string | null;
    };
    const pages: UsagePage[] = [];
    let cursor: string | null = null;
    do {
      const page: UsagePage = (await api('GET', `/reports/usage?group_by=customer&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor);
    const jsonRows = pages.flatMap((p) => p.data);
    // The four customers and the own keys: more than a page of the export's.
    expect(jsonRows.length).toBe(5);
    const figures = ['calls', 'errors', 'quantity', 'customer_price_usd', 'resale_usd', 'reseller_margin_usd'];
    const rowOf = (r: Record<string, unknown>) => Object.fromEntries(['key', ...figures].map((f) => [f, asCell(r[f])]));
    expect(byCustomer.filter((r) => r.section === 'row').map(rowOf)).toEqual(jsonRows.map(rowOf));
    const total = byCustomer[byCustomer.length - 1];
    expect(total.section).toBe('total');
    expect(rowOf(total)).toEqual({ ...rowOf(pages[0].totals), key: '' });
    expect(byCustomer.every((r) => r.group_by === 'customer' && r.from === pages[0].period.from && r.to === pages[0].period.to)).toBe(true);
    // The totals are the sums of the rows, to the pico-dollar.
    const sum = byCustomer.filter((r) => r.section === 'row').reduce((t, r) => t + usdToPicoUsd(r.reseller_margin_usd), 0n);
    expect(picoUsdToDecimalString(sum)).toBe(total.reseller_margin_usd);

    const bySlug = csvRecords((await download('/reports/usage/export?group_by=slug')).text);
    const json = (await api('GET', '/reports/usage?group_by=slug')).body;
    expect(bySlug.map((r) => [r.section, r.key, r.meter])).toEqual([
      ...json.data.flatMap((row: { key: string; meters: Array<{ meter: string }> }) => [
        ['row', row.key, ''],
        ...row.meters.map((m) => ['meter', row.key, m.meter]),
      ]),
      ['total', '', ''],
    ]);
    expect(rowOf(bySlug[1])).toEqual({ ...rowOf(json.data[0].meters[0]), key: slug, calls: '', errors: '' });
    // Tenant B's report holds none of A's customers.
    const asB = (await download('/reports/usage/export?group_by=customer', b.managementKey)).text;
    for (const id of ids.customers) expect(asB).not.toContain(id);
  });

  it("exports the operator's revenue report as CSV, as its JSON", async () => {
    const rows = csvRecords((await adminDownload(`/reports/revenue/export?group_by=slug&tenant_id=${a.tenantId}`)).text);
    const json = (await gw.admin('GET', `/reports/revenue?group_by=slug&tenant_id=${a.tenantId}`)).body;
    expect(rows[0]).toMatchObject({
      section: 'row',
      key: slug,
      wholesale_usd: json.data[0].wholesale_usd,
      operator_margin_usd: json.data[0].operator_margin_usd,
    });
    expect(rows[rows.length - 1]).toMatchObject({ section: 'total', total_revenue_usd: asCell(json.totals.total_revenue_usd) });
  });
});
