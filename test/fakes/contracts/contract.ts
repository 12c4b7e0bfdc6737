import { randomBytes, randomUUID } from 'node:crypto';
import { NONE_ID } from '../../../src/audit/audit-rollups';
import { BudgetsRepository } from '../../../src/budgets/budgets.repository';
import { PrismaBudgetsRepository } from '../../../src/budgets/prisma-budgets.repository';
import { CustomerDefinition, CustomersRepository, StoredCustomer } from '../../../src/customers/customers.repository';
import { PrismaCustomersRepository } from '../../../src/customers/prisma-customers.repository';
import { PrismaService } from '../../../src/database/prisma.service';
import type { Prisma } from '../../../src/generated/prisma/client';
import type { BillingUnit, Category, LimitSubject, Meter } from '../../../src/generated/prisma/enums';
import type { Db } from '../../../src/jobs/job-queue';
import { ApiKeyRepository, NewApiKey, PublicApiKey } from '../../../src/keys/api-key.repository';
import { PrismaApiKeyRepository } from '../../../src/keys/prisma-api-key.repository';
import { PlanAssignmentsRepository } from '../../../src/plans/plan-assignments.repository';
import { PlanDefinition, PlansRepository, StoredPlan } from '../../../src/plans/plans.repository';
import { PrismaPlanAssignmentsRepository } from '../../../src/plans/prisma-plan-assignments.repository';
import { PrismaScheduledPlanChangesRepository } from '../../../src/plans/prisma-scheduled-plan-changes.repository';
import { ScheduledPlanChangesRepository } from '../../../src/plans/scheduled-plan-changes.repository';
import { PrismaPlansRepository } from '../../../src/plans/prisma-plans.repository';
import type { UsageSums } from '../../../src/statements/statement';
import { PrismaStatementsRepository } from '../../../src/statements/prisma-statements.repository';
import { StatementsRepository } from '../../../src/statements/statements.repository';
import { PrismaTenantsRepository } from '../../../src/tenants/prisma-tenants.repository';
import { StoredTenant, TenantDefinition, TenantsRepository } from '../../../src/tenants/tenants.repository';
import { PrismaWebhooksRepository } from '../../../src/webhooks/prisma-webhooks.repository';
import { WebhooksRepository } from '../../../src/webhooks/webhooks.repository';
import { testDatabaseUrl } from '../../support/test-env';
import type { InMemoryDb } from '../in-memory-db';
import { newTestWorld, type TestWorld } from '../new-test-service';

/**
 * The shared contract of a repository and its in-memory fake: every test of a contract file runs
 * twice, against the fake (over a fresh in-memory database) and against the Prisma repository on the
 * real test database. On Postgres each test runs in a transaction rolled back at its end, so it
 * leaves nothing in the shared database (and closes no statement month, flags no sign-up plan for
 * the other suites); the repository is given that transaction as its client. Tests seed the rows a
 * repository reads through `seed`, which writes them the same way to either side.
 *
 * A contract test states what the repository answers, never how: it is what keeps a fake from
 * drifting from the real thing (so that domain tests on fakes test the domain, not a mock).
 */

export interface Repositories {
  tenants: TenantsRepository;
  keys: ApiKeyRepository;
  customers: CustomersRepository;
  budgets: BudgetsRepository;
  plans: PlansRepository;
  planAssignments: PlanAssignmentsRepository;
  scheduledPlanChanges: ScheduledPlanChangesRepository;
  webhooks: WebhooksRepository;
  statements: StatementsRepository;
}

/** A usage rollup row to seed: a day's sums of one tenant, customer and endpoint (null: none). */
export interface UsageSeed extends Partial<UsageSums> {
  day: string;
  tenantId: string;
  customerId?: string | null;
  endpointId?: string | null;
  meters?: Array<{ meter: Meter; quantity: bigint; wholesalePicoUsd: bigint; resalePicoUsd: bigint; customerPricePicoUsd: bigint }>;
}

/** Rows a repository reads but does not write, written the same way on either side. */
export interface Seed {
  tenant(fields?: Partial<TenantDefinition>): Promise<StoredTenant>;
  plan(fields?: Partial<PlanDefinition>): Promise<StoredPlan>;
  customer(tenantId: string, fields?: Partial<CustomerDefinition>): Promise<StoredCustomer>;
  key(tenantId: string, fields?: Partial<NewApiKey>): Promise<PublicApiKey>;
  allowEndpoints(table: 'key' | 'customer', id: string, endpoints: string[]): Promise<void>;
  requestLimit(row: { tenantId: string; subject: LimitSubject; subjectId: string; slug: string; requestsPerWindow: number }): Promise<void>;
  priceOverride(row: {
    tenantId: string;
    customerId: string | null;
    slug: string;
    meter?: Meter | null;
    pricePicoUsdPerUnit?: bigint | null;
    markupBps?: number | null;
  }): Promise<void>;
  auditRecord(row: {
    createdAt: Date;
    tenantId?: string | null;
    customerId?: string | null;
    apiKeyId?: string | null;
    resalePicoUsd?: bigint;
    customerPricePicoUsd?: bigint;
  }): Promise<void>;
  /** A ledger row of a budget (what the audit writer books). */
  budgetSpend(budgetId: string, periodStart: Date, spentPicoUsd: bigint): Promise<void>;
  catalogEndpoint(fields: { category: Category; billingUnit: BillingUnit; slug?: string }): Promise<{ id: string; slug: string }>;
  usage(row: UsageSeed): Promise<void>;
}

export interface Subject {
  kind: 'in-memory' | 'postgres';
  repos: Repositories;
  seed: Seed;
  /** What the storage takes for now (the fake clock; Postgres: the transaction's now()). */
  now: () => Promise<Date>;
  /** Moves time on between writes where the fake's clock would otherwise stand still (Postgres: nothing to do). */
  tick: (ms?: number) => void;
  /**
   * The error a write that must fail fails with (throws if it succeeds). On Postgres it runs in a
   * savepoint, so the refused statement leaves the test's transaction usable, as it would leave a
   * connection outside one.
   */
  refusal: (write: () => Promise<unknown>) => Promise<Error & { code?: string }>;
  /**
   * Runs a call that writes nothing in the end, during which Postgres refuses a statement that the
   * repository catches itself (a foreign key that says "in use"): on Postgres in a savepoint rolled
   * back after it, since outside a transaction the refusal would not end the test's transaction.
   */
  surviving: <T>(call: () => Promise<T>) => Promise<T>;
}

/** Matchers typed as what they match, for the rows a test expects (expect.any() is any). */
export const anyDate = expect.any(Date) as Date;
export const anyId = expect.stringMatching(/^[0-9a-f-]{36}$/) as string;

/** The page cursor that ends at this row (what toPage hands out). */
export const cursorAt = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

/** Newest first (created_at desc, id desc): the order of every paged list. */
export const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A unique name (the tables are shared with every other suite on Postgres). */
export const unique = (prefix = 'contract') => `${prefix} ${randomBytes(6).toString('hex')}`;

class Rollback extends Error {}

/** One Prisma client (and pool) for every contract of a test file, opened when the first needs it. */
let client: PrismaService | undefined;
let closing = false;

function sharedClient(): PrismaService {
  client ??= new PrismaService(testDatabaseUrl());
  return client;
}

/** Closes the shared client once the file's tests are done (registered once, at the file's top level). */
function closeSharedClientAfterAll(): void {
  if (closing) return;
  closing = true;
  afterAll(async () => {
    await client?.onApplicationShutdown();
    client = undefined;
  });
}

/**
 * Declares the tests of one contract: `tests` receives `run`, which runs a test body against the
 * subject of the current side (each call a fresh one).
 */
export function describeContract(name: string, tests: (run: (body: (subject: Subject) => Promise<void>) => Promise<void>) => void): void {
  closeSharedClientAfterAll();
  describe.each(['in-memory', 'postgres'] as const)(`${name} (%s)`, (kind) => {
    tests(async (body) => {
      if (kind === 'in-memory') return body(fakeSubject(newTestWorld()));
      try {
        await sharedClient().$transaction(
          async (tx) => {
            await body(postgresSubject(tx));
            throw new Rollback('rolled back: a contract test leaves nothing behind');
          },
          { timeout: 60_000, maxWait: 30_000 },
        );
      } catch (err) {
        if (!(err instanceof Rollback)) throw err;
      }
    });
  });
}

function fakeSubject(world: TestWorld): Subject {
  const { db, repos, clock } = world;
  const seed: Seed = {
    ...repositorySeeds(repos),
    allowEndpoints: async (table, id, endpoints) => {
      const row = table === 'key' ? db.tables.apiKeys.get(id) : db.tables.customers.get(id);
      row!.allowedEndpoints = [...endpoints];
    },
    requestLimit: async (row) => {
      db.tables.requestLimits.push({ id: db.id(), ...row });
    },
    priceOverride: async (row) => {
      const now = db.now();
      db.tables.priceOverrides.push({
        id: db.id(),
        meter: null,
        pricePicoUsdPerUnit: null,
        markupBps: null,
        ...row,
        createdAt: now,
        updatedAt: now,
      });
    },
    auditRecord: async (row) => {
      db.tables.auditRecords.push({
        id: db.id(),
        tenantId: null,
        customerId: null,
        apiKeyId: null,
        endpointId: null,
        resalePicoUsd: 0n,
        customerPricePicoUsd: 0n,
        ...row,
      });
    },
    budgetSpend: async (budgetId, periodStart, spentPicoUsd) => {
      spend(db, budgetId, periodStart, spentPicoUsd);
    },
    catalogEndpoint: async ({ category, billingUnit, slug = catalogSlug(category) }) => ({
      id: world.catalog.addEndpoint({ slug, category, billingUnit }),
      slug,
    }),
    usage: async ({ meters, day, ...row }) => repos.statements.recordUsage({ ...row, day: new Date(`${day}T00:00:00.000Z`) }, meters),
  };
  return {
    kind: 'in-memory',
    repos,
    seed,
    now: async () => clock.now(),
    tick: (ms = 1) => clock.advance(ms),
    refusal: (write) => refusalOf(write),
    surviving: (call) => call(),
  };
}

async function refusalOf(write: () => Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await write();
  } catch (err) {
    return err as Error & { code?: string };
  }
  throw new Error('expected the write to be refused; it succeeded');
}

function spend(db: InMemoryDb, budgetId: string, periodStart: Date, spentPicoUsd: bigint): void {
  const row = db.tables.budgetSpend.find((s) => s.budgetId === budgetId && s.periodStart.getTime() === periodStart.getTime());
  if (row) row.spentPicoUsd = spentPicoUsd;
  else db.tables.budgetSpend.push({ budgetId, periodStart, spentPicoUsd });
}

let savepoints = 0;

/** Runs `work` in a savepoint of `tx`: what it wrote is undone if it throws, and `tx` stays usable. */
async function inSavepoint<T>(tx: Prisma.TransactionClient, work: () => Promise<T>): Promise<T> {
  const name = `contract_${++savepoints}`;
  await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (err) {
    await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
}

/**
 * The Prisma client interface over one interactive transaction: a repository's own $transaction
 * runs as a savepoint of it (committed with it, undone alone when it throws, as the repository's
 * transaction would be).
 */
function transactionAsClient(tx: Prisma.TransactionClient): PrismaService {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === '$transaction') return (work: (inner: Db) => Promise<unknown>) => inSavepoint(tx, () => work(tx));
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as unknown as PrismaService;
}

function postgresSubject(tx: Prisma.TransactionClient): Subject {
  const client = transactionAsClient(tx);
  const repos: Repositories = {
    tenants: new PrismaTenantsRepository(client),
    keys: new PrismaApiKeyRepository(client),
    customers: new PrismaCustomersRepository(client),
    budgets: new PrismaBudgetsRepository(client, { BUDGET_CHANGE_LOCK_WAIT_MS: 10_000 }),
    plans: new PrismaPlansRepository(client),
    planAssignments: new PrismaPlanAssignmentsRepository(client),
    scheduledPlanChanges: new PrismaScheduledPlanChangesRepository(client),
    webhooks: new PrismaWebhooksRepository(client),
    statements: new PrismaStatementsRepository(client),
  };
  const seed: Seed = {
    ...repositorySeeds(repos),
    allowEndpoints: async (table, id, endpoints) => {
      if (table === 'key') await tx.apiKey.update({ where: { id }, data: { allowedEndpoints: endpoints } });
      else await tx.customer.update({ where: { id }, data: { allowedEndpoints: endpoints } });
    },
    requestLimit: async (row) => {
      await tx.requestLimit.create({ data: row });
    },
    priceOverride: async (row) => {
      await tx.priceOverride.create({ data: row });
    },
    auditRecord: async (row) => {
      await tx.auditRecord.create({ data: { id: randomUUID(), method: 'POST', httpStatus: 200, latencyMs: 1, ...row } });
    },
    budgetSpend: async (budgetId, periodStart, spentPicoUsd) => {
      await tx.budgetSpend.upsert({
        where: { budgetId_periodStart: { budgetId, periodStart } },
        create: { budgetId, periodStart, spentPicoUsd },
        update: { spentPicoUsd },
      });
    },
    catalogEndpoint: async ({ category, billingUnit, slug = catalogSlug(category) }) => {
      const row = await tx.catalogEndpoint.create({ data: { slug, category, billingUnit, defaultRateLimit: 100, declaredLatencyMs: 10 } });
      return { id: row.id, slug };
    },
    usage: async ({ meters = [], day, ...row }) => {
      const u = { calls: 0n, errors: 0n, quantity: 0n, wholesalePicoUsd: 0n, resalePicoUsd: 0n, customerPricePicoUsd: 0n, ...row };
      const customer = row.customerId ?? NONE_ID;
      const endpoint = row.endpointId ?? NONE_ID;
      // As the audit writer keeps them: the finest rollup, the per-tenant one, and the meter rollup.
      await tx.$executeRaw`
        INSERT INTO usage_daily (day, tenant_id, customer_id, api_key_id, endpoint_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
        VALUES (${day}::date, ${u.tenantId}::uuid, ${customer}::uuid, ${randomUUID()}::uuid, ${endpoint}::uuid,
          ${u.calls}, ${u.errors}, ${u.quantity}, ${u.wholesalePicoUsd}, ${u.resalePicoUsd}, ${u.customerPricePicoUsd})`;
      await tx.$executeRaw`
        INSERT INTO usage_daily_by_tenant AS t (day, tenant_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
        VALUES (${day}::date, ${u.tenantId}::uuid, ${u.calls}, ${u.errors}, ${u.quantity}, ${u.wholesalePicoUsd}, ${u.resalePicoUsd}, ${u.customerPricePicoUsd})
        ON CONFLICT (tenant_id, day) DO UPDATE SET calls = t.calls + EXCLUDED.calls, errors = t.errors + EXCLUDED.errors,
          quantity = t.quantity + EXCLUDED.quantity, wholesale_pico_usd = t.wholesale_pico_usd + EXCLUDED.wholesale_pico_usd,
          resale_pico_usd = t.resale_pico_usd + EXCLUDED.resale_pico_usd, customer_price_pico_usd = t.customer_price_pico_usd + EXCLUDED.customer_price_pico_usd`;
      for (const m of meters) {
        await tx.$executeRaw`
          INSERT INTO usage_daily_by_meter AS t (tenant_id, day, customer_id, endpoint_id, meter, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
          VALUES (${u.tenantId}::uuid, ${day}::date, ${customer}::uuid, ${endpoint}::uuid, ${m.meter}::"Meter",
            ${m.quantity}, ${m.wholesalePicoUsd}, ${m.resalePicoUsd}, ${m.customerPricePicoUsd})
          ON CONFLICT (tenant_id, day, customer_id, endpoint_id, meter) DO UPDATE SET quantity = t.quantity + EXCLUDED.quantity,
            wholesale_pico_usd = t.wholesale_pico_usd + EXCLUDED.wholesale_pico_usd, resale_pico_usd = t.resale_pico_usd + EXCLUDED.resale_pico_usd,
            customer_price_pico_usd = t.customer_price_pico_usd + EXCLUDED.customer_price_pico_usd`;
      }
    },
  };
  return {
    kind: 'postgres',
    repos,
    seed,
    now: async () => (await tx.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now`)[0].now,
    tick: () => undefined,
    refusal: (write) => refusalOf(() => inSavepoint(tx, write)),
    surviving: async (call) => {
      const name = `contract_${++savepoints}`;
      await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
      const result = await call();
      // The refused statement left the transaction aborted: undo it (it was the call's only write).
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
      return result;
    },
  };
}

/** The seeds written through the repositories themselves (each held to its own contract). */
function repositorySeeds(repos: Repositories): Pick<Seed, 'tenant' | 'plan' | 'customer' | 'key'> {
  return {
    tenant: (fields = {}) =>
      repos.tenants.create({ name: unique('tenant'), kind: 'reseller', rateLimitPerWindow: null, planId: null, ...fields }),
    plan: (fields = {}) =>
      repos.plans.create({
        name: unique('plan'),
        description: '',
        monthlyFeePicoUsd: 0n,
        resaleDiscountBps: 0,
        requestLimitPerWindow: null,
        defaultMonthlySpendCapPicoUsd: null,
        allowedCategories: [],
        public: true,
        defaultForSignups: false,
        ...fields,
      }),
    customer: (tenantId, fields = {}) =>
      repos.customers.create(tenantId, { name: unique('customer'), externalId: null, metadata: {}, ...fields }),
    key: (tenantId, fields = {}) =>
      repos.keys.create({
        tenantId,
        customerId: null,
        name: 'contract',
        prefix: `gw_${randomBytes(6).toString('hex')}`,
        secretHash: new Uint8Array(randomBytes(32)),
        expiresAt: null,
        rateLimitPerWindow: null,
        ...fields,
      }),
  };
}

function catalogSlug(category: Category): string {
  return `${category}.contract_${randomBytes(5).toString('hex')}`;
}
