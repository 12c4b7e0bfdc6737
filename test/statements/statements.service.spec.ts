import { encodeCursor } from '../../src/common/pagination/cursor';
import { GatewayError, type ErrorCode } from '../../src/common/errors/error-catalog';
import { StatementCloser } from '../../src/statements/statement-closer';
import { formatMonth } from '../../src/statements/statement-month';
import { StatementsService } from '../../src/statements/statements.service';
import { newTestWorld, type TestWorld } from '../fakes/new-test-service';

/**
 * StatementsService's reads on the fakes: which months are open (the month in progress always,
 * every ended month not closed yet with something in it) and which closed, the order and pages of
 * a scope's list, and what is not found (a month not begun, a closed month with nothing in it, a
 * customer of another tenant). The same through the routes, as JSON and CSV, is
 * statements.e2e-spec.ts.
 */

const month = (text: string) => new Date(`${text}-01T00:00:00.000Z`);

describe('StatementsService', () => {
  let world: TestWorld;
  let statements: StatementsService;
  let tenantId: string;
  let customerId: string;
  let idle: string;

  beforeEach(async () => {
    world = newTestWorld();
    statements = await world.get(StatementsService);
    tenantId = (await world.repos.tenants.create({ name: 'A', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
    customerId = (await world.repos.customers.create(tenantId, { name: 'c', externalId: null, metadata: {} })).id;
    idle = (await world.repos.customers.create(tenantId, { name: 'idle', externalId: null, metadata: {} })).id;
    const endpointId = world.catalog.addEndpoint({ slug: 'infra.dns', category: 'infra', billingUnit: 'call' });
    for (const day of ['2020-01-05', '2020-02-05', '2020-03-05']) {
      world.repos.statements.recordUsage({ day, tenantId, customerId, endpointId, calls: 1n, customerPricePicoUsd: 5n });
    }
    // January and February close; March has ended but waits for the job; April is in progress.
    await (await world.get(StatementCloser)).run(new Date('2020-03-01T01:00:00.000Z'));
    world.clock.set('2020-04-15T00:00:00.000Z');
  });

  const code = (promise: Promise<unknown>): Promise<ErrorCode | 'found'> =>
    promise.then(
      () => 'found' as const,
      (err: unknown) => {
        if (err instanceof GatewayError) return err.code;
        throw err;
      },
    );

  it('lists the months not closed yet (open) first, the month in progress even empty, then the closed ones, newest month first', async () => {
    const page = await statements.list({ tenantId, customerId: null }, 10, undefined);
    expect(page.data.map((s) => [formatMonth(s.month), s.status, s.id === null])).toEqual([
      ['2020-04', 'open', true],
      ['2020-03', 'open', true],
      ['2020-02', 'closed', false],
      ['2020-01', 'closed', false],
    ]);
    expect(page.data.map((s) => s.usage.calls)).toEqual([0n, 1n, 1n, 1n]);
    expect(page.next_cursor).toBeNull();
    // A customer's list: the same months with its own figures.
    expect((await statements.list({ tenantId, customerId }, 10, undefined)).data.map((s) => [formatMonth(s.month), s.status])).toEqual([
      ['2020-04', 'open'],
      ['2020-03', 'open'],
      ['2020-02', 'closed'],
      ['2020-01', 'closed'],
    ]);
  });

  it('pages one at a time through the open months and on through the closed ones, without a gap or a repeat', async () => {
    const months: string[] = [];
    for (let cursor: string | undefined; ;) {
      const page = await statements.list({ tenantId, customerId: null }, 1, cursor);
      months.push(...page.data.map((s) => formatMonth(s.month)));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(months).toEqual(['2020-04', '2020-03', '2020-02', '2020-01']);
    const afterMarch = await statements.list(
      { tenantId, customerId: null },
      10,
      encodeCursor({ createdAt: month('2020-03'), id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }),
    );
    expect(afterMarch.data.map((s) => formatMonth(s.month))).toEqual(['2020-02', '2020-01']);
  });

  it('answers a month not closed yet live (open), a closed one from its rows, and not found for a month not begun or one with nothing in it', async () => {
    expect(await statements.get({ tenantId, customerId: null }, month('2020-03'))).toMatchObject({
      id: null,
      status: 'open',
      closedAt: null,
      lines: [{ calls: 1n }],
    });
    expect(await statements.get({ tenantId, customerId: null }, month('2020-04'))).toMatchObject({ status: 'open', lines: [] });
    expect(await statements.get({ tenantId, customerId }, month('2020-01'))).toMatchObject({
      status: 'closed',
      closedAt: new Date('2020-03-01T01:00:00.000Z'),
    });
    expect(await code(statements.get({ tenantId, customerId: null }, month('2020-05')))).toBe('resource_not_found');
    expect(await code(statements.get({ tenantId, customerId: idle }, month('2020-01')))).toBe('resource_not_found');
    // The month in progress, asked for before it began on this clock, is not begun either.
    expect(await code(statements.get({ tenantId, customerId: null }, month('2020-04'), new Date('2020-03-31T23:59:59.999Z')))).toBe(
      'resource_not_found',
    );
  });

  it("finds nothing of another tenant's customer, of an unknown customer or tenant: not found, never forbidden", async () => {
    const other = (await world.repos.tenants.create({ name: 'B', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
    const unknown = world.db.id();
    expect(await code(statements.get({ tenantId: other, customerId }, month('2020-01')))).toBe('resource_not_found');
    expect(await code(statements.list({ tenantId: other, customerId }, 10, undefined))).toBe('resource_not_found');
    expect(await code(statements.get({ tenantId, customerId: unknown }, month('2020-01')))).toBe('resource_not_found');
    expect(await code(statements.list({ tenantId: unknown, customerId: null }, 10, undefined))).toBe('resource_not_found');
    // B's own list holds its month in progress only.
    expect(
      (await statements.list({ tenantId: other, customerId: null }, 10, undefined)).data.map((s) => [formatMonth(s.month), s.usage.calls]),
    ).toEqual([['2020-04', 0n]]);
  });
});
