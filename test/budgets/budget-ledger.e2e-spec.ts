import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AuditBatchLedger, AuditRecord } from '../../src/audit/audit-record';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { BudgetLedger } from '../../src/budgets/budget-ledger';
import { budgetPeriodOf, LIFETIME_START } from '../../src/budgets/budget-period';
import { budgetStateKey } from '../../src/budgets/budget-state-key';
import { BudgetsRepository } from '../../src/budgets/budgets.repository';
import { BudgetsService } from '../../src/budgets/budgets.service';
import type { BudgetPeriod, BudgetSubject } from '../../src/generated/prisma/enums';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../src/rate-limit/rate-limit.types';
import { auditRecord } from '../support/audit-fixtures';
import { deferred } from '../support/deferred';
import { insertLikeTheWriter as retryLikeTheWriter } from '../support/audit-insert';
import { GatewayHarness } from '../support/gateway-harness';
import { backendPid, sessionsBlockedBy } from '../support/lock-waits';

/**
 * The budget ledger is booked in the statement that inserts each audit batch (the real
 * PostgresAuditSink with the real BudgetLedger), so it equals the audit trail: a batch inserted
 * twice (a retry after a lost response) adds once, batches racing on the same budgets add each
 * record once, and a record whose budget was deleted meanwhile is inserted and counted nowhere.
 * Once a batch committed, the store gets the ledger's figures and the holds of its calls go.
 */
describe('budget ledger: equal to the audit trail, retried and racing batches included', () => {
  let gw: GatewayHarness;
  let ledger: BudgetLedger;
  let budgets: BudgetsService;
  let store: RateLimitStore;
  let sink: PostgresAuditSink;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ledger = gw.app.get(BudgetLedger);
    budgets = gw.app.get(BudgetsService);
    store = gw.app.get<RateLimitStore>(RATE_LIMIT_STORE);
    sink = new PostgresAuditSink(gw.prisma.pool, ledger);
  });

  afterAll(async () => {
    await gw.close();
    // This gateway's own Redis keys (the server is shared: only its prefix).
    const client = new Redis(gw.config.REDIS_URL!);
    const keys = await client.keys(`${gw.config.REDIS_KEY_PREFIX}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
  });

  /** A tenant with a key budget, a customer budget and a tenant budget (lifetime unless told), on subjects of its own. */
  async function tenantWithBudgets(period: BudgetPeriod = 'none') {
    const { tenantId } = await gw.createReseller();
    const keyId = randomUUID();
    const customerId = randomUUID();
    const put = async (subject: BudgetSubject, subjectId: string) =>
      (await budgets.put(tenantId, subject, subjectId, period, 1_000_000n * 1_000_000_000_000n)).budget.id;
    return {
      tenantId,
      keyId,
      customerId,
      key: await put('key', keyId),
      customer: await put('customer', customerId),
      tenant: await put('tenant', tenantId),
    };
  }
  type Budgets = Awaited<ReturnType<typeof tenantWithBudgets>>;

  /** A call's record that held all three budgets; amounts distinct per record (so a double count shows), in whole nano-USD (what the Redis store keeps). */
  let n = 0;
  const record = (b: Budgets, changes: Partial<AuditRecord> = {}): AuditRecord => {
    n += 1;
    return auditRecord({
      tenantId: b.tenantId,
      customerId: b.customerId,
      apiKeyId: b.keyId,
      resalePicoUsd: 1_000_007_000n * BigInt(n),
      customerPricePicoUsd: 2_000_011_000n * BigInt(n),
      keyBudgetId: b.key,
      customerBudgetId: b.customer,
      tenantBudgetId: b.tenant,
      ...changes,
    });
  };

  /** Every ledger row of a budget: period start (ISO) → spend. */
  const ledgerOf = async (budgetId: string) => {
    const rows = await gw.prisma.budgetSpend.findMany({ where: { budgetId }, orderBy: { periodStart: 'asc' } });
    return Object.fromEntries(rows.map((r) => [r.periodStart.toISOString(), r.spentPicoUsd]));
  };

  /** The ledger rows with a spend (a budget put today starts its current period's row at 0). */
  const spentPeriodsOf = async (budgetId: string) =>
    Object.fromEntries(Object.entries(await ledgerOf(budgetId)).filter(([, spent]) => spent !== 0n));

  /** What the audit trail says each of the three budgets spent (a tenant budget the resale figure, the others the customer price). */
  const auditSums = async (b: Budgets) => {
    const [row] = await gw.prisma.$queryRaw<Array<{ key: string; customer: string; tenant: string }>>`
      SELECT coalesce(sum(customer_price_pico_usd) FILTER (WHERE key_budget_id = ${b.key}::uuid), 0)::text AS key,
             coalesce(sum(customer_price_pico_usd) FILTER (WHERE customer_budget_id = ${b.customer}::uuid), 0)::text AS customer,
             coalesce(sum(resale_pico_usd) FILTER (WHERE tenant_budget_id = ${b.tenant}::uuid), 0)::text AS tenant
      FROM audit_records WHERE tenant_id = ${b.tenantId}::uuid`;
    return { key: BigInt(row.key), customer: BigInt(row.customer), tenant: BigInt(row.tenant) };
  };
  const sumOf = (records: AuditRecord[]) => ({
    key: records.reduce((s, r) => s + r.customerPricePicoUsd, 0n),
    customer: records.reduce((s, r) => s + r.customerPricePicoUsd, 0n),
    tenant: records.reduce((s, r) => s + r.resalePicoUsd, 0n),
  });
  const lifetimeLedger = async (b: Budgets) => ({
    key: (await ledgerOf(b.key))[LIFETIME_START.toISOString()],
    customer: (await ledgerOf(b.customer))[LIFETIME_START.toISOString()],
    tenant: (await ledgerOf(b.tenant))[LIFETIME_START.toISOString()],
  });
  const stateOf = (b: Budgets, budgetId: string, periodStart = LIFETIME_START) =>
    store.budgetState(budgetStateKey(b.tenantId, budgetId, periodStart));

  /** The call of `r` holds on the states `keys` of its key, customer and tenant budgets, as the gateway holds (the tenant's the resale figure). */
  async function holdOn(keys: string[], r: AuditRecord) {
    const result = await store.consume([], {
      buckets: keys.map((key, i) => ({
        key,
        capPicoUsd: 1_000_000n * 1_000_000_000_000n,
        holdPicoUsd: i === 2 ? r.resalePicoUsd : r.customerPricePicoUsd,
        periodEndMs: null,
      })),
      hold: { id: r.id, ttlMs: 3_600_000 },
    });
    expect(result.allowed).toBe(true);
  }

  /** Holds for these calls on the three lifetime budgets, as the gateway places them (state restored from the ledger first). */
  async function hold(b: Budgets, records: AuditRecord[]) {
    const keys = [b.key, b.customer, b.tenant].map((id) => budgetStateKey(b.tenantId, id, LIFETIME_START));
    const spent = await lifetimeLedger(b);
    await store.settleBudgets(
      keys.map((key, i) => ({ key, spentPicoUsd: [spent.key, spent.customer, spent.tenant][i], periodEndMs: null, releasedHoldIds: [] })),
    );
    for (const r of records) await holdOn(keys, r);
  }

  /** insertBatch as the audit writer drives it (failures not about the data retried whole). */
  const insertLikeTheWriter = (batch: AuditRecord[], via = sink): Promise<number> => retryLikeTheWriter(via, batch);

  it('a batch inserted twice adds to the ledger once; the store gets the ledger’s figure and the holds go', async () => {
    const b = await tenantWithBudgets();
    const batch = [record(b), record(b), record(b)];
    await hold(b, batch);
    expect((await stateOf(b, b.key))!.heldPicoUsd).toBe(sumOf(batch).key);

    await sink.insertBatch(batch);
    await sink.insertBatch(batch);
    expect(await lifetimeLedger(b)).toEqual(sumOf(batch));
    expect(await auditSums(b)).toEqual(sumOf(batch));
    expect(await stateOf(b, b.key)).toEqual({ spentPicoUsd: sumOf(batch).key, heldPicoUsd: 0n });
    expect(await stateOf(b, b.customer)).toEqual({ spentPicoUsd: sumOf(batch).customer, heldPicoUsd: 0n });
    expect(await stateOf(b, b.tenant)).toEqual({ spentPicoUsd: sumOf(batch).tenant, heldPicoUsd: 0n });

    // A retry that repeats part of a batch and brings new records: only the new ones are added.
    const more = [record(b), record(b)];
    await sink.insertBatch([batch[1], ...more, batch[0]]);
    expect(await lifetimeLedger(b)).toEqual(sumOf([...batch, ...more]));
    expect(await auditSums(b)).toEqual(sumOf([...batch, ...more]));
    expect((await stateOf(b, b.tenant))!.spentPicoUsd).toBe(sumOf([...batch, ...more]).tenant);
  });

  it('a batch whose first insert committed but whose answer was lost: the retry adds nothing but releases the holds, the next batch brings the store up to the ledger', async () => {
    const b = await tenantWithBudgets();
    const batch = [record(b), record(b)];
    await hold(b, batch);
    // The first attempt commits in Postgres, but the gateway never sees its result rows (lost answer).
    const lostAnswer: AuditBatchLedger = { sql: ledger.sql, booked: async () => undefined };
    await new PostgresAuditSink(gw.prisma.pool, lostAnswer).insertBatch(batch);
    expect((await stateOf(b, b.key))!.heldPicoUsd).toBe(sumOf(batch).key);
    await sink.insertBatch(batch);
    expect(await lifetimeLedger(b)).toEqual(sumOf(batch));
    expect(await auditSums(b)).toEqual(sumOf(batch));
    // The retry inserted nothing, yet its calls' holds went: they never wait for their lapse.
    expect(await stateOf(b, b.key)).toEqual({ spentPicoUsd: sumOf(batch).key, heldPicoUsd: 0n });
    expect(await stateOf(b, b.tenant)).toEqual({ spentPicoUsd: sumOf(batch).tenant, heldPicoUsd: 0n });

    const next = [record(b)];
    await sink.insertBatch(next);
    expect(await lifetimeLedger(b)).toEqual(sumOf([...batch, ...next]));
    expect((await stateOf(b, b.key))!.spentPicoUsd).toBe(sumOf([...batch, ...next]).key);
    expect((await stateOf(b, b.tenant))!.spentPicoUsd).toBe(sumOf([...batch, ...next]).tenant);
  });

  it('batches racing on the same budgets, each record in two of them: every record counted once, store and ledger agree', async () => {
    const [b, c] = [await tenantWithBudgets(), await tenantWithBudgets()];
    // 48 records over two tenants; batch i holds records i*6 … i*6+11 (each record in two batches), in shuffled orders.
    const records = Array.from({ length: 48 }, (_, i) => record(i % 3 === 0 ? c : b));
    await hold(
      b,
      records.filter((r) => r.tenantId === b.tenantId),
    );
    await hold(
      c,
      records.filter((r) => r.tenantId === c.tenantId),
    );
    const batches = Array.from({ length: 8 }, (_, i) => {
      const part = [...records, ...records].slice(i * 6, i * 6 + 12);
      return i % 2 === 0 ? part : part.reverse();
    });
    const retries = await Promise.all(batches.map((batch) => insertLikeTheWriter(batch)));
    expect(retries).toHaveLength(8);

    for (const t of [b, c]) {
      const mine = records.filter((r) => r.tenantId === t.tenantId);
      expect(await auditSums(t)).toEqual(sumOf(mine));
      expect(await lifetimeLedger(t)).toEqual(sumOf(mine));
      // The batch that committed last saw every other's amounts: the store keeps its (largest) figure.
      expect(await stateOf(t, t.key)).toEqual({ spentPicoUsd: sumOf(mine).key, heldPicoUsd: 0n });
      expect(await stateOf(t, t.customer)).toEqual({ spentPicoUsd: sumOf(mine).customer, heldPicoUsd: 0n });
      expect(await stateOf(t, t.tenant)).toEqual({ spentPicoUsd: sumOf(mine).tenant, heldPicoUsd: 0n });
    }
  });

  it('records whose budget was deleted meanwhile are inserted and counted nowhere, without an error; their other budgets count them', async () => {
    const b = await tenantWithBudgets();
    const doomedKeyId = randomUUID();
    const doomed = await budgets.put(b.tenantId, 'key', doomedKeyId, 'none', 1_000_000_000_000n);
    const deletedId = doomed.budget.id;
    expect(await budgets.delete('key', doomedKeyId)).toBe(true);

    const mixed = [
      record(b, { apiKeyId: doomedKeyId, keyBudgetId: deletedId }),
      record(b, { apiKeyId: doomedKeyId, keyBudgetId: deletedId }),
    ];
    const orphans = [record(b, { apiKeyId: doomedKeyId, keyBudgetId: deletedId, customerBudgetId: null, tenantBudgetId: null })];
    await sink.insertBatch(mixed);
    await sink.insertBatch(orphans);

    const ids = [...mixed, ...orphans].map((r) => r.id);
    expect(await gw.prisma.auditRecord.count({ where: { id: { in: ids } } })).toBe(3);
    expect(await gw.prisma.budgetSpend.count({ where: { budgetId: deletedId } })).toBe(0);
    expect(await gw.prisma.budget.count({ where: { id: deletedId } })).toBe(0);
    expect(await stateOf(b, deletedId)).toBeNull();
    // The customer and tenant budgets (alive) count every record, the orphans too (they did not hold
    // them, but their customer and tenant have them); the tenant's other key's budget nothing.
    const ledgerNow = await lifetimeLedger(b);
    const all = [...mixed, ...orphans];
    expect(ledgerNow).toEqual({ key: 0n, customer: sumOf(all).customer, tenant: sumOf(all).tenant });
  });

  it('a budget removed while a batch that counts on it is being inserted: the batch lands whole, counted on the budgets left (once a foreign-key error: a batch of one went to the dead letters)', async () => {
    const b = await tenantWithBudgets();
    const doomedKeyId = randomUUID();
    const doomedId = (await budgets.put(b.tenantId, 'key', doomedKeyId, 'none', 1_000_000_000_000n)).budget.id;
    // The removal, held open once it has removed the budget (its ledger rows go with it).
    const removed = deferred<void>();
    const release = deferred<void>();
    let removerPid = 0;
    const removal = gw.app.get(BudgetsRepository).delete('key', doomedKeyId, async (tx) => {
      removerPid = await backendPid(tx);
      removed.resolve();
      await release.promise;
    });
    await removed.promise;
    // A batch of one call that held it: it used to read the budget, wait for the removal on the
    // budget's ledger row, then find its budget gone when it added the row again.
    const late = record(b, { apiKeyId: doomedKeyId, keyBudgetId: doomedId });
    const insert = sink.insertBatch([late]);
    await sessionsBlockedBy(gw.prisma.pool, [removerPid], 1, 'the batch to wait for the removal');
    release.resolve();
    expect(await removal).toBe(true);
    await insert;

    expect(await gw.prisma.auditRecord.count({ where: { id: late.id } })).toBe(1);
    expect(await gw.prisma.budget.count({ where: { id: doomedId } })).toBe(0);
    expect(await gw.prisma.budgetSpend.count({ where: { budgetId: doomedId } })).toBe(0);
    expect(await lifetimeLedger(b)).toEqual({ key: 0n, customer: late.customerPricePicoUsd, tenant: late.resalePicoUsd });
  });

  it('a budget set while batches of its key land: every record of the key counted once, by the seed or by its batch', async () => {
    const { tenantId } = await gw.createReseller();
    const keyId = randomUUID();
    // Records of calls made before the budget existed: they hold none.
    const batches = Array.from({ length: 24 }, () =>
      Array.from({ length: 5 }, () => {
        n += 1;
        return auditRecord({ tenantId, apiKeyId: keyId, customerPricePicoUsd: 3_000_017_000n * BigInt(n) });
      }),
    );
    // Two lanes insert them one batch after another, as the writer does (AUDIT_WRITE_CONCURRENCY 2):
    // batches 7 to 12 race the put; 13 on wait for it, so some records surely come after its seed.
    let next = 0;
    const sixthStarted = deferred<void>();
    const putDone = deferred<void>();
    const lane = async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        if (next === 6) sixthStarted.resolve();
        if (next > 12) await putDone.promise;
        await sink.insertBatch(batch);
      }
    };
    const landing = Promise.all([lane(), lane()]);
    await sixthStarted.promise;
    const put = await budgets.put(tenantId, 'key', keyId, 'none', 10n ** 18n).finally(() => putDone.resolve());
    await landing;

    const total = batches.flat().reduce((sum, r) => sum + r.customerPricePicoUsd, 0n);
    expect((await ledgerOf(put.budget.id))[LIFETIME_START.toISOString()]).toBe(total);
    // Some records were in the seed and some came after it (else the test proved nothing).
    expect(put.spentPicoUsd).toBeGreaterThan(0n);
    expect(put.spentPicoUsd).toBeLessThan(total);
  });

  it('books each record in the period of its timestamp, to the millisecond, and the store under that period’s key', async () => {
    const monthly = await tenantWithBudgets('monthly');
    const at = (iso: string) => new Date(iso);
    const january = record(monthly, { createdAt: at('2024-01-31T23:59:59.999Z') });
    const february = [
      record(monthly, { createdAt: at('2024-02-01T00:00:00.000Z') }),
      record(monthly, { createdAt: at('2024-02-29T23:59:59.999Z') }),
    ];
    const march = record(monthly, { createdAt: at('2024-03-01T00:00:00.000Z') });
    await sink.insertBatch([february[1], march, january, february[0]]);
    expect(await spentPeriodsOf(monthly.key)).toEqual({
      '2024-01-01T00:00:00.000Z': january.customerPricePicoUsd,
      '2024-02-01T00:00:00.000Z': february[0].customerPricePicoUsd + february[1].customerPricePicoUsd,
      '2024-03-01T00:00:00.000Z': march.customerPricePicoUsd,
    });
    expect(await spentPeriodsOf(monthly.tenant)).toEqual({
      '2024-01-01T00:00:00.000Z': january.resalePicoUsd,
      '2024-02-01T00:00:00.000Z': february[0].resalePicoUsd + february[1].resalePicoUsd,
      '2024-03-01T00:00:00.000Z': march.resalePicoUsd,
    });
    const feb = budgetPeriodOf('monthly', february[0].createdAt).start;
    expect(await stateOf(monthly, monthly.tenant, feb)).toEqual({
      spentPicoUsd: february[0].resalePicoUsd + february[1].resalePicoUsd,
      heldPicoUsd: 0n,
    });

    // Weekly: a Sunday's last millisecond and the Monday after are two weeks.
    const weekly = await tenantWithBudgets('weekly');
    const sunday = record(weekly, { createdAt: at('2024-03-10T23:59:59.999Z') });
    const monday = record(weekly, { createdAt: at('2024-03-11T00:00:00.000Z') });
    await sink.insertBatch([monday, sunday]);
    expect(await spentPeriodsOf(weekly.customer)).toEqual({
      '2024-03-04T00:00:00.000Z': sunday.customerPricePicoUsd,
      '2024-03-11T00:00:00.000Z': monday.customerPricePicoUsd,
    });
  });

  it('a batch across two periods releases each call’s hold in its own period’s state, and no hold of a call outside the batch', async () => {
    const b = await tenantWithBudgets('monthly');
    const at = (iso: string) => new Date(iso);
    const january = [record(b, { createdAt: at('2024-01-31T23:59:59.999Z') }), record(b, { createdAt: at('2024-01-15T00:00:00.000Z') })];
    const february = record(b, { createdAt: at('2024-02-01T00:00:00.000Z') });
    const later = record(b, { createdAt: at('2024-02-02T00:00:00.000Z') });
    const periodOf = (r: AuditRecord) => budgetPeriodOf('monthly', r.createdAt).start;
    const ids = [b.key, b.customer, b.tenant];
    // Each call's hold in the state of its own period (as the gateway holds: BudgetsService.forCall).
    for (const r of [...january, february, later]) {
      const keys = ids.map((id) => budgetStateKey(b.tenantId, id, periodOf(r)));
      await store.settleBudgets(keys.map((key) => ({ key, spentPicoUsd: 0n, periodEndMs: null, releasedHoldIds: [] })));
      await holdOn(keys, r);
    }
    await sink.insertBatch([february, ...january]);
    expect(await stateOf(b, b.customer, periodOf(january[0]))).toEqual({
      spentPicoUsd: january[0].customerPricePicoUsd + january[1].customerPricePicoUsd,
      heldPicoUsd: 0n,
    });
    expect(await stateOf(b, b.tenant, periodOf(january[0]))).toEqual({
      spentPicoUsd: january[0].resalePicoUsd + january[1].resalePicoUsd,
      heldPicoUsd: 0n,
    });
    // February's state still holds the call whose record has not landed.
    expect(await stateOf(b, b.key, periodOf(february))).toEqual({
      spentPicoUsd: february.customerPricePicoUsd,
      heldPicoUsd: later.customerPricePicoUsd,
    });
    await sink.insertBatch([later]);
    expect((await stateOf(b, b.key, periodOf(february)))!.heldPicoUsd).toBe(0n);
  });
});
