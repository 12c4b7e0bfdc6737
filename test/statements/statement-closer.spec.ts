import { AdminTenantsService } from '../../src/admin/tenants/admin-tenants.service';
import { PlansService } from '../../src/plans/plans.service';
import { StatementCloser } from '../../src/statements/statement-closer';
import { StatementsService } from '../../src/statements/statements.service';
import type { UsageSums } from '../../src/statements/statement';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { newTestWorld, type TestWorld } from '../fakes/new-test-service';
import { ADMIN_TOKEN_ACTOR } from '../support/actors';

/**
 * The statement closer's rules on the fakes (whose closing and reconciliation are held to the SQL's
 * by the contract tests), with the `now` each step needs: months close once their grace period is
 * over, in order, once; statement.closed is announced once per tenant statement; late usage becomes
 * adjustments on the next month to close, never a change to a closed one, found once; only the
 * latest closed months are reconciled. Statements from real audit records, their JSON and CSV, and
 * two closers racing are statements.e2e-spec.ts on Postgres.
 */

const JAN = new Date('2020-01-01T00:00:00.000Z');
const FEB = new Date('2020-02-01T00:00:00.000Z');
const MAR = new Date('2020-03-01T00:00:00.000Z');
const calls = (n: number, price: bigint): Partial<UsageSums> => ({
  calls: BigInt(n),
  quantity: BigInt(n),
  wholesalePicoUsd: 10n * BigInt(n),
  resalePicoUsd: 15n * BigInt(n),
  customerPricePicoUsd: price * BigInt(n),
});

describe('StatementCloser', () => {
  let world: TestWorld;
  let closer: StatementCloser;
  let statements: StatementsService;
  let tenantId: string;
  let c1: string;
  let c4: string;
  let endpointId: string;

  beforeEach(async () => {
    world = newTestWorld();
    closer = await world.get(StatementCloser);
    statements = await world.get(StatementsService);
    tenantId = (await world.repos.tenants.create({ name: 'A', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
    c1 = (await world.repos.customers.create(tenantId, { name: 'c1', externalId: null, metadata: {} })).id;
    c4 = (await world.repos.customers.create(tenantId, { name: 'c4', externalId: null, metadata: {} })).id;
    endpointId = world.catalog.addEndpoint({ slug: 'infra.dns', category: 'infra', billingUnit: 'call' });
  });

  const usage = (day: string, customerId: string | null, sums: Partial<UsageSums>) =>
    world.repos.statements.recordUsage({ day, tenantId, customerId, endpointId, ...sums });
  const ofTenant = { customerId: null };

  it('keeps a month open through its grace period, closes it once the grace is over, and once only', async () => {
    usage('2020-01-03', null, calls(2, 20n));
    usage('2020-01-31', c1, calls(1, 20n));
    usage('2020-02-01', c1, calls(1, 7n));
    // 30 minutes after January ended, with the default 60 minutes of grace: nothing is due.
    expect(await closer.run(new Date('2020-02-01T00:30:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    expect(await statements.get({ tenantId, ...ofTenant }, JAN, new Date('2020-02-01T00:30:00.000Z'))).toMatchObject({
      id: null,
      status: 'open',
      closedAt: null,
      lines: [{ slug: 'infra.dns', calls: 3n, customerPricePicoUsd: 60n }],
    });

    expect(await closer.run(new Date('2020-02-01T01:00:00.000Z'))).toEqual({ closed: ['2020-01'], adjustments: 0 });
    const closed = await statements.get({ tenantId, ...ofTenant }, JAN, new Date('2020-02-01T01:00:00.000Z'));
    expect(closed).toMatchObject({ status: 'closed', closedAt: new Date('2020-02-01T01:00:00.000Z'), lines: [{ calls: 3n }] });
    expect(await statements.get({ tenantId, customerId: c1 }, JAN)).toMatchObject({ status: 'closed', lines: [{ calls: 1n }] });
    // Closing again (another run, the same time or later) writes nothing more.
    expect(await closer.run(new Date('2020-02-01T01:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    expect(await closer.run(new Date('2020-02-05T00:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    expect(world.db.tables.statements.filter((s) => s.tenantId === tenantId)).toHaveLength(2);
  });

  it('closes every month that is due, in order, from the first month with usage, empty months included', async () => {
    usage('2020-01-10', null, calls(1, 5n));
    usage('2020-03-10', null, calls(1, 5n));
    expect(await closer.run(new Date('2020-04-01T01:00:00.000Z'))).toEqual({ closed: ['2020-01', '2020-02', '2020-03'], adjustments: 0 });
    expect(world.db.tables.statementMonths.map((m) => m.month)).toEqual([JAN, FEB, MAR]);
    expect(world.db.tables.statements.map((s) => s.month)).toEqual([JAN, MAR]);
    // Nothing at all: nothing to close.
    const empty = newTestWorld();
    expect(await (await empty.get(StatementCloser)).run(new Date('2020-04-01T01:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
  });

  it("announces statement.closed once per tenant statement (none for its customers'), with its totals, plan fee and where to read it", async () => {
    const webhooks = await world.get(WebhooksService);
    await webhooks.create(tenantId, { url: 'https://hooks.example.com/in', events: ['statement.closed'] });
    usage('2020-01-03', null, calls(2, 20n));
    usage('2020-01-04', c1, { ...calls(1, 20n), errors: 1n });
    await closer.run(new Date('2020-02-01T01:00:00.000Z'));
    await closer.run(new Date('2020-02-02T01:00:00.000Z'));
    const deliveries = await webhooks.listDeliveries(tenantId, 10, undefined, { event: 'statement.closed' });
    expect(deliveries).toHaveLength(1);
    const statement = await statements.get({ tenantId, ...ofTenant }, JAN);
    expect(deliveries[0].data).toEqual({
      statement: {
        id: statement.id,
        month: '2020-01',
        closed_at: '2020-02-01T01:00:00.000Z',
        totals: {
          calls: 3,
          errors: 1,
          customer_price_usd: '0.00000000006',
          resale_usd: '0.000000000045',
          reseller_margin_usd: '0.000000000015',
        },
        plan_fee_usd: '0',
        total_usd: '0.000000000045',
        customer_statements: 1,
        url: '/api/reseller/v1/statements/2020-01',
      },
    });
  });

  it('records late usage of a closed month as adjustments on the next month (pending while it is open), never on the closed month; found once; carried to its close', async () => {
    usage('2020-01-03', c1, calls(1, 20n));
    await closer.run(new Date('2020-02-01T01:00:00.000Z'));
    const januaryAsClosed = await statements.get({ tenantId, ...ofTenant }, JAN);
    // Records of January that land after it closed, of c1 and of c4 (which had no January statement).
    usage('2020-01-20', c1, calls(2, 20n));
    usage('2020-01-20', c4, calls(1, 30n));
    usage('2020-02-05', c1, calls(1, 20n));

    // Tenant: one row; c1 and c4: one each.
    expect(await closer.run(new Date('2020-02-10T00:00:00.000Z'))).toEqual({ closed: [], adjustments: 3 });
    expect(await closer.run(new Date('2020-02-11T00:00:00.000Z'))).toEqual({ closed: [], adjustments: 0 });
    expect(await statements.get({ tenantId, ...ofTenant }, JAN)).toEqual(januaryAsClosed);

    const february = await statements.get({ tenantId, ...ofTenant }, FEB, new Date('2020-02-11T00:00:00.000Z'));
    expect(february).toMatchObject({
      status: 'open',
      lines: [{ calls: 1n }],
      adjustments: [
        { slug: 'infra.dns', calls: 3n, customerPricePicoUsd: 70n, correctsMonth: JAN, foundAt: new Date('2020-02-10T00:00:00.000Z') },
      ],
    });
    // February closes with them on it: c4, with only adjustments, gets a statement too.
    expect(await closer.run(new Date('2020-03-01T01:00:00.000Z'))).toEqual({ closed: ['2020-02'], adjustments: 0 });
    expect(await statements.get({ tenantId, customerId: c4 }, FEB)).toMatchObject({
      status: 'closed',
      lines: [],
      adjustments: [{ calls: 1n, customerPricePicoUsd: 30n }],
    });
    expect(await statements.get({ tenantId, ...ofTenant }, JAN)).toEqual(januaryAsClosed);
  });

  it('reconciles the latest three closed months only', async () => {
    usage('2020-01-03', null, calls(1, 1n));
    await closer.run(new Date('2020-05-01T01:00:00.000Z'));
    // January is the fourth-latest closed month now: a late record of it stays out; one of February is found.
    usage('2020-01-20', null, calls(1, 1n));
    usage('2020-02-20', null, calls(1, 1n));
    expect(await closer.run(new Date('2020-05-02T00:00:00.000Z'))).toEqual({ closed: [], adjustments: 1 });
    expect(
      (await statements.get({ tenantId, ...ofTenant }, new Date('2020-05-01T00:00:00.000Z'), new Date('2020-05-02T00:00:00.000Z')))
        .adjustments,
    ).toEqual([expect.objectContaining({ correctsMonth: FEB, calls: 1n })]);
  });

  it("closes a tenant's month with the fee of each plan it held, prorated, even without usage; an open month counts the plan held now to its end", async () => {
    const plans = await world.get(PlansService);
    const tenants = await world.get(AdminTenantsService);
    const plan = (name: string, fee: bigint) =>
      plans.create(
        {
          name,
          description: '',
          monthlyFeePicoUsd: fee,
          resaleDiscountBps: 0,
          requestLimitPerWindow: null,
          defaultMonthlySpendCapPicoUsd: null,
          allowedCategories: [],
          public: true,
          defaultForSignups: false,
        },
        ADMIN_TOKEN_ACTOR,
      );
    const basic = await plan('Basic', 30_000_000_000_000n);
    const pro = await plan('Pro', 100_000_000_000_000n);
    world.clock.set(JAN);
    const p = (await tenants.create(ADMIN_TOKEN_ACTOR, { name: 'P', kind: 'reseller', plan_id: basic.id })).id;
    world.clock.set('2020-01-10T12:00:00.000Z');
    await tenants.update(ADMIN_TOKEN_ACTOR, p, { plan_id: pro.id });

    expect(await closer.run(new Date('2020-02-01T01:00:00.000Z'))).toEqual({ closed: ['2020-01'], adjustments: 0 });
    const january = await statements.get({ tenantId: p, customerId: null }, JAN);
    expect(january).toMatchObject({ status: 'closed', lines: [] });
    expect(january.planFees.map((f) => [f.planId, f.from.toISOString(), f.until.toISOString(), f.feePicoUsd])).toEqual([
      [basic.id, '2020-01-01T00:00:00.000Z', '2020-01-10T12:00:00.000Z', 9_193_548_387_096n],
      [pro.id, '2020-01-10T12:00:00.000Z', '2020-02-01T00:00:00.000Z', 69_354_838_709_677n],
    ]);
    const february = await statements.get({ tenantId: p, customerId: null }, FEB, new Date('2020-02-03T00:00:00.000Z'));
    expect(february.planFees.map((f) => [f.planId, f.until.toISOString(), f.feePicoUsd])).toEqual([
      [pro.id, '2020-03-01T00:00:00.000Z', 100_000_000_000_000n],
    ]);
  });
});
