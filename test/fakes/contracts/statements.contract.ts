import { randomUUID } from 'node:crypto';
import type { PlanFeeLine } from '../../../src/plans/plan-fees';
import type { StatementSlugLine, UsageSums } from '../../../src/statements/statement';
import { ZERO_SUMS } from '../../../src/statements/statement';
import { anyId, describeContract, type Subject, type UsageSeed } from './contract';

/**
 * StatementsRepository and its fake, on months of 2190 (and usage of 1901 for the first-usage
 * month): nothing else in a shared database is there, and on Postgres the test's transaction is
 * rolled back, so these closed months never exist for the other suites.
 */

const JAN = new Date('2190-01-01T00:00:00.000Z');
const FEB = new Date('2190-02-01T00:00:00.000Z');
const MAR = new Date('2190-03-01T00:00:00.000Z');
/** 2^52 + 1 pico-USD: two of them pass 2^53. */
const BIG = 4_503_599_627_370_497n;

const sums = (calls: number, errors: number, quantity: bigint, w: bigint, r: bigint, c: bigint): UsageSums => ({
  calls: BigInt(calls),
  errors: BigInt(errors),
  quantity,
  wholesalePicoUsd: w,
  resalePicoUsd: r,
  customerPricePicoUsd: c,
});

const add = (a: UsageSums, b: UsageSums): UsageSums => ({
  calls: a.calls + b.calls,
  errors: a.errors + b.errors,
  quantity: a.quantity + b.quantity,
  wholesalePicoUsd: a.wholesalePicoUsd + b.wholesalePicoUsd,
  resalePicoUsd: a.resalePicoUsd + b.resalePicoUsd,
  customerPricePicoUsd: a.customerPricePicoUsd + b.customerPricePicoUsd,
});

const usageOf = (row: UsageSeed): UsageSums =>
  sums(
    Number(row.calls ?? 0n),
    Number(row.errors ?? 0n),
    row.quantity ?? 0n,
    row.wholesalePicoUsd ?? 0n,
    row.resalePicoUsd ?? 0n,
    row.customerPricePicoUsd ?? 0n,
  );

/** The world of these tests: two resellers with customers, a tenant with only a plan fee, two catalog endpoints, January's usage. */
async function january(subject: Subject) {
  const { seed } = subject;
  const call = await seed.catalogEndpoint({ category: 'infra', billingUnit: 'call' });
  const tokens = await seed.catalogEndpoint({ category: 'text', billingUnit: 'tokens_1k' });
  const a = await seed.tenant();
  const b = await seed.tenant();
  const p = await seed.tenant();
  const c1 = await seed.customer(a.id);
  const c2 = await seed.customer(a.id);
  const idle = await seed.customer(a.id);
  const b1 = await seed.customer(b.id);
  const rows: UsageSeed[] = [
    // A's own keys, a call that named no endpoint, one of another tenant's customer (in A's statement only).
    {
      day: '2190-01-03',
      tenantId: a.id,
      endpointId: call.id,
      calls: 2n,
      quantity: 2n,
      wholesalePicoUsd: 20n,
      resalePicoUsd: 30n,
      customerPricePicoUsd: 30n,
    },
    { day: '2190-01-03', tenantId: a.id, endpointId: null, calls: 1n, errors: 1n },
    {
      day: '2190-01-05',
      tenantId: a.id,
      customerId: b1.id,
      endpointId: call.id,
      calls: 1n,
      quantity: 1n,
      wholesalePicoUsd: 1n,
      resalePicoUsd: 1n,
      customerPricePicoUsd: 1n,
    },
    {
      day: '2190-01-10',
      tenantId: a.id,
      customerId: c1.id,
      endpointId: call.id,
      calls: 3n,
      quantity: 3n,
      wholesalePicoUsd: 30n,
      resalePicoUsd: 45n,
      customerPricePicoUsd: 60n,
      meters: [{ meter: 'calls', quantity: 3n, wholesalePicoUsd: 30n, resalePicoUsd: 45n, customerPricePicoUsd: 60n }],
    },
    {
      day: '2190-01-31',
      tenantId: a.id,
      customerId: c1.id,
      endpointId: tokens.id,
      calls: 2n,
      quantity: 5555n,
      wholesalePicoUsd: 111_100n,
      resalePicoUsd: 166_650n,
      customerPricePicoUsd: 2n * BIG,
      meters: [
        { meter: 'input_tokens', quantity: 5000n, wholesalePicoUsd: 100_000n, resalePicoUsd: 150_000n, customerPricePicoUsd: BIG },
        { meter: 'output_tokens', quantity: 555n, wholesalePicoUsd: 11_100n, resalePicoUsd: 16_650n, customerPricePicoUsd: BIG },
      ],
    },
    {
      day: '2190-01-15',
      tenantId: a.id,
      customerId: c2.id,
      endpointId: tokens.id,
      calls: 2n,
      errors: 1n,
      quantity: 100n,
      wholesalePicoUsd: 7n,
      resalePicoUsd: 11n,
      customerPricePicoUsd: 13n,
    },
    {
      day: '2190-01-15',
      tenantId: b.id,
      customerId: b1.id,
      endpointId: call.id,
      calls: 1n,
      quantity: 1n,
      wholesalePicoUsd: 10n,
      resalePicoUsd: 15n,
      customerPricePicoUsd: 20n,
    },
    // Usage under no tenant (no valid key): in no statement.
    { day: '2190-01-20', tenantId: randomUUID(), endpointId: call.id, calls: 5n, quantity: 5n },
    // February: not January's.
    {
      day: '2190-02-01',
      tenantId: a.id,
      customerId: c1.id,
      endpointId: call.id,
      calls: 1n,
      quantity: 1n,
      customerPricePicoUsd: 7n,
      resalePicoUsd: 5n,
    },
  ];
  for (const row of rows) await seed.usage(row);
  const fee: PlanFeeLine = {
    planId: null,
    planName: 'Pro',
    monthlyFeePicoUsd: 100_000n,
    from: new Date('2190-01-10T12:00:00.000Z'),
    until: FEB,
    feePicoUsd: 69_354n,
  };
  const fees = new Map<string, PlanFeeLine[]>([
    [p.id, [{ ...fee, planName: 'Basic', monthlyFeePicoUsd: 30_000n, from: JAN, until: fee.from, feePicoUsd: 9_193n }, fee]],
    [randomUUID(), [fee]], // a tenant that does not exist: no statement
  ]);
  return { call, tokens, a, b, p, c1, c2, idle, b1, rows, fees };
}

/** What a scope's lines of these rows are: by endpoint, summed (the line figures only). */
function linesOf(rows: UsageSeed[], describe: (endpointId: string | null) => Pick<StatementSlugLine, 'slug' | 'category' | 'billingUnit'>) {
  const byEndpoint = new Map<string | null, UsageSums>();
  for (const row of rows) byEndpoint.set(row.endpointId ?? null, add(byEndpoint.get(row.endpointId ?? null) ?? ZERO_SUMS, usageOf(row)));
  return [...byEndpoint].map(([endpointId, s]) => ({ endpointId, ...describe(endpointId), ...s }));
}

export function statementsRepositoryContract(): void {
  describeContract('StatementsRepository', (run) => {
    it('closes a month: a statement per tenant and per customer with usage or a fee, lines with the catalog’s slug and meters, fee lines; once', () =>
      run(async (subject) => {
        const { repos } = subject;
        const w = await january(subject);
        const describe = (id: string | null) =>
          id === w.call.id
            ? { slug: w.call.slug, category: 'infra' as const, billingUnit: 'call' as const }
            : id === w.tokens.id
              ? { slug: w.tokens.slug, category: 'text' as const, billingUnit: 'tokens_1k' as const }
              : { slug: null, category: null, billingUnit: null };
        const closedAt = new Date('2190-02-01T01:00:00.000Z');
        expect(await repos.statements.locked((tx) => repos.statements.closeMonth(tx, JAN, closedAt, w.fees))).toBe(6);
        expect(await repos.statements.lastClosedMonth()).toEqual(JAN);
        expect(
          (await subject.refusal(() => repos.statements.locked((tx) => repos.statements.closeMonth(tx, JAN, closedAt, new Map())))).code,
        ).toBe('P2002');

        const inJanuary = w.rows.filter((r) => r.day.startsWith('2190-01'));
        const bySlugThenEndpoint = (
          x: { slug: string | null; endpointId: string | null },
          y: { slug: string | null; endpointId: string | null },
        ) =>
          x.slug !== y.slug
            ? x.slug === null
              ? 1
              : y.slug === null
                ? -1
                : x.slug < y.slug
                  ? -1
                  : 1
            : (x.endpointId ?? '') < (y.endpointId ?? '')
              ? -1
              : 1;
        const ofA = await repos.statements.findStatement({ tenantId: w.a.id, customerId: null }, JAN);
        expect(ofA).toEqual({
          id: anyId,
          closedAt,
          lines: linesOf(
            inJanuary.filter((r) => r.tenantId === w.a.id),
            describe,
          )
            .sort(bySlugThenEndpoint)
            .map((line) => ({
              ...line,
              meters:
                line.endpointId === w.call.id
                  ? [{ meter: 'calls', quantity: 3n, wholesalePicoUsd: 30n, resalePicoUsd: 45n, customerPricePicoUsd: 60n }]
                  : line.endpointId === w.tokens.id
                    ? [
                        {
                          meter: 'input_tokens',
                          quantity: 5000n,
                          wholesalePicoUsd: 100_000n,
                          resalePicoUsd: 150_000n,
                          customerPricePicoUsd: BIG,
                        },
                        {
                          meter: 'output_tokens',
                          quantity: 555n,
                          wholesalePicoUsd: 11_100n,
                          resalePicoUsd: 16_650n,
                          customerPricePicoUsd: BIG,
                        },
                      ]
                    : [],
            })),
          planFees: [],
        });
        const ofC1 = await repos.statements.findStatement({ tenantId: w.a.id, customerId: w.c1.id }, JAN);
        expect(ofC1!.lines.map(({ meters: _m, ...line }) => line)).toEqual(
          linesOf(
            inJanuary.filter((r) => r.customerId === w.c1.id),
            describe,
          ).sort(bySlugThenEndpoint),
        );
        expect(ofC1!.lines.find((l) => l.endpointId === w.tokens.id)!.customerPricePicoUsd).toBe(2n * BIG);
        expect(await repos.statements.findStatement({ tenantId: w.a.id, customerId: w.idle.id }, JAN)).toBeNull();
        expect(await repos.statements.findStatement({ tenantId: w.a.id, customerId: w.b1.id }, JAN)).toBeNull();
        expect(await repos.statements.findStatement({ tenantId: w.a.id, customerId: null }, FEB)).toBeNull();
        const ofP = await repos.statements.findStatement({ tenantId: w.p.id, customerId: null }, JAN);
        expect(ofP).toMatchObject({ lines: [], planFees: w.fees.get(w.p.id) });

        const tenants = (await repos.statements.locked((tx) => repos.statements.tenantStatementsOf(tx, JAN))).filter((s) =>
          [w.a.id, w.b.id, w.p.id].includes(s.tenantId),
        );
        expect(tenants.map((s) => s.tenantId)).toEqual([w.a.id, w.b.id, w.p.id].sort());
        const ofAClosed = tenants.find((s) => s.tenantId === w.a.id)!;
        expect(ofAClosed).toEqual({
          id: ofA!.id,
          tenantId: w.a.id,
          closedAt,
          usage: inJanuary
            .filter((r) => r.tenantId === w.a.id)
            .map(usageOf)
            .reduce(add),
          adjustments: ZERO_SUMS,
          planFeePicoUsd: 0n,
          customerStatements: 2,
        });
        expect(tenants.find((s) => s.tenantId === w.p.id)).toMatchObject({
          usage: ZERO_SUMS,
          planFeePicoUsd: 9_193n + 69_354n,
          customerStatements: 0,
        });

        expect(await repos.statements.list({ tenantId: w.a.id, customerId: null }, 10, undefined)).toEqual([
          { id: ofA!.id, tenantId: w.a.id, customerId: null, month: JAN, closedAt, usage: ofAClosed.usage, planFeePicoUsd: 0n },
        ]);
        expect((await repos.statements.list({ tenantId: w.a.id, customerId: w.c2.id }, 10, undefined)).map((s) => s.usage)).toEqual([
          inJanuary
            .filter((r) => r.customerId === w.c2.id)
            .map(usageOf)
            .reduce(add),
        ]);
        expect(await repos.statements.locked((tx) => repos.statements.tenantsOutOfBalance(tx, JAN))).not.toEqual(
          expect.arrayContaining([w.a.id]),
        );
      }));

    it('reconciles a closed month: late usage makes the tenant out of balance and becomes adjustments on the next month, once; carried to its close', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const w = await january(subject);
        await repos.statements.locked((tx) => repos.statements.closeMonth(tx, JAN, new Date('2190-02-01T01:00:00.000Z'), new Map()));
        const outOfBalance = () =>
          repos.statements.locked(async (tx) =>
            (await repos.statements.tenantsOutOfBalance(tx, JAN)).filter((t) => [w.a.id, w.b.id].includes(t)),
          );
        expect(await outOfBalance()).toEqual([]);
        // Late January records (a spill file replayed): the tenant's own, c1's, and idle's (a customer with no statement).
        await seed.usage({
          day: '2190-01-20',
          tenantId: w.a.id,
          customerId: w.c1.id,
          endpointId: w.call.id,
          calls: 2n,
          quantity: 2n,
          customerPricePicoUsd: 8n,
        });
        await seed.usage({ day: '2190-01-20', tenantId: w.a.id, endpointId: w.tokens.id, calls: 1n, quantity: 500n, resalePicoUsd: 15n });
        await seed.usage({
          day: '2190-01-21',
          tenantId: w.a.id,
          customerId: w.idle.id,
          endpointId: w.call.id,
          calls: 1n,
          quantity: 1n,
          customerPricePicoUsd: 3n,
        });
        expect(await outOfBalance()).toEqual([w.a.id]);
        const foundAt = new Date('2190-02-10T00:00:00.000Z');
        // Tenant: call and tokens endpoints; c1: call; idle: call.
        expect(await repos.statements.locked((tx) => repos.statements.recordAdjustments(tx, JAN, FEB, [w.a.id], foundAt))).toBe(4);
        expect(await outOfBalance()).toEqual([]);
        expect(await repos.statements.locked((tx) => repos.statements.recordAdjustments(tx, JAN, FEB, [w.a.id], foundAt))).toBe(0);

        const found = { correctsMonth: JAN, foundAt };
        const adjustmentsOfA = await repos.statements.adjustmentsOn({ tenantId: w.a.id, customerId: null }, FEB);
        expect(adjustmentsOfA).toEqual(
          [
            { endpointId: w.call.id, slug: w.call.slug, category: 'infra', billingUnit: 'call', ...sums(3, 0, 3n, 0n, 0n, 11n), ...found },
            {
              endpointId: w.tokens.id,
              slug: w.tokens.slug,
              category: 'text',
              billingUnit: 'tokens_1k',
              ...sums(1, 0, 500n, 0n, 15n, 0n),
              ...found,
            },
          ].sort((x, y) => (x.slug < y.slug ? -1 : 1)),
        );
        expect(await repos.statements.adjustmentsOn({ tenantId: w.a.id, customerId: w.idle.id }, FEB)).toEqual([
          { endpointId: w.call.id, slug: w.call.slug, category: 'infra', billingUnit: 'call', ...sums(1, 0, 1n, 0n, 0n, 3n), ...found },
        ]);
        expect(await repos.statements.adjustmentsOn({ tenantId: w.a.id, customerId: null }, JAN)).toEqual([]);
        expect([...(await repos.statements.adjustmentSums({ tenantId: w.a.id, customerId: null }, [JAN, FEB]))]).toEqual([
          ['2190-02-01', sums(4, 0, 503n, 0n, 15n, 11n)],
        ]);

        // February closes with them: idle gets a statement with adjustments only; the adjustments are on the tenant's.
        await repos.statements.locked((tx) => repos.statements.closeMonth(tx, FEB, new Date('2190-03-01T01:00:00.000Z'), new Map()));
        expect(await repos.statements.findStatement({ tenantId: w.a.id, customerId: w.idle.id }, FEB)).toMatchObject({ lines: [] });
        const februaryOfA = (await repos.statements.locked((tx) => repos.statements.tenantStatementsOf(tx, FEB))).find(
          (s) => s.tenantId === w.a.id,
        );
        expect(februaryOfA).toMatchObject({ adjustments: sums(4, 0, 503n, 0n, 15n, 11n), customerStatements: 2 });
      }));

    it('sums the months not closed yet (usage and adjustments so far) and gives a month’s live lines with meters, for the tenant and a customer', () =>
      run(async (subject) => {
        const { repos } = subject;
        const w = await january(subject);
        const tenant = { tenantId: w.a.id, customerId: null };
        const ofC1 = { tenantId: w.a.id, customerId: w.c1.id };
        const open = await repos.statements.openMonthSums(tenant, null);
        const inMonth = (prefix: string, keep: (r: UsageSeed) => boolean) =>
          w.rows
            .filter((r) => r.day.startsWith(prefix) && keep(r))
            .map(usageOf)
            .reduce(add);
        expect([...open].sort()).toEqual([
          ['2190-01-01', { usage: inMonth('2190-01', (r) => r.tenantId === w.a.id), adjustments: ZERO_SUMS }],
          ['2190-02-01', { usage: inMonth('2190-02', (r) => r.tenantId === w.a.id), adjustments: ZERO_SUMS }],
        ]);
        expect([...(await repos.statements.openMonthSums(ofC1, JAN))]).toEqual([
          ['2190-02-01', { usage: inMonth('2190-02', (r) => r.customerId === w.c1.id), adjustments: ZERO_SUMS }],
        ]);
        expect([...(await repos.statements.openMonthSums(tenant, FEB))]).toEqual([]);

        const live = await repos.statements.liveLines(ofC1, JAN);
        expect(live.map((l) => [l.slug, l.calls, l.customerPricePicoUsd, l.meters?.map((m) => m.meter)])).toEqual(
          [
            [w.call.slug, 3n, 60n, ['calls']],
            [w.tokens.slug, 2n, 2n * BIG, ['input_tokens', 'output_tokens']],
          ].sort((x, y) => ((x[0] as string) < (y[0] as string) ? -1 : 1)),
        );
        const ofTenant = await repos.statements.liveLines(tenant, JAN);
        expect(ofTenant.at(-1)).toEqual({
          endpointId: null,
          slug: null,
          category: null,
          billingUnit: null,
          ...sums(1, 1, 0n, 0n, 0n, 0n),
          meters: [],
        });
        expect(ofTenant.find((l) => l.endpointId === w.call.id)).toMatchObject({ calls: 6n, meters: [{ meter: 'calls', quantity: 3n }] });
        expect(await repos.statements.liveLines(tenant, MAR)).toEqual([]);
      }));

    it('knows the closed months (the last, the latest few) and the first month with usage or a paid plan', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        await seed.usage({ day: '1901-02-17', tenantId: tenant.id, calls: 1n });
        // Usage under no tenant starts nothing.
        await seed.usage({ day: '1901-01-05', tenantId: randomUUID(), calls: 1n });
        expect(await repos.statements.locked((tx) => repos.statements.firstUsageMonth(tx))).toEqual(new Date('1901-02-01T00:00:00.000Z'));
        for (const month of [JAN, FEB, MAR])
          await repos.statements.locked((tx) => repos.statements.closeMonth(tx, month, new Date(), new Map()));
        expect(await repos.statements.lastClosedMonth()).toEqual(MAR);
        expect(await repos.statements.locked((tx) => repos.statements.recentClosedMonths(tx, 2))).toEqual([MAR, FEB]);
        expect(await repos.statements.locked((tx) => repos.statements.recentClosedMonths(tx, 3))).toEqual([MAR, FEB, JAN]);
      }));

    it('runs work holding the lock and gives its answer; undoes it when it throws', () =>
      run(async (subject) => {
        const { repos } = subject;
        expect(await repos.statements.locked(async () => 'done')).toBe('done');
        const tenant = await subject.seed.tenant();
        await subject.seed.usage({ day: '2190-01-02', tenantId: tenant.id, calls: 1n });
        await subject.refusal(() =>
          repos.statements.locked(async (tx) => {
            await repos.statements.closeMonth(tx, JAN, new Date(), new Map());
            throw new Error('publishing failed');
          }),
        );
        expect(await repos.statements.findStatement({ tenantId: tenant.id, customerId: null }, JAN)).toBeNull();
        expect(await repos.statements.lastClosedMonth()).not.toEqual(JAN);
      }));
  });
}
