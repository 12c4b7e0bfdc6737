import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { AuditMeters, AuditRecord } from '../../src/audit/audit-record';
import { REBUILD_ROLLUPS_SQL } from '../../src/audit/audit-rollups';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { METER_NAMES } from '../../src/catalog/meters';
import { picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import type { Meter } from '../../src/generated/prisma/enums';
import { StatementCloser } from '../../src/statements/statement-closer';
import { auditRecord } from '../support/audit-fixtures';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/**
 * Lines per slug and meter (issue 19): the audit trail shows each call's meters, the reports by slug
 * each slug's meter lines, and a closed statement freezes them, everywhere exactly the sums of the
 * records' meters, a slug's meter lines summing to its line, and a tenant seeing only its own.
 *
 * Usage goes in as audit records with meters through the gateway's own writer (its batch statement
 * keeps the meter rollups), as a provider adapter's calls would write them: a text slug priced in
 * input and output tokens, and a slug priced per call. Closing a month closes it for every tenant of
 * a database, so the suite runs on a database of its own (support/suite-database.ts), where it also
 * rebuilds the rollups.
 */
describe('meter lines: audit trail, reports and statements', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let text: { slug: string; id: string };
  let calls: { slug: string; id: string };
  let a: { tenantId: string; managementKey: string };
  let b: { tenantId: string; managementKey: string };
  let ada: string;
  let bob: string;
  /** Every record written, to compute every expected figure independently of the SQL. */
  const written: AuditRecord[] = [];

  const MARCH = '2021-03';
  const FEBRUARY = '2021-02';
  const march = `from=2021-03-01T00:00:00.000Z&to=2021-04-01T00:00:00.000Z`;
  /** 2^52 + 1 pico-USD: two of them pass 2^53, beyond what a double holds exactly. */
  const BIG = 4_503_599_627_370_497n;

  beforeAll(async () => {
    db = await createSuiteDatabase('meter_lines');
    gw = await GatewayHarness.start({ DATABASE_URL: db.url });
    text = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      prices: [
        { meter: 'input_tokens', wholesalePicoUsdPerUnit: 1_000_000_000n, resalePicoUsdPerUnit: 1_500_000_000n },
        { meter: 'output_tokens', wholesalePicoUsdPerUnit: 4_000_000_000n, resalePicoUsdPerUnit: 6_000_000_000n },
      ],
      upstreams: [{ baseUrl: 'http://127.0.0.1:9' }],
    });
    calls = await gw.createEndpoint({ upstreams: [{ baseUrl: 'http://127.0.0.1:9' }] });
    a = await gw.createReseller('meters A');
    b = await gw.createReseller('meters B');
    ada = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'Ada' })).body.id;
    bob = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'Bob' })).body.id;
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  // --- fixtures --------------------------------------------------------------------------------

  type Figures = [quantity: bigint, wholesale: bigint, resale: bigint, customer: bigint];

  /** A record billed in these meters, its amount columns their sums (as the request path writes it). */
  function metered(
    caller: { tenantId: string; customerId?: string | null },
    endpointId: string,
    at: string,
    meters: Partial<Record<Meter, Figures>>,
  ): AuditRecord {
    const sum = (i: number) => Object.values(meters).reduce((s, f) => s + f[i], 0n);
    const json: AuditMeters = {};
    for (const [meter, f] of Object.entries(meters) as Array<[Meter, Figures]>) json[meter] = [f[0], f[1], f[2], f[3]].map(String) as never;
    return auditRecord({
      tenantId: caller.tenantId,
      customerId: caller.customerId ?? null,
      apiKeyId: randomUUID(),
      endpointId,
      createdAt: new Date(at),
      quantity: sum(0),
      wholesalePicoUsd: sum(1),
      resalePicoUsd: sum(2),
      customerPricePicoUsd: sum(3),
      meters: json,
    });
  }

  async function land(records: AuditRecord[]): Promise<void> {
    const writer = gw.app.get(AuditWriterService);
    for (const r of records) {
      written.push(r);
      writer.enqueue(r);
    }
    await gw.flushAudit();
  }

  /**
   * The meter lines of these records, in meter order, exactly: each record's meters, and for a
   * record without any that billed something, its slug unit's one meter (the text slug's `tokens`,
   * the call slug's `calls`).
   */
  function meterSums(records: AuditRecord[]) {
    const sums = new Map<Meter, Figures>();
    for (const r of records) {
      const meters: Array<[Meter, Figures]> = r.meters
        ? (Object.entries(r.meters) as Array<[Meter, string[]]>).map(([m, f]) => [m, f.map(BigInt) as Figures])
        : r.quantity !== 0n || r.customerPricePicoUsd !== 0n
          ? [[r.endpointId === text.id ? 'tokens' : 'calls', [r.quantity, r.wholesalePicoUsd, r.resalePicoUsd, r.customerPricePicoUsd]]]
          : [];
      for (const [meter, f] of meters) {
        const had = sums.get(meter) ?? [0n, 0n, 0n, 0n];
        sums.set(meter, had.map((v, i) => v + f[i]) as Figures);
      }
    }
    return [...sums.entries()].sort(([x], [y]) => METER_NAMES.indexOf(x) - METER_NAMES.indexOf(y));
  }

  const usd = picoUsdToDecimalString;
  /** Meter lines as a tenant sees them (reports and statements: the same fields). */
  const tenantMeters = (records: AuditRecord[]) =>
    meterSums(records).map(([meter, [q, , r, c]]) => ({
      meter,
      quantity: q.toString(),
      customer_price_usd: usd(c),
      resale_usd: usd(r),
      reseller_margin_usd: usd(c - r),
    }));
  /** The operator's: the tenant's and the wholesale cost and its margin. */
  const operatorMeters = (records: AuditRecord[]) =>
    meterSums(records).map(([meter, [q, w, r, c]]) => ({
      meter,
      quantity: q.toString(),
      wholesale_usd: usd(w),
      resale_usd: usd(r),
      customer_price_usd: usd(c),
      operator_margin_usd: usd(r - w),
      reseller_margin_usd: usd(c - r),
    }));

  const of = (tenantId: string) => (r: AuditRecord) => r.tenantId === tenantId;
  const onSlug = (endpointId: string) => (r: AuditRecord) => r.endpointId === endpointId;
  const inMonth = (month: string) => (r: AuditRecord) => r.createdAt.toISOString().startsWith(month);
  const pico = (amount: string) => usdToPicoUsd(amount);
  /** The sum of one money field over meter lines, exactly. */
  const sumOf = (lines: Array<Record<string, string>>, field: string) => lines.reduce((s, l) => s + pico(l[field]), 0n);

  // --- the usage -------------------------------------------------------------------------------

  it('the audit trail shows each call’s meters: the operator’s with the wholesale cost, the tenant’s without', async () => {
    await land([
      // A's own keys, Ada and Bob, on two days of March; amounts past 2^53 when summed.
      metered(a, text.id, '2021-03-05T10:00:00.000Z', {
        input_tokens: [1200n, 1_200_000_000n, 1_800_000_000n, 2_400_000_000n],
        output_tokens: [300n, 1_200_000_000n, 1_800_000_000n, 2_000_000_000n],
      }),
      metered({ tenantId: a.tenantId, customerId: ada }, text.id, '2021-03-05T11:00:00.000Z', {
        input_tokens: [7n, 7_000_000n, 10_500_000n, 14_000_001n],
        output_tokens: [4096n, 16_384_000_000n, 24_576_000_000n, BIG],
      }),
      metered({ tenantId: a.tenantId, customerId: ada }, text.id, '2021-03-20T23:59:59.999Z', {
        input_tokens: [1n, 1_000_000n, 1_500_000n, 3n],
        output_tokens: [1n, 4_000_000n, 6_000_000n, BIG],
      }),
      metered({ tenantId: a.tenantId, customerId: bob }, text.id, '2021-03-20T08:00:00.000Z', {
        input_tokens: [50_000n, 50_000_000_000n, 75_000_000_000n, 80_000_000_000n],
        output_tokens: [0n, 0n, 0n, 0n],
      }),
      metered({ tenantId: a.tenantId, customerId: bob }, calls.id, '2021-03-21T08:00:00.000Z', {
        calls: [1n, 1_000_000_000n, 1_500_000_000n, 2_000_000_000n],
      }),
      // Written as before meters (an older gateway's spill file replayed): its slug unit's one meter.
      auditRecord({
        tenantId: a.tenantId,
        apiKeyId: randomUUID(),
        endpointId: text.id,
        createdAt: new Date('2021-03-06T00:00:00.000Z'),
        quantity: 1000n,
        wholesalePicoUsd: 3_000_000_000n,
        resalePicoUsd: 4_000_000_000n,
        customerPricePicoUsd: 5_000_000_000n,
      }),
      // Refused: billed nothing, no meters.
      auditRecord({
        tenantId: a.tenantId,
        apiKeyId: randomUUID(),
        endpointId: text.id,
        createdAt: new Date('2021-03-07T00:00:00.000Z'),
        httpStatus: 429,
        quantity: 0n,
        wholesalePicoUsd: 0n,
        resalePicoUsd: 0n,
        customerPricePicoUsd: 0n,
      }),
      // B, on the same slug and days.
      metered(b, text.id, '2021-03-05T12:00:00.000Z', {
        input_tokens: [999n, 999_000_000n, 1_498_500_000n, 1_998_000_000n],
        output_tokens: [111n, 444_000_000n, 666_000_000n, 777_000_000n],
      }),
    ]);

    const operator = await gw.admin('GET', `/audit?tenant_id=${a.tenantId}&${march}`);
    expect(operator.status).toBe(200);
    const ofA = written.filter(of(a.tenantId));
    expect(operator.body.data).toHaveLength(ofA.length);
    for (const view of operator.body.data) {
      const record = ofA.find((r) => r.id === view.request_id)!;
      expect(view.meters).toEqual(
        meterSums([record]).map(([meter, [q, w, r, c]]) => ({
          meter,
          quantity: Number(q),
          wholesale_usd: usd(w),
          resale_usd: usd(r),
          billed_usd: usd(c),
        })),
      );
      // The meters' amounts sum to the record's.
      expect(sumOf(view.meters, 'billed_usd')).toBe(pico(view.customer_price_usd));
      expect(sumOf(view.meters, 'wholesale_usd')).toBe(pico(view.wholesale_usd));
    }
    const twoMeters = operator.body.data.find((v: any) => v.customer_id === null && v.meters.length === 2);
    expect(twoMeters.meters.map((m: any) => m.meter)).toEqual(['input_tokens', 'output_tokens']);
    expect(operator.body.data.find((v: any) => v.status === 429).meters).toEqual([]);
    expect(operator.body.data.find((v: any) => v.quantity === 1000 && v.customer_id === null).meters).toEqual([
      { meter: 'tokens', quantity: 1000, wholesale_usd: '0.003', resale_usd: '0.004', billed_usd: '0.005' },
    ]);

    // The tenant's trail: the same meters, never the operator's cost; another tenant's calls never.
    const tenant = await gw.reseller(a.managementKey, 'GET', `/audit?${march}`);
    expect(tenant.body.data.map((v: any) => v.request_id).sort()).toEqual(ofA.map((r) => r.id).sort());
    for (const view of tenant.body.data) {
      const record = ofA.find((r) => r.id === view.request_id)!;
      expect(view.meters).toEqual(
        meterSums([record]).map(([meter, [q, , r, c]]) => ({ meter, quantity: Number(q), resale_usd: usd(r), billed_usd: usd(c) })),
      );
    }
    expect(JSON.stringify(tenant.body)).not.toMatch(/wholesale/);
  });

  it('the report by slug gives each slug’s meter lines, the exact sums of the records’ meters; the other fields and totals as before', async () => {
    const report = await gw.reseller(a.managementKey, 'GET', `/reports/usage?group_by=slug&${march}`);
    expect(report.status).toBe(200);
    const ofA = written.filter(of(a.tenantId));
    const row = report.body.data.find((r: any) => r.key === text.slug);
    const onText = ofA.filter(onSlug(text.id));
    expect(row).toMatchObject({
      calls: onText.length,
      errors: 1,
      quantity: onText.reduce((s, r) => s + r.quantity, 0n).toString(),
      customer_price_usd: usd(onText.reduce((s, r) => s + r.customerPricePicoUsd, 0n)),
    });
    expect(row.meters).toEqual(tenantMeters(onText));
    expect(row.meters.map((m: any) => m.meter)).toEqual(['tokens', 'input_tokens', 'output_tokens']);
    // Past 2^53 pico-USD, exact; and the slug's meter lines sum to its row.
    expect(pico(row.meters.find((m: any) => m.meter === 'output_tokens').customer_price_usd)).toBeGreaterThan(2n * BIG);
    for (const field of ['customer_price_usd', 'resale_usd', 'reseller_margin_usd'])
      expect(sumOf(row.meters, field)).toBe(pico(row[field]));
    expect(report.body.data.find((r: any) => r.key === calls.slug).meters).toEqual(tenantMeters(ofA.filter(onSlug(calls.id))));
    // The totals and the other groupings carry no meter lines (a meter is a slug's).
    expect(report.body.totals).not.toHaveProperty('meters');
    for (const groupBy of ['day', 'customer']) {
      const other = await gw.reseller(a.managementKey, 'GET', `/reports/usage?group_by=${groupBy}&${march}`);
      expect(other.body.data.length).toBeGreaterThan(0);
      for (const r of other.body.data) expect(r).not.toHaveProperty('meters');
    }

    // The operator's: every tenant's records (the rollup per day, endpoint and meter), or one tenant's.
    const all = await gw.admin('GET', `/reports/revenue?group_by=slug&${march}`);
    const allText = all.body.data.find((r: any) => r.key === text.slug);
    expect(allText.meters).toEqual(operatorMeters(written.filter(onSlug(text.id))));
    for (const field of ['wholesale_usd', 'resale_usd', 'customer_price_usd'])
      expect(sumOf(allText.meters, field)).toBe(pico(allText[field]));
    const oneTenant = await gw.admin('GET', `/reports/revenue?group_by=slug&tenant_id=${a.tenantId}&${march}`);
    expect(oneTenant.body.data.find((r: any) => r.key === text.slug).meters).toEqual(operatorMeters(onText));
  });

  it('a tenant sees only its own meter lines', async () => {
    const reportOfB = await gw.reseller(b.managementKey, 'GET', `/reports/usage?group_by=slug&${march}`);
    expect(reportOfB.body.data).toHaveLength(1);
    expect(reportOfB.body.data[0].meters).toEqual(tenantMeters(written.filter(of(b.tenantId))));
    const reportOfA = await gw.reseller(a.managementKey, 'GET', `/reports/usage?group_by=slug&${march}`);
    const aText = reportOfA.body.data.find((r: any) => r.key === text.slug).meters;
    expect(aText).not.toEqual(tenantMeters(written.filter(onSlug(text.id))));
    const trailOfB = await gw.reseller(b.managementKey, 'GET', `/audit?${march}`);
    expect(trailOfB.body.data.map((v: any) => v.request_id)).toEqual(written.filter(of(b.tenantId)).map((r) => r.id));
    // A's customer is no subject of B's: an empty trail, not A's meters.
    expect((await gw.reseller(b.managementKey, 'GET', `/audit?customer_id=${ada}&${march}`)).body.data).toEqual([]);
  });

  it('a rollup rebuild gives the same meter rows, both meter rollups', async () => {
    const rows = async () => ({
      byMeter: await gw.prisma.$queryRaw<unknown[]>`
        SELECT tenant_id::text, day::text, customer_id::text, endpoint_id::text, meter::text, quantity::text,
          wholesale_pico_usd::text, resale_pico_usd::text, customer_price_pico_usd::text
        FROM usage_daily_by_meter ORDER BY 1, 2, 3, 4, 5`,
      byEndpoint: await gw.prisma.$queryRaw<unknown[]>`
        SELECT day::text, endpoint_id::text, meter::text, quantity::text, wholesale_pico_usd::text, resale_pico_usd::text,
          customer_price_pico_usd::text
        FROM usage_daily_by_endpoint_meter ORDER BY 1, 2, 3`,
    });
    const kept = await rows();
    expect(kept.byMeter.length).toBeGreaterThan(5);
    // Damage both, then rebuild from the audit records.
    await gw.prisma.$executeRaw`UPDATE usage_daily_by_meter SET quantity = 0, customer_price_pico_usd = 1`;
    await gw.prisma.$executeRaw`DELETE FROM usage_daily_by_endpoint_meter WHERE meter = 'output_tokens'`;
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const statement of REBUILD_ROLLUPS_SQL) await client.query(statement);
    } finally {
      await client.end();
    }
    expect(await rows()).toEqual(kept);
    // And the report reads the same after it.
    const report = await gw.reseller(a.managementKey, 'GET', `/reports/usage?group_by=slug&${march}`);
    expect(report.body.data.find((r: any) => r.key === text.slug).meters).toEqual(
      tenantMeters(written.filter(of(a.tenantId)).filter(onSlug(text.id))),
    );
  });

  // --- statements ------------------------------------------------------------------------------

  it('a statement closed for the month has the report’s meter lines, frozen, and each slug line is the sum of its meter lines', async () => {
    // February was closed before meter lines were kept: its row, A's statement and line as the
    // closer wrote them then (per slug only), for usage that has meter rows in the rollups.
    const february = metered(a, calls.id, '2021-02-10T00:00:00.000Z', { calls: [1n, 1_000_000_000n, 1_500_000_000n, 2_000_000_000n] });
    await land([february]);
    const statementId = randomUUID();
    await gw.prisma.$transaction([
      gw.prisma.$executeRaw`INSERT INTO statement_months (month, closed_at) VALUES ('2021-02-01', '2021-03-01T01:00:00Z')`,
      gw.prisma.$executeRaw`
        INSERT INTO statements (id, tenant_id, customer_id, month, created_at, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
        VALUES (${statementId}::uuid, ${a.tenantId}::uuid, NULL, '2021-02-01', '2021-03-01T01:00:00Z', 1, 0, 1, 1000000000, 1500000000, 2000000000)`,
      gw.prisma.$executeRaw`
        INSERT INTO statement_lines (statement_id, endpoint_id, slug, category, billing_unit, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
        VALUES (${statementId}::uuid, ${calls.id}::uuid, ${calls.slug}, 'infra', 'call', 1, 0, 1, 1000000000, 1500000000, 2000000000)`,
    ]);

    const closer = gw.app.get(StatementCloser);
    expect(await closer.run(new Date('2021-04-01T02:00:00.000Z'))).toEqual({ closed: [MARCH], adjustments: 0 });

    const report = (await gw.reseller(a.managementKey, 'GET', `/reports/usage?group_by=slug&${march}`)).body;
    const statement = await gw.reseller(a.managementKey, 'GET', `/statements/${MARCH}`);
    expect(statement.body.status).toBe('closed');
    for (const line of statement.body.lines) {
      const row = report.data.find((r: any) => r.key === line.slug);
      // The statement's meter lines are the report's for the same month, field for field.
      expect(line.meters).toEqual(row.meters);
      for (const field of ['customer_price_usd', 'resale_usd', 'reseller_margin_usd'])
        expect(sumOf(line.meters, field)).toBe(pico(line[field]));
    }
    const marchOfA = written.filter(of(a.tenantId)).filter(inMonth(MARCH));
    expect(statement.body.lines.find((l: any) => l.slug === text.slug).meters).toEqual(tenantMeters(marchOfA.filter(onSlug(text.id))));
    // A customer's statement: its own records' meters only.
    const ofAda = await gw.reseller(a.managementKey, 'GET', `/customers/${ada}/statements/${MARCH}`);
    expect(ofAda.body.lines).toHaveLength(1);
    expect(ofAda.body.lines[0].meters).toEqual(tenantMeters(marchOfA.filter((r) => r.customerId === ada)));
    // B's statement: B's meters, never A's.
    const ofB = await gw.reseller(b.managementKey, 'GET', `/statements/${MARCH}`);
    expect(ofB.body.lines.map((l: any) => l.meters)).toEqual([tenantMeters(written.filter(of(b.tenantId)))]);

    // The operator's statement: the same lines with the wholesale cost; equal to its report of the tenant.
    const operator = await gw.admin('GET', `/tenants/${a.tenantId}/statements/${MARCH}`);
    const operatorReport = (await gw.admin('GET', `/reports/revenue?group_by=slug&tenant_id=${a.tenantId}&${march}`)).body;
    for (const line of operator.body.lines) {
      expect(line.meters).toEqual(
        operatorReport.data
          .find((r: any) => r.key === line.slug)
          .meters.map((m: any) => ({
            meter: m.meter,
            quantity: m.quantity,
            customer_price_usd: m.customer_price_usd,
            resale_usd: m.resale_usd,
            reseller_margin_usd: m.reseller_margin_usd,
            wholesale_usd: m.wholesale_usd,
            operator_margin_usd: m.operator_margin_usd,
          })),
      );
      expect(sumOf(line.meters, 'wholesale_usd')).toBe(pico(line.wholesale_usd));
    }

    // The CSV: each line followed by its meter rows, with their money.
    const csv = await fetch(`${gw.url}/api/reseller/v1/statements/${MARCH}?format=csv`, {
      headers: { authorization: `Bearer ${a.managementKey}` },
    });
    const rows = (await csv.text()).split('\r\n');
    const textLine = statement.body.lines.find((l: any) => l.slug === text.slug);
    const at = rows.findIndex((r) => r.includes(`,usage,,${text.slug},`));
    expect(rows.slice(at + 1, at + 1 + textLine.meters.length)).toEqual(
      textLine.meters.map((m: any) =>
        [MARCH, 'closed', '', 'meter', '', text.slug, 'text', 'tokens_1k', m.meter, '', '', m.quantity, m.customer_price_usd]
          .concat([m.resale_usd, m.reseller_margin_usd, '', '', '', '', ''])
          .join(','),
      ),
    );

    // Frozen in Postgres, like the statement's other rows.
    const ofBob = await gw.reseller(a.managementKey, 'GET', `/customers/${bob}/statements/${MARCH}`);
    const stored = await gw.prisma.statementMeterLine.count({
      where: { line: { statement: { tenantId: a.tenantId, month: new Date('2021-03-01T00:00:00.000Z') } } },
    });
    const shown = [statement.body, ofAda.body, ofBob.body].flatMap((s) => s.lines).reduce((n: number, l: any) => n + l.meters.length, 0);
    expect(stored).toBe(shown);
    await expect(gw.prisma.$executeRaw`UPDATE statement_meter_lines SET customer_price_pico_usd = 0`).rejects.toThrow(/is frozen: UPDATE/);
    await expect(gw.prisma.$executeRaw`DELETE FROM statement_meter_lines`).rejects.toThrow(/is frozen: DELETE/);

    // February, closed before meter lines were kept, says so: its lines have none (null), and its CSV no meter rows.
    const before = await gw.reseller(a.managementKey, 'GET', `/statements/${FEBRUARY}`);
    expect(before.body).toMatchObject({ status: 'closed', lines: [{ slug: calls.slug, calls: 1, meters: null }] });
    const beforeCsv = await fetch(`${gw.url}/api/reseller/v1/statements/${FEBRUARY}?format=csv`, {
      headers: { authorization: `Bearer ${a.managementKey}` },
    });
    expect((await beforeCsv.text()).split('\r\n').filter((r) => r.split(',')[3] === 'meter')).toEqual([]);
  });

  it('the month in progress shows its meter lines live, from the same rollups', async () => {
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const record = metered({ tenantId: a.tenantId, customerId: bob }, text.id, now.toISOString(), {
      input_tokens: [10n, 10_000_000n, 15_000_000n, 20_000_000n],
      output_tokens: [20n, 80_000_000n, 120_000_000n, 150_000_000n],
    });
    await land([record]);
    const open = await gw.reseller(a.managementKey, 'GET', `/customers/${bob}/statements/${month}`);
    expect(open.body).toMatchObject({ status: 'open', lines: [{ slug: text.slug, meters: tenantMeters([record]) }] });
  });
});
