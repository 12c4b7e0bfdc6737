import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '../../src/audit/audit-record';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import { recordPlanAssignment } from '../../src/plans/plan-assignments.repository';
import { StatementCloser } from '../../src/statements/statement-closer';
import { STATEMENTS_QUEUE } from '../../src/statements/statements.job';
import { auditRecord } from '../support/audit-fixtures';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import { docsVerifier, registerEndpoint, startReceiver, webhookEnv, type RegisteredEndpoint } from '../support/webhook-fixtures';

/**
 * Monthly statements end to end, on one timeline in 2020 that only this suite moves: closing a month
 * closes it for every tenant of the (shared) test database, so no other suite runs the closer, and
 * this one calls it with the `now` each step needs (never the clock, never a wait for cron). Usage
 * goes in as audit records through the gateway's own writer (the batch statement keeps the rollups),
 * so statements are read from the rollups exactly as in production. The closer's and the reads'
 * rules on their own are statement-closer.spec.ts and statements.service.spec.ts (on the fakes),
 * the plan history test/plans/plan-history.spec.ts.
 */
describe('monthly statements', () => {
  let gw: GatewayHarness;
  let closer: StatementCloser;
  let receiver: TestUpstream;
  let hook: RegisteredEndpoint;
  const verify = docsVerifier();

  let a: { tenantId: string; managementKey: string };
  let b: { tenantId: string; managementKey: string };
  /** On a paid plan: Basic (30 USD a month) from 2020-01-01, Pro (100 USD) from 2020-01-10 12:00 UTC. */
  let p: { tenantId: string; managementKey: string };
  const plans = { basic: '', pro: '' };
  /** A's customers: c1 and c2 use the gateway in January, c4 only late (its January usage lands after the close). */
  const customers = { c1: '', c2: '', c4: '', idle: '', ofB: '' };
  let callEndpoint: { slug: string; id: string };
  let tokenEndpoint: { slug: string; id: string };
  /** Every record written, to compute the expected figures independently of the SQL. */
  const written: AuditRecord[] = [];

  const JAN = '2020-01';
  /** The month in progress (by the clock, not the closer's `now`): always on a statements list, open. */
  const thisMonth = () => new Date().toISOString().slice(0, 7);
  const FEB = '2020-02';
  const MAR = '2020-03';
  const APR = '2020-04';
  /** 2^52 + 1 pico-USD: two of them pass 2^53, beyond what a double holds exactly. */
  const BIG = 4_503_599_627_370_497n;

  beforeAll(async () => {
    gw = await GatewayHarness.start(webhookEnv());
    closer = gw.app.get(StatementCloser);
    receiver = await startReceiver();
    callEndpoint = await gw.createEndpoint({ upstreams: [{ baseUrl: 'http://127.0.0.1:9' }] });
    tokenEndpoint = await gw.createEndpoint({ category: 'text', billingUnit: 'tokens_1k', upstreams: [{ baseUrl: 'http://127.0.0.1:9' }] });
    a = await gw.createReseller('statements A');
    b = await gw.createReseller('statements B');
    for (const name of ['c1', 'c2', 'c4', 'idle'] as const)
      customers[name] = (await gw.reseller(a.managementKey, 'POST', '/customers', { name })).body.id;
    customers.ofB = (await gw.reseller(b.managementKey, 'POST', '/customers', { name: 'of B' })).body.id;
    hook = await registerEndpoint(gw, a.managementKey, receiver, ['statement.closed']);

    p = await gw.createReseller('statements P');
    for (const [name, fee] of [
      ['basic', '30'],
      ['pro', '100'],
    ] as const) {
      plans[name] = (await gw.admin('POST', '/plans', { name: `statements ${name} ${randomUUID()}`, monthly_fee_usd: fee })).body.id;
    }
    // The plan history as the tenants repository writes it (same function, same transaction shape), dated in 2020.
    for (const [plan, at] of [
      [plans.basic, '2020-01-01T00:00:00.000Z'],
      [plans.pro, '2020-01-10T12:00:00.000Z'],
    ] as const) {
      await gw.prisma.$transaction(async (tx) => {
        await tx.tenant.update({ where: { id: p.tenantId }, data: { planId: plan } });
        await recordPlanAssignment(tx, p.tenantId, new Date(at));
      });
    }
  });

  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  // --- fixtures --------------------------------------------------------------------------------

  interface Usage {
    customer?: string | null;
    endpoint?: string | null;
    status?: number;
    quantity?: bigint;
    wholesale?: bigint;
    resale?: bigint;
    price?: bigint;
  }

  /** Writes records through the gateway's audit writer (its batch statement upserts the rollups). */
  async function land(tenantId: string, createdAt: string, usages: Usage[]): Promise<void> {
    const writer = gw.app.get(AuditWriterService);
    for (const u of usages) {
      const record = auditRecord({
        tenantId,
        customerId: u.customer ?? null,
        apiKeyId: randomUUID(),
        endpointId: u.endpoint === undefined ? callEndpoint.id : u.endpoint,
        createdAt: new Date(createdAt),
        httpStatus: u.status ?? 200,
        quantity: u.quantity ?? 1n,
        wholesalePicoUsd: u.wholesale ?? 1_000_000_000n,
        resalePicoUsd: u.resale ?? 1_500_000_000n,
        customerPricePicoUsd: u.price ?? 2_000_000_000n,
      });
      written.push(record);
      writer.enqueue(record);
    }
    await gw.flushAudit();
  }

  const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

  /** What a reseller's statement figures per endpoint of these records are (by slug, calls without an endpoint last): an adjustment's. */
  function expectedSlugLines(records: AuditRecord[]) {
    return groupedByEndpoint(records).map(({ describe, records: rs }) => ({
      ...describe,
      quantity: rs.reduce((s, r) => s + r.quantity, 0n).toString(),
      ...sums(rs),
    }));
  }

  /**
   * What a reseller's statement lines of these records are: the figures per endpoint, each with its
   * meter lines. These records carry no meters (written as before meters): each that billed
   * something counts as its slug unit's one meter (calls, tokens), as the rollups count it.
   */
  function expectedLines(records: AuditRecord[]) {
    return groupedByEndpoint(records).map(({ describe, records: rs }) => {
      const billed = rs.filter((r) => r.quantity !== 0n || r.resalePicoUsd !== 0n || r.customerPricePicoUsd !== 0n);
      const meter = describe.billing_unit === 'call' ? 'calls' : describe.billing_unit === 'tokens_1k' ? 'tokens' : null;
      const { customer_price_usd, resale_usd, reseller_margin_usd } = sums(billed);
      const quantity = billed.reduce((s, r) => s + r.quantity, 0n).toString();
      return {
        ...expectedSlugLines(rs)[0],
        meters: meter && billed.length > 0 ? [{ meter, quantity, customer_price_usd, resale_usd, reseller_margin_usd }] : [],
      };
    });
  }

  function groupedByEndpoint(records: AuditRecord[]) {
    const byEndpoint = new Map<string | null, AuditRecord[]>();
    for (const r of records) byEndpoint.set(r.endpointId, [...(byEndpoint.get(r.endpointId) ?? []), r]);
    const describe = (id: string | null) =>
      id === callEndpoint.id
        ? { slug: callEndpoint.slug, category: 'infra', billing_unit: 'call' }
        : id === tokenEndpoint.id
          ? { slug: tokenEndpoint.slug, category: 'text', billing_unit: 'tokens_1k' }
          : { slug: null, category: null, billing_unit: null };
    return [...byEndpoint.entries()]
      .map(([id, rs]) => ({ describe: describe(id), records: rs }))
      .sort((x, y) => (x.describe.slug === null ? 1 : y.describe.slug === null ? -1 : x.describe.slug < y.describe.slug ? -1 : 1));
  }

  /** The reseller's sums of these records. */
  function sums(records: AuditRecord[]) {
    const price = records.reduce((s, r) => s + r.customerPricePicoUsd, 0n);
    const resale = records.reduce((s, r) => s + r.resalePicoUsd, 0n);
    return {
      calls: records.length,
      errors: records.filter((r) => r.httpStatus >= 400).length,
      customer_price_usd: picoUsdToDecimalString(price),
      resale_usd: picoUsdToDecimalString(resale),
      reseller_margin_usd: picoUsdToDecimalString(price - resale),
    };
  }

  const inMonth = (month: string) => (r: AuditRecord) => r.createdAt.toISOString().startsWith(month);
  const ofTenant = (tenantId: string) => (r: AuditRecord) => r.tenantId === tenantId;
  const ofCustomer = (customerId: string) => (r: AuditRecord) => r.customerId === customerId;

  /** A reseller API GET as raw text, with its headers (for CSV and byte-for-byte comparisons). */
  async function rawGet(managementKey: string, path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${gw.url}/api/reseller/v1${path}`, { headers: { authorization: `Bearer ${managementKey}`, ...headers } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  /** The statement.closed events A's receiver got, each verified with the docs' snippet. */
  function closedEvents(): Array<{ id: string; type: string; data: any }> {
    return receiver.received
      .filter((r) => verify(hook.secret, r.headers, r.body))
      .map((r) => JSON.parse(r.body) as { id: string; type: string; data: any })
      .filter((e) => e.type === 'statement.closed');
  }

  // --- January ---------------------------------------------------------------------------------

  it('a month that ended within the grace period is still open: a live statement from the rollups', async () => {
    const { c1, c2 } = customers;
    await land(a.tenantId, '2020-01-03T10:00:00.000Z', [
      ...times(2, { price: 1_500_000_000n }), // A's own keys
      { endpoint: null, status: 404, quantity: 0n, wholesale: 0n, resale: 0n, price: 0n }, // a slug that names nothing
      { customer: randomUUID() }, // a customer id that is none of A's customers: in A's statement only
      ...times(3, { customer: c1 }),
      { customer: c1, endpoint: tokenEndpoint.id, quantity: 1234n, wholesale: 24_680n, resale: 37_020n, price: BIG },
      { customer: c1, endpoint: tokenEndpoint.id, quantity: 4321n, wholesale: 86_420n, resale: 129_630n, price: BIG },
      { customer: c2, endpoint: tokenEndpoint.id, status: 500, quantity: 0n, wholesale: 0n, resale: 0n, price: 0n },
      { customer: c2, endpoint: tokenEndpoint.id, quantity: 100n, wholesale: 7n, resale: 11n, price: 13n },
    ]);
    // The last millisecond of January is January's; the first of February is not.
    await land(a.tenantId, '2020-01-31T23:59:59.999Z', [{ customer: c1 }]);
    await land(a.tenantId, '2020-02-01T00:00:00.000Z', [{ customer: c1, price: 7n }]);
    await land(b.tenantId, '2020-01-15T00:00:00.000Z', [{ customer: customers.ofB }]);

    // 30 minutes after January ended, with the default 60 minutes of grace: nothing is due.
    expect(await closer.run(new Date('2020-02-01T00:30:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    const open = await gw.reseller(a.managementKey, 'GET', `/statements/${JAN}`);
    expect(open.status).toBe(200);
    const january = written.filter(ofTenant(a.tenantId)).filter(inMonth(JAN));
    expect(open.body).toEqual({
      id: null,
      tenant_id: a.tenantId,
      customer_id: null,
      month: JAN,
      status: 'open',
      period: { from: '2020-01-01T00:00:00.000Z', to: '2020-02-01T00:00:00.000Z' },
      closed_at: null,
      lines: expectedLines(january),
      usage: sums(january),
      adjustments: [],
      adjustment_totals: sums([]),
      totals: sums(january),
      // A has no plan: no fee, and the statement totals its resale.
      plan_fees: [],
      plan_fee_usd: '0',
      total_usd: sums(january).resale_usd,
    });
    // The tokens line's money passes 2^53: the sums are exact.
    expect(usdToPicoUsd(open.body.lines.find((l: any) => l.slug === tokenEndpoint.slug).customer_price_usd)).toBe(2n * BIG + 13n);
    expect(await gw.prisma.statement.count({ where: { tenantId: a.tenantId } })).toBe(0);

    // The list has every month not closed yet with something in it, and the month in progress (empty
    // here), newest first, with the same figures as the statement: nothing for a client to stitch.
    const february = written.filter(ofTenant(a.tenantId)).filter(inMonth(FEB));
    const openEntry = (month: string, usage: AuditRecord[]) => ({
      id: null,
      tenant_id: a.tenantId,
      customer_id: null,
      month,
      status: 'open',
      closed_at: null,
      usage: sums(usage),
      adjustment_totals: sums([]),
      totals: sums(usage),
      plan_fee_usd: '0',
      total_usd: sums(usage).resale_usd,
    });
    const list = await gw.reseller(a.managementKey, 'GET', '/statements');
    expect(list.body).toEqual({
      data: [openEntry(thisMonth(), []), openEntry(FEB, february), openEntry(JAN, january)],
      next_cursor: null,
    });
    const ofC2 = (await gw.reseller(a.managementKey, 'GET', `/customers/${c2}/statements`)).body.data;
    expect(ofC2.map((s: any) => [s.month, s.status, s.customer_id, s.usage.calls])).toEqual([
      [thisMonth(), 'open', c2, 0],
      [JAN, 'open', c2, 2],
    ]);
  });

  it('closes once the grace period is over: a statement per tenant and per customer with usage, each exact', async () => {
    const run = await closer.run(new Date('2020-02-01T01:00:00.000Z'));
    expect(run).toEqual({ closed: [JAN], adjustments: 0 });

    const statementsOfA = await gw.prisma.statement.findMany({ where: { tenantId: a.tenantId }, orderBy: { customerId: 'asc' } });
    expect(statementsOfA.map((s) => s.customerId).sort()).toEqual([customers.c1, customers.c2, null].sort());
    expect(await gw.prisma.statement.count({ where: { tenantId: b.tenantId } })).toBe(2);

    const january = written.filter(ofTenant(a.tenantId)).filter(inMonth(JAN));
    const tenant = await gw.reseller(a.managementKey, 'GET', `/statements/${JAN}`);
    expect(tenant.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customer_id: null,
      status: 'closed',
      closed_at: '2020-02-01T01:00:00.000Z',
      lines: expectedLines(january),
      adjustments: [],
      totals: sums(january),
    });
    const c1 = await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c1}/statements/${JAN}`);
    expect(c1.body).toMatchObject({
      customer_id: customers.c1,
      status: 'closed',
      lines: expectedLines(january.filter(ofCustomer(customers.c1))),
      totals: sums(january.filter(ofCustomer(customers.c1))),
    });
    const c2 = await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c2}/statements/${JAN}`);
    expect(c2.body.totals).toEqual(sums(january.filter(ofCustomer(customers.c2))));
    expect(c2.body.totals.errors).toBe(1);
    // The reseller never sees the operator's cost.
    expect(JSON.stringify([tenant.body, c1.body, c2.body])).not.toMatch(/wholesale|operator_margin/);

    // The operator reads the same statement with the wholesale cost and its margin.
    const operator = await gw.admin('GET', `/tenants/${a.tenantId}/statements/${JAN}`);
    const wholesale = january.reduce((s, r) => s + r.wholesalePicoUsd, 0n);
    const resale = january.reduce((s, r) => s + r.resalePicoUsd, 0n);
    expect(operator.body).toMatchObject({
      id: tenant.body.id,
      totals: { ...sums(january), wholesale_usd: picoUsdToDecimalString(wholesale) },
    });
    expect(operator.body.totals.operator_margin_usd).toBe(picoUsdToDecimalString(resale - wholesale));
    expect(operator.body.lines[0]).toHaveProperty('wholesale_usd');

    // Closing again (another run, the same time or later) writes nothing more.
    expect(await closer.run(new Date('2020-02-01T01:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    expect(await closer.run(new Date('2020-02-05T00:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    expect(await gw.prisma.statement.count({ where: { tenantId: a.tenantId } })).toBe(3);
  });

  it('announces statement.closed once per tenant statement, signed, with its totals and where to read it', async () => {
    const [event] = await waitFor('statement.closed of January', () => {
      const events = closedEvents().filter((e) => e.data.statement.month === JAN);
      return events.length > 0 ? events : null;
    });
    const statement = (await gw.reseller(a.managementKey, 'GET', `/statements/${JAN}`)).body;
    expect(event.data).toEqual({
      statement: {
        id: statement.id,
        month: JAN,
        closed_at: '2020-02-01T01:00:00.000Z',
        totals: {
          calls: statement.totals.calls,
          errors: statement.totals.errors,
          customer_price_usd: statement.totals.customer_price_usd,
          resale_usd: statement.totals.resale_usd,
          reseller_margin_usd: statement.totals.reseller_margin_usd,
        },
        plan_fee_usd: '0',
        total_usd: statement.totals.resale_usd,
        customer_statements: 2,
        url: `/api/reseller/v1/statements/${JAN}`,
      },
    });
    const byUrl = await fetch(`${gw.url}${event.data.statement.url}`, { headers: { authorization: `Bearer ${a.managementKey}` } });
    expect(((await byUrl.json()) as { id: string }).id).toBe(statement.id);
    // One event for A's statement: none for its customers' statements, none twice.
    expect(closedEvents()).toHaveLength(1);
    const log = await gw.reseller(a.managementKey, 'GET', '/webhook-deliveries?event=statement.closed');
    expect(log.body.data).toHaveLength(1);
  });

  it('serves CSV by ?format=csv or Accept: text/csv (RFC 4180, a header row, exact USD), JSON otherwise', async () => {
    const csv = await rawGet(a.managementKey, `/statements/${JAN}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="statement-${JAN}.csv"`);
    expect(csv.headers.get('vary')).toMatch(/Accept/);
    const lines = csv.text.split('\r\n');
    expect(lines.pop()).toBe(''); // every record ends with CRLF
    expect(lines[0]).toBe(
      'month,status,customer_id,section,corrects_month,slug,category,billing_unit,meter,calls,errors,quantity,customer_price_usd,resale_usd,reseller_margin_usd,plan_name,held_from,held_until,plan_fee_usd,total_usd',
    );
    const json = (await gw.reseller(a.managementKey, 'GET', `/statements/${JAN}`)).body;
    const tokens = json.lines.find((l: any) => l.slug === tokenEndpoint.slug);
    expect(lines).toContain(
      [
        JAN,
        'closed',
        '',
        'usage',
        '',
        tokenEndpoint.slug,
        'text',
        'tokens_1k',
        '',
        tokens.calls,
        tokens.errors,
        tokens.quantity,
        tokens.customer_price_usd,
      ]
        .concat([tokens.resale_usd, tokens.reseller_margin_usd, '', '', '', '', ''])
        .join(','),
    );
    // Each line's meters follow it: the slug, the meter, its quantity and money (calls are the line's).
    const [tokensMeter] = tokens.meters;
    expect(lines[lines.findIndex((l) => l.includes(`,usage,,${tokenEndpoint.slug},`)) + 1]).toBe(
      [JAN, 'closed', '', 'meter', '', tokenEndpoint.slug, 'text', 'tokens_1k', 'tokens', '', '', tokensMeter.quantity]
        .concat([tokensMeter.customer_price_usd, tokensMeter.resale_usd, tokensMeter.reseller_margin_usd, '', '', '', '', ''])
        .join(','),
    );
    expect(lines).toContain(`${JAN},closed,,usage,,,,,,1,1,0,0,0,0,,,,,`); // the call that named no endpoint
    expect(lines[lines.length - 1]).toBe(
      [JAN, 'closed', '', 'total', '', '', '', '', '', json.totals.calls, json.totals.errors, '', json.totals.customer_price_usd]
        .concat([json.totals.resale_usd, json.totals.reseller_margin_usd, '', '', '', '0', json.total_usd])
        .join(','),
    );
    const meterRows = json.lines.reduce((n: number, l: any) => n + l.meters.length, 0);
    expect(lines).toHaveLength(1 + json.lines.length + meterRows + 1);

    expect((await rawGet(a.managementKey, `/statements/${JAN}`, { accept: 'text/csv' })).text).toBe(csv.text);
    expect((await rawGet(a.managementKey, `/statements/${JAN}`, { accept: 'text/csv;q=0.9, application/json;q=0.5' })).text).toBe(csv.text);
    const json2 = await rawGet(a.managementKey, `/statements/${JAN}?format=json`, { accept: 'text/csv' });
    expect(json2.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(json2.text)).toEqual(json);
    expect((await rawGet(a.managementKey, `/statements/${JAN}`, { accept: 'text/html' })).headers.get('content-type')).toMatch(
      /^application\/json/,
    );
    const bad = await gw.reseller(a.managementKey, 'GET', `/statements/${JAN}?format=xml`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');

    const customerCsv = await rawGet(a.managementKey, `/customers/${customers.c1}/statements/${JAN}?format=csv`);
    expect(customerCsv.headers.get('content-disposition')).toBe(`attachment; filename="statement-${JAN}-customer-${customers.c1}.csv"`);
    expect(customerCsv.text.split('\r\n')[1].startsWith(`${JAN},closed,${customers.c1},usage,`)).toBe(true);

    const operatorCsv = await fetch(`${gw.url}/api/admin/v1/tenants/${a.tenantId}/statements/${JAN}?format=csv`, {
      headers: { authorization: `Bearer ${gw.adminToken}` },
    });
    expect((await operatorCsv.text()).split('\r\n')[0]).toMatch(
      /,reseller_margin_usd,wholesale_usd,operator_margin_usd,plan_name,held_from,held_until,plan_fee_usd,total_usd$/,
    );
  });

  // --- plan fees -------------------------------------------------------------------------------

  /** P's January: Basic for 9.5 days, Pro for 21.5, each its fee × ms held ÷ ms of January (31 days), rounded down. */
  const basicJanuary = {
    plan_name: expect.stringMatching(/^statements basic /),
    monthly_fee_usd: '30',
    from: '2020-01-01T00:00:00.000Z',
    until: '2020-01-10T12:00:00.000Z',
    fee_usd: '9.193548387096', // 30e12 × 820 800 000 ÷ 2 678 400 000 = 9 193 548 387 096.77…
  };
  const proJanuary = {
    plan_name: expect.stringMatching(/^statements pro /),
    monthly_fee_usd: '100',
    from: '2020-01-10T12:00:00.000Z',
    until: '2020-02-01T00:00:00.000Z',
    fee_usd: '69.354838709677', // 100e12 × 1 857 600 000 ÷ 2 678 400 000 = 69 354 838 709 677.41…
  };

  it('a tenant on a paid plan: its closed statement carries a fee line per plan held, prorated, and totals resale plus fee to the pico', async () => {
    // P's January closed with the others (it had no usage: the fee alone gave it a statement).
    const january = (await gw.reseller(p.managementKey, 'GET', `/statements/${JAN}`)).body;
    expect(january).toMatchObject({
      status: 'closed',
      lines: [],
      plan_fees: [
        { plan_id: plans.basic, ...basicJanuary },
        { plan_id: plans.pro, ...proJanuary },
      ],
      plan_fee_usd: '78.548387096773',
      total_usd: '78.548387096773',
    });
    const stored = await gw.prisma.statement.findFirstOrThrow({
      where: { tenantId: p.tenantId, month: new Date('2020-01-01T00:00:00.000Z') },
    });
    expect(stored.planFeePicoUsd.toFixed(0)).toBe((9_193_548_387_096n + 69_354_838_709_677n).toString());
    const operator = (await gw.admin('GET', `/tenants/${p.tenantId}/statements/${JAN}`)).body;
    expect(operator).toMatchObject({
      id: january.id,
      plan_fees: january.plan_fees,
      plan_fee_usd: january.plan_fee_usd,
      total_usd: january.total_usd,
    });
    const csv = (await rawGet(p.managementKey, `/statements/${JAN}?format=csv`)).text.split('\r\n');
    expect(csv).toContain(
      `${JAN},closed,,plan_fee,,,,,,,,,,,,${january.plan_fees[0].plan_name},2020-01-01T00:00:00.000Z,2020-01-10T12:00:00.000Z,9.193548387096,`,
    );
    expect(csv[csv.length - 2]).toBe(`${JAN},closed,,total,,,,,,0,0,,0,0,0,,,,78.548387096773,78.548387096773`);

    // February is open (not due): P holds Pro all month as it stands, its whole fee; a customer's statement has none.
    await land(p.tenantId, '2020-02-03T00:00:00.000Z', [{}, { resale: 7n }]);
    const february = (await gw.reseller(p.managementKey, 'GET', `/statements/${FEB}`)).body;
    expect(february).toMatchObject({
      status: 'open',
      plan_fees: [
        { plan_id: plans.pro, monthly_fee_usd: '100', from: '2020-02-01T00:00:00.000Z', until: '2020-03-01T00:00:00.000Z', fee_usd: '100' },
      ],
      plan_fee_usd: '100',
      total_usd: '100.001500000007',
    });
    const list = (await gw.reseller(p.managementKey, 'GET', '/statements')).body.data;
    expect(list.filter((s: any) => [FEB, JAN].includes(s.month)).map((s: any) => [s.month, s.status, s.plan_fee_usd, s.total_usd])).toEqual(
      [
        [FEB, 'open', '100', '100.001500000007'],
        [JAN, 'closed', '78.548387096773', '78.548387096773'],
      ],
    );
    const ofCustomer = (await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c1}/statements/${JAN}`)).body;
    expect(ofCustomer).toMatchObject({ plan_fees: [], plan_fee_usd: '0' });
  });

  it("the operator's revenue report has the plan fees beside usage revenue, and filters by tenant_id", async () => {
    const report = (query: string) =>
      gw.admin('GET', `/reports/revenue?from=2020-01-01T00:00:00.000Z&to=2020-02-01T00:00:00.000Z&${query}`);
    const ofP = await report(`group_by=tenant&tenant_id=${p.tenantId}`);
    expect(ofP.status).toBe(200);
    const fee = { plan_fee_usd: '78.548387096773', total_revenue_usd: '78.548387096773' };
    expect(ofP.body.data).toEqual([expect.objectContaining({ key: p.tenantId, calls: 0, resale_usd: '0', ...fee })]);
    expect(ofP.body.totals).toMatchObject({ key: null, calls: 0, ...fee });
    expect(ofP.body.next_cursor).toBeNull();

    // A's: its usage, no fee; P's figures are not in it.
    const aJanuary = written.filter(ofTenant(a.tenantId)).filter(inMonth(JAN));
    const ofA = await report(`group_by=slug&tenant_id=${a.tenantId}`);
    expect(ofA.body.totals).toMatchObject({
      calls: aJanuary.length,
      resale_usd: sums(aJanuary).resale_usd,
      plan_fee_usd: '0',
      total_revenue_usd: sums(aJanuary).resale_usd,
    });
    expect(ofA.body.data.every((row: any) => row.plan_fee_usd === null && row.total_revenue_usd === null)).toBe(true);

    // Every tenant: P listed by its fee alone; the totals carry every fee beside the usage revenue.
    const all = await report('group_by=tenant&limit=500');
    expect(all.body.data.find((row: any) => row.key === p.tenantId)).toMatchObject(fee);
    expect(all.body.data.find((row: any) => row.key === a.tenantId)).toMatchObject({ plan_fee_usd: '0' });
    const resale = usdToPicoUsd(all.body.totals.resale_usd);
    expect(all.body.totals.plan_fee_usd).toBe(fee.plan_fee_usd);
    expect(all.body.totals.total_revenue_usd).toBe(picoUsdToDecimalString(resale + 78_548_387_096_773n));
    // Pages of one tenant each: every tenant once, P among them.
    const keys: string[] = [];
    for (let cursor = ''; ;) {
      const page = (await report(`group_by=tenant&limit=1${cursor}`)).body;
      keys.push(...page.data.map((row: any) => row.key));
      if (!page.next_cursor) break;
      cursor = `&cursor=${page.next_cursor}`;
    }
    expect(keys).toEqual(all.body.data.map((row: any) => row.key));

    // A part of the month: the fee of the days in it (Basic, 9 of January's 31 days, rounded down).
    const early = await gw.admin(
      'GET',
      `/reports/revenue?group_by=day&tenant_id=${p.tenantId}&from=2020-01-01T00:00:00.000Z&to=2020-01-10T00:00:00.000Z`,
    );
    expect(early.body.totals.plan_fee_usd).toBe('8.709677419354');

    // An unknown tenant has nothing, as the audit trail's filter answers; a malformed id is a 400.
    const unknown = await report(`group_by=tenant&tenant_id=${randomUUID()}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
    expect(unknown.body.totals).toMatchObject({ calls: 0, resale_usd: '0', plan_fee_usd: '0', total_revenue_usd: '0' });
    const bad = await report('group_by=tenant&tenant_id=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
  });

  // --- late records, February ------------------------------------------------------------------

  let januaryAsClosed: Record<string, string>;
  const snapshotPaths = () => [
    `/statements/${JAN}`,
    `/statements/${JAN}?format=csv`,
    `/customers/${customers.c1}/statements/${JAN}`,
    `/customers/${customers.c1}/statements/${JAN}?format=csv`,
  ];
  async function januaryNow(): Promise<Record<string, string>> {
    const texts: Record<string, string> = {};
    for (const path of snapshotPaths()) texts[path] = (await rawGet(a.managementKey, path)).text;
    return texts;
  }

  it('records late January usage as adjustments on February (open, pending), never on the closed January', async () => {
    januaryAsClosed = await januaryNow();
    const { c1, c2, c4 } = customers;
    // Records of January that land after it closed (a spill file replayed after an outage) ...
    await land(a.tenantId, '2020-01-20T08:00:00.000Z', [
      ...times(2, { customer: c1 }),
      { endpoint: tokenEndpoint.id, quantity: 500n, wholesale: 10_000n, resale: 15_000n, price: 15_000n },
      { customer: c4, price: 3_000_000_000n },
    ]);
    // ... and February's own usage.
    await land(a.tenantId, '2020-02-05T08:00:00.000Z', [{ customer: c1 }, { customer: c2, endpoint: tokenEndpoint.id, quantity: 10n }]);

    const run = await closer.run(new Date('2020-02-10T00:00:00.000Z'));
    // Tenant: one row per endpoint (2); c1 and c4: one each on the call endpoint.
    expect(run).toEqual({ closed: [], adjustments: 4 });
    // Reconciling again finds nothing new.
    expect(await closer.run(new Date('2020-02-11T00:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });

    expect(await januaryNow()).toEqual(januaryAsClosed);

    const late = written.filter(ofTenant(a.tenantId)).filter((r) => r.createdAt.toISOString() === '2020-01-20T08:00:00.000Z');
    const february = written.filter(ofTenant(a.tenantId)).filter(inMonth(FEB));
    const open = (await gw.reseller(a.managementKey, 'GET', `/statements/${FEB}`)).body;
    const found = { corrects_month: JAN, found_at: '2020-02-10T00:00:00.000Z' };
    expect(open).toMatchObject({
      id: null,
      status: 'open',
      lines: expectedLines(february),
      usage: sums(february),
      adjustments: expectedSlugLines(late).map((line) => ({ ...line, ...found })),
      adjustment_totals: sums(late),
      totals: sums([...february, ...late]),
    });
    // The list shows February open with the adjustments found so far beside its usage, January closed.
    const listed = (await gw.reseller(a.managementKey, 'GET', '/statements')).body.data;
    expect(listed.map((s: any) => [s.month, s.status])).toEqual([
      [thisMonth(), 'open'],
      [FEB, 'open'],
      [JAN, 'closed'],
    ]);
    expect(listed[1]).toMatchObject({ usage: sums(february), adjustment_totals: sums(late), totals: sums([...february, ...late]) });
    expect(listed[2]).toMatchObject({ usage: JSON.parse(januaryAsClosed[`/statements/${JAN}`]).usage, adjustment_totals: sums([]) });
    // c4 used nothing in February; its January usage all came late: it has no January statement, and its adjustment is pending.
    expect((await gw.reseller(a.managementKey, 'GET', `/customers/${c4}/statements/${JAN}`)).status).toBe(404);
    const c4Open = (await gw.reseller(a.managementKey, 'GET', `/customers/${c4}/statements/${FEB}`)).body;
    expect(c4Open).toMatchObject({ status: 'open', lines: [], adjustments: [{ ...found, slug: callEndpoint.slug, calls: 1 }] });
  });

  it('closes February with the adjustments on it (a customer with only adjustments gets a statement); January stays as it was', async () => {
    expect(await closer.run(new Date('2020-03-01T01:00:00.000Z'))).toEqual({ closed: [FEB], adjustments: 0 });
    expect(await januaryNow()).toEqual(januaryAsClosed);

    const late = written.filter(ofTenant(a.tenantId)).filter((r) => r.createdAt.toISOString() === '2020-01-20T08:00:00.000Z');
    const february = written.filter(ofTenant(a.tenantId)).filter(inMonth(FEB));
    const closed = (await gw.reseller(a.managementKey, 'GET', `/statements/${FEB}`)).body;
    expect(closed).toMatchObject({
      status: 'closed',
      closed_at: '2020-03-01T01:00:00.000Z',
      lines: expectedLines(february),
      adjustments: expectedSlugLines(late).map((line) => ({ ...line, corrects_month: JAN })),
      totals: sums([...february, ...late]),
    });
    const c4 = (await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c4}/statements/${FEB}`)).body;
    expect(c4).toMatchObject({ status: 'closed', lines: [], totals: sums(late.filter(ofCustomer(customers.c4))) });
    // B used nothing in February: no statement.
    const none = await gw.reseller(b.managementKey, 'GET', `/statements/${FEB}`);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('resource_not_found');

    const [event] = await waitFor('statement.closed of February', () => {
      const events = closedEvents().filter((e) => e.data.statement.month === FEB);
      return events.length > 0 ? events : null;
    });
    expect(event.data.statement).toMatchObject({ id: closed.id, customer_statements: 3, totals: { calls: closed.totals.calls } });
    expect(event.data.statement.totals.customer_price_usd).toBe(closed.totals.customer_price_usd);
  });

  it('totals over every statement equal the rollup sums, to the pico-dollar, for the tenant and each customer', async () => {
    const rollups = async (customerId: string | null) => {
      const customer = customerId ? `AND customer_id = '${customerId}'::uuid` : '';
      const [row] = await gw.prisma.$queryRawUnsafe<Array<Record<string, string>>>(
        `SELECT sum(calls)::text AS calls, sum(wholesale_pico_usd)::text AS w, sum(resale_pico_usd)::text AS r,
           sum(customer_price_pico_usd)::text AS c
         FROM usage_daily WHERE tenant_id = '${a.tenantId}'::uuid ${customer} AND day >= '2020-01-01' AND day < '2020-03-01'`,
      );
      return row;
    };
    const statementTotals = async (path: string) => {
      const page = (await gw.admin('GET', path)).body;
      const add = (field: string) => page.data.reduce((s: bigint, st: any) => s + usdToPicoUsd(st.totals[field]), 0n).toString();
      return {
        calls: String(page.data.reduce((s: number, st: any) => s + st.totals.calls, 0)),
        w: add('wholesale_usd'),
        r: add('resale_usd'),
        c: add('customer_price_usd'),
      };
    };
    expect(await statementTotals(`/tenants/${a.tenantId}/statements`)).toEqual(await rollups(null));
    for (const customer of [customers.c1, customers.c2, customers.c4])
      expect(await statementTotals(`/tenants/${a.tenantId}/customers/${customer}/statements`)).toEqual(await rollups(customer));
    // And to the audit records themselves.
    const all = written.filter(ofTenant(a.tenantId)).filter((r) => r.createdAt < new Date('2020-03-01T00:00:00.000Z'));
    expect((await statementTotals(`/tenants/${a.tenantId}/statements`)).c).toBe(usdToPicoUsd(sums(all).customer_price_usd).toString());
  });

  // --- March: two closers at once ----------------------------------------------------------------

  it('two closers racing (two gateway processes) close a month once and record each difference once', async () => {
    await land(a.tenantId, '2020-03-10T00:00:00.000Z', [{ customer: customers.c1 }, {}]);
    // A second gateway on the same database and the same job queues, without workers.
    const second = await GatewayHarness.start({ JOB_QUEUE_PREFIX: gw.config.JOB_QUEUE_PREFIX });
    try {
      const otherCloser = second.app.get(StatementCloser);
      const at = new Date('2020-04-01T01:00:00.000Z');
      const runs = await Promise.all([closer.run(at), otherCloser.run(at)]);
      expect(runs.map((r) => r.closed).sort()).toEqual([[], [MAR]]);
      expect(await gw.prisma.statementMonth.count({ where: { month: new Date('2020-03-01T00:00:00.000Z') } })).toBe(1);
      const march = await gw.prisma.statement.groupBy({
        by: ['tenantId', 'customerId'],
        where: { month: new Date('2020-03-01T00:00:00.000Z'), tenantId: a.tenantId },
        _count: true,
      });
      expect(march.map((g) => [g.customerId, g._count]).sort()).toEqual(
        [
          [customers.c1, 1],
          [null, 1],
        ].sort(),
      );

      // Late March records, reconciled by both at once: recorded once.
      await land(a.tenantId, '2020-03-20T00:00:00.000Z', [{ customer: customers.c1, price: 5n }]);
      const later = new Date('2020-04-02T00:00:00.000Z');
      const reconciled = await Promise.all([closer.reconcile(later), otherCloser.reconcile(later)]);
      expect(reconciled.sort()).toEqual([0, 2]);
      expect(
        await gw.prisma.statementAdjustment.count({ where: { tenantId: a.tenantId, correctsMonth: new Date('2020-03-01T00:00:00.000Z') } }),
      ).toBe(2);
    } finally {
      await second.close();
    }
    const events = await waitFor('statement.closed of March', () => {
      const march = closedEvents().filter((e) => e.data.statement.month === MAR);
      return march.length > 0 ? march : null;
    });
    expect(events).toHaveLength(1);
    // The month's row is a primary key and a scope's statement of a month unique: a second set cannot be written.
    await expect(gw.prisma.$executeRaw`INSERT INTO statement_months (month, closed_at) VALUES ('2020-03-01', now())`).rejects.toThrow(
      /statement_months_pkey|Unique constraint/,
    );
    await expect(gw.prisma.$executeRaw`
      INSERT INTO statements (id, tenant_id, customer_id, month, created_at, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
      VALUES (gen_random_uuid(), ${a.tenantId}::uuid, NULL, '2020-03-01', now(), 0, 0, 0, 0, 0, 0)`).rejects.toThrow(
      /statements_tenant_id_month_key|Unique constraint/,
    );
  });

  it('is frozen in Postgres too: no UPDATE, DELETE or TRUNCATE of a closed month, statement, line, meter line or adjustment', async () => {
    const attempts = [
      gw.prisma.$executeRaw`UPDATE statements SET calls = calls + 1 WHERE tenant_id = ${a.tenantId}::uuid`,
      gw.prisma.$executeRaw`DELETE FROM statements WHERE tenant_id = ${a.tenantId}::uuid`,
      gw.prisma.$executeRaw`UPDATE statement_lines SET customer_price_pico_usd = 0`,
      gw.prisma.$executeRaw`DELETE FROM statement_lines`,
      gw.prisma.$executeRaw`UPDATE statement_adjustments SET calls = 0 WHERE tenant_id = ${a.tenantId}::uuid`,
      gw.prisma.$executeRaw`DELETE FROM statement_adjustments WHERE tenant_id = ${a.tenantId}::uuid`,
      gw.prisma.$executeRaw`UPDATE statement_months SET closed_at = now()`,
      gw.prisma.$executeRaw`DELETE FROM statement_months`,
      gw.prisma.$executeRaw`TRUNCATE statement_adjustments`,
      gw.prisma.$executeRaw`UPDATE statement_fee_lines SET fee_pico_usd = 0`,
      gw.prisma.$executeRaw`DELETE FROM statement_fee_lines`,
      gw.prisma.$executeRaw`UPDATE statement_meter_lines SET resale_pico_usd = 0`,
      gw.prisma.$executeRaw`DELETE FROM statement_meter_lines`,
      gw.prisma.$executeRaw`TRUNCATE statement_meter_lines`,
      gw.prisma.$executeRaw`TRUNCATE statements, statement_lines, statement_meter_lines, statement_fee_lines, statement_months`,
      gw.prisma.statement.updateMany({ where: { tenantId: a.tenantId }, data: { calls: 0n } }),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(/is frozen: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    // A customer or tenant with statements cannot be removed from under them either.
    await expect(gw.prisma.customer.delete({ where: { id: customers.c1 } })).rejects.toThrow();
    expect(await januaryNow()).toEqual(januaryAsClosed);
  });

  // --- reads --------------------------------------------------------------------------------------

  it('lists the months not closed yet (open) first, then the closed statements, newest month first, in pages', async () => {
    // April has ended (by the clock) and is not closed: it holds the late March adjustments, and no usage.
    const first = await gw.reseller(a.managementKey, 'GET', '/statements?limit=3');
    expect(first.body.data.map((s: any) => [s.month, s.status, s.customer_id])).toEqual([
      [thisMonth(), 'open', null],
      [APR, 'open', null],
      [MAR, 'closed', null],
    ]);
    const april = (await gw.reseller(a.managementKey, 'GET', `/statements/${APR}`)).body;
    expect(first.body.data[1]).toEqual({
      id: null,
      tenant_id: a.tenantId,
      customer_id: null,
      month: APR,
      status: 'open',
      closed_at: null,
      usage: sums([]),
      adjustment_totals: april.adjustment_totals,
      totals: april.totals,
      plan_fee_usd: '0',
      total_usd: april.total_usd,
    });
    expect(april.adjustments.length).toBeGreaterThan(0);
    const [february, january] = await Promise.all(
      [FEB, JAN].map(async (month) => (await gw.reseller(a.managementKey, 'GET', `/statements/${month}`)).body),
    );
    const second = await gw.reseller(a.managementKey, 'GET', `/statements?limit=3&cursor=${first.body.next_cursor}`);
    const summaryOf = (statement: any) => ({
      id: statement.id,
      tenant_id: a.tenantId,
      customer_id: null,
      month: statement.month,
      status: 'closed',
      closed_at: statement.closed_at,
      usage: statement.usage,
      adjustment_totals: statement.adjustment_totals,
      totals: statement.totals,
      plan_fee_usd: '0',
      total_usd: statement.total_usd,
    });
    expect(second.body).toEqual({ data: [summaryOf(february), summaryOf(january)], next_cursor: null });
    // February's entry splits its usage from the adjustments on it, as its statement does.
    expect(usdToPicoUsd(february.adjustment_totals.customer_price_usd)).toBeGreaterThan(0n);
    // Pages of one: each open month, then on from the closed ones, without a gap or a repeat.
    const oneByOne: string[] = [];
    for (let cursor = ''; ;) {
      const page = (await gw.reseller(a.managementKey, 'GET', `/statements?limit=1${cursor}`)).body;
      oneByOne.push(...page.data.map((s: any) => s.month));
      if (!page.next_cursor) break;
      cursor = `&cursor=${page.next_cursor}`;
    }
    expect(oneByOne).toEqual([thisMonth(), APR, MAR, FEB, JAN]);
    const ofC4 = await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c4}/statements`);
    expect(ofC4.body.data.map((s: any) => [s.month, s.status])).toEqual([
      [thisMonth(), 'open'],
      [FEB, 'closed'],
    ]);
    // The operator's list: the same months, with the operator's money.
    const operators = (await gw.admin('GET', `/tenants/${a.tenantId}/statements`)).body.data;
    expect(operators.map((s: any) => [s.month, s.status])).toEqual([
      [thisMonth(), 'open'],
      [APR, 'open'],
      [MAR, 'closed'],
      [FEB, 'closed'],
      [JAN, 'closed'],
    ]);
    expect(operators[3].adjustment_totals).toMatchObject({ ...february.adjustment_totals, wholesale_usd: expect.any(String) });
    expect((await gw.reseller(a.managementKey, 'GET', '/statements?cursor=nonsense')).status).toBe(400);
  });

  it('the month in progress is open, live from the rollups, for the tenant and each customer', async () => {
    const upstream = await startUpstream((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    try {
      const live = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] });
      const key = (await gw.reseller(a.managementKey, 'POST', `/customers/${customers.c2}/keys`, {})).body.key;
      const call = await gw.call(live.slug, { key, body: {} });
      expect(call.status).toBe(200);
      await gw.auditRecord(call.headers.get('x-service-request-id')!);
      const month = new Date().toISOString().slice(0, 7);
      const ofTenant = (await gw.reseller(a.managementKey, 'GET', `/statements/${month}`)).body;
      expect(ofTenant).toMatchObject({ id: null, status: 'open', month, closed_at: null });
      expect(ofTenant.lines.find((l: any) => l.slug === live.slug)).toMatchObject({ calls: 1, customer_price_usd: '0.0015' });
      const ofCustomer = (await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c2}/statements/${month}`)).body;
      expect(ofCustomer.lines.map((l: any) => l.slug)).toContain(live.slug);
      const ofOther = (await gw.reseller(a.managementKey, 'GET', `/customers/${customers.c1}/statements/${month}`)).body;
      expect(ofOther.lines.map((l: any) => l.slug)).not.toContain(live.slug);
    } finally {
      await upstream.close();
    }
  });

  it('answers 400 to a month that is not YYYY-MM and 404 where there is no statement, another tenant’s customer included', async () => {
    for (const month of ['2020-13', '2020-1', '2020-00', '0000-01', '20-01', 'january', '2020-01-01']) {
      const res = await gw.reseller(a.managementKey, 'GET', `/statements/${month}`);
      expect([month, res.status, res.body.error.code]).toEqual([month, 400, 'invalid_request']);
    }
    const notFound = async (managementKey: string, path: string) => {
      const res = await gw.reseller(managementKey, 'GET', path);
      return [path, res.status, res.body.error?.code];
    };
    const expect404 = async (managementKey: string, path: string) =>
      expect(await notFound(managementKey, path)).toEqual([path, 404, 'resource_not_found']);
    await expect404(a.managementKey, '/statements/2999-01'); // not begun
    await expect404(a.managementKey, `/customers/${customers.idle}/statements/${JAN}`); // closed, nothing used
    await expect404(a.managementKey, `/customers/${randomUUID()}/statements/${JAN}`);
    await expect404(a.managementKey, `/customers/${randomUUID()}/statements`);
    // Another tenant's customer: exactly as one that does not exist.
    await expect404(b.managementKey, `/customers/${customers.c1}/statements/${JAN}`);
    await expect404(b.managementKey, `/customers/${customers.c1}/statements/${JAN}?format=csv`);
    await expect404(b.managementKey, `/customers/${customers.c1}/statements`);
    await expect404(a.managementKey, `/customers/${customers.ofB}/statements/${JAN}`);
    // B's own statement holds B's usage only.
    const ofB = (await gw.reseller(b.managementKey, 'GET', `/statements/${JAN}`)).body;
    expect(ofB.totals.calls).toBe(1);
    const seenByB = JSON.stringify([ofB, (await gw.reseller(b.managementKey, 'GET', '/statements')).body]);
    for (const secret of [a.tenantId, customers.c1, customers.c2, customers.c4]) expect(seenByB).not.toContain(secret);

    // The operator: any tenant, but a customer only under its own tenant.
    expect((await gw.admin('GET', `/tenants/${randomUUID()}/statements/${JAN}`)).status).toBe(404);
    expect((await gw.admin('GET', `/tenants/${randomUUID()}/statements`)).status).toBe(404);
    expect((await gw.admin('GET', `/tenants/${b.tenantId}/customers/${customers.c1}/statements/${JAN}`)).status).toBe(404);
    expect((await gw.admin('GET', `/tenants/${a.tenantId}/statements/2020-1`)).status).toBe(400);
    const ofCustomer = await gw.admin('GET', `/tenants/${a.tenantId}/customers/${customers.c1}/statements/${JAN}`);
    expect(ofCustomer.body).toMatchObject({ customer_id: customers.c1, status: 'closed', totals: { wholesale_usd: expect.any(String) } });
  });

  it('keeps the slug, category and unit a line was closed with when the catalog changes', async () => {
    await gw.prisma.$executeRaw`UPDATE catalog_endpoints SET slug = ${`${callEndpoint.slug}_renamed`} WHERE id = ${callEndpoint.id}::uuid`;
    expect(await januaryNow()).toEqual(januaryAsClosed);
    const open = (await gw.reseller(a.managementKey, 'GET', '/statements/2020-04')).body;
    expect(open.status).toBe('open');
    expect(open.adjustments.map((l: any) => l.slug)).toContain(callEndpoint.slug);
  });

  it('defines the statements queue (its runs are seeded only where STATEMENT_JOB_INTERVAL_MS is on)', async () => {
    const [{ n }] = await gw.prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM pgboss.queue WHERE name = ${`${gw.config.JOB_QUEUE_PREFIX}${STATEMENTS_QUEUE}`}`;
    expect(n).toBe(1);
    expect(gw.config.STATEMENT_JOB_INTERVAL_MS).toBe(0);
  });
});
