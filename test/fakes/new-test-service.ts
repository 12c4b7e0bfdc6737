import { OPTIONAL_DEPS_METADATA, PARAMTYPES_METADATA, SELF_DECLARED_DEPS_METADATA } from '@nestjs/common/constants';
import { ActivityLog } from '../../src/activity/activity-log.repository';
import { BudgetsRepository } from '../../src/budgets/budgets.repository';
import { CatalogService } from '../../src/catalog/catalog.service';
import { Clock } from '../../src/common/time/clock';
import { APP_CONFIG, type AppConfig, loadConfig } from '../../src/config/app-config';
import { CustomersRepository } from '../../src/customers/customers.repository';
import { JobQueue } from '../../src/jobs/job-queue';
import { ApiKeyRepository } from '../../src/keys/api-key.repository';
import { PlanAssignmentsRepository } from '../../src/plans/plan-assignments.repository';
import { PlansRepository } from '../../src/plans/plans.repository';
import { ScheduledPlanChangesRepository } from '../../src/plans/scheduled-plan-changes.repository';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit.store';
import { RATE_LIMIT_STORE } from '../../src/rate-limit/rate-limit.types';
import { EVENT_BUS, InProcessEventBus } from '../../src/redis/event-bus';
import { StatementsRepository } from '../../src/statements/statements.repository';
import { TenantsRepository } from '../../src/tenants/tenants.repository';
import { WebhooksRepository } from '../../src/webhooks/webhooks.repository';
import { FakeCatalog } from './fake-catalog';
import { InMemoryActivityLog } from './in-memory-activity-log';
import { FakeClock } from './fake-clock';
import { FakeJobQueue } from './fake-job-queue';
import { InMemoryApiKeyRepository } from './in-memory-api-key.repository';
import { InMemoryBudgetsRepository } from './in-memory-budgets.repository';
import { InMemoryCustomersRepository } from './in-memory-customers.repository';
import { InMemoryDb } from './in-memory-db';
import { InMemoryPlanAssignmentsRepository, InMemoryPlansRepository } from './in-memory-plans.repository';
import { InMemoryScheduledPlanChangesRepository } from './in-memory-scheduled-plan-changes.repository';
import { InMemoryStatementsRepository } from './in-memory-statements.repository';
import { InMemoryTenantsRepository } from './in-memory-tenants.repository';
import { InMemoryWebhooksRepository } from './in-memory-webhooks.repository';

/** A class (abstract ones too: the repositories' tokens) or a symbol, as Nest injects by. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Token<T = unknown> = (abstract new (...args: any[]) => T) | symbol;

/** The in-memory repositories, each the fake of the repository of the same name. */
export interface FakeRepositories {
  tenants: InMemoryTenantsRepository;
  keys: InMemoryApiKeyRepository;
  customers: InMemoryCustomersRepository;
  budgets: InMemoryBudgetsRepository;
  plans: InMemoryPlansRepository;
  planAssignments: InMemoryPlanAssignmentsRepository;
  scheduledPlanChanges: InMemoryScheduledPlanChangesRepository;
  webhooks: InMemoryWebhooksRepository;
  statements: InMemoryStatementsRepository;
}

/** Everything a domain test reaches besides the service under test. */
export interface TestWorld {
  /** The tables every fake repository shares. */
  db: InMemoryDb;
  repos: FakeRepositories;
  clock: FakeClock;
  /** The real in-process event bus (what the app uses without Redis). */
  bus: InProcessEventBus;
  jobs: FakeJobQueue;
  catalog: FakeCatalog;
  config: AppConfig;
  /** The instance of any token the world built or holds (a service the one under test uses, a fake). */
  get<T>(token: Token<T>): Promise<T>;
}

export interface TestServiceOptions {
  /** Config variables, as the environment gives them (validated by loadConfig, as at boot). */
  env?: Record<string, string>;
  /** Instances to use for these tokens instead of what the world would build. */
  provide?: Array<[Token, unknown]>;
}

/** A fixed secrets key, so WebhookSecrets needs no key file. */
const TEST_WEBHOOK_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The fakes and the real in-process pieces, and a builder of any service over them: the services it
 * depends on are built the same way (real classes, by their constructors' Nest metadata), the
 * repositories are the in-memory fakes, the clock the fake clock, the event bus the in-process one,
 * the job queue the fake one, the rate-limit store the in-memory one on the fake clock. Each
 * instance is built once per world and initialised (onModuleInit) as Nest would, so two services
 * share their dependencies as in the app. A token it cannot build (Prisma, Redis, HTTP clients) is
 * an error naming it: give it with `provide`.
 */
export function newTestWorld(options: TestServiceOptions = {}): TestWorld {
  const clock = new FakeClock();
  const db = new InMemoryDb(clock);
  const repos: FakeRepositories = {
    tenants: new InMemoryTenantsRepository(db),
    keys: new InMemoryApiKeyRepository(db),
    customers: new InMemoryCustomersRepository(db),
    budgets: new InMemoryBudgetsRepository(db),
    plans: new InMemoryPlansRepository(db),
    planAssignments: new InMemoryPlanAssignmentsRepository(db),
    scheduledPlanChanges: new InMemoryScheduledPlanChangesRepository(db),
    webhooks: new InMemoryWebhooksRepository(db),
    statements: new InMemoryStatementsRepository(db),
  };
  const bus = new InProcessEventBus();
  const jobs = new FakeJobQueue(db);
  const catalog = new FakeCatalog(db);
  const config = loadConfig({ WEBHOOK_SECRETS_KEY: TEST_WEBHOOK_SECRETS_KEY, ...options.env });
  const instances = new Map<Token, Promise<unknown>>(
    [
      [TenantsRepository, repos.tenants],
      [ApiKeyRepository, repos.keys],
      [CustomersRepository, repos.customers],
      [BudgetsRepository, repos.budgets],
      [PlansRepository, repos.plans],
      [PlanAssignmentsRepository, repos.planAssignments],
      [ScheduledPlanChangesRepository, repos.scheduledPlanChanges],
      [WebhooksRepository, repos.webhooks],
      [StatementsRepository, repos.statements],
      [ActivityLog, new InMemoryActivityLog()],
      [Clock, clock],
      [EVENT_BUS, bus],
      [JobQueue, jobs],
      [CatalogService, catalog],
      [APP_CONFIG, config],
      [RATE_LIMIT_STORE, new MemoryRateLimitStore(() => clock.nowMs())],
      ...(options.provide ?? []),
    ].map(([token, value]) => [token as Token, Promise.resolve(value)]),
  );

  const get = <T>(token: Token<T>, path: string[] = []): Promise<T> => {
    let instance = instances.get(token);
    if (!instance) {
      instance = build(token, path);
      instances.set(token, instance);
    }
    return instance as Promise<T>;
  };

  async function build(token: Token, path: string[]): Promise<unknown> {
    const name = typeof token === 'symbol' ? token.toString() : token.name;
    if (typeof token === 'symbol' || path.includes(name)) {
      throw new Error(`newTestService: no fake for ${[...path, name].join(' → ')}; give it with { provide: [[token, value]] }`);
    }
    const Class = token as new (...args: unknown[]) => unknown;
    const types = (Reflect.getMetadata(PARAMTYPES_METADATA, Class) ?? []) as unknown[];
    const declared = (Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, Class) ?? []) as Array<{ index: number; param: Token }>;
    const optional = (Reflect.getMetadata(OPTIONAL_DEPS_METADATA, Class) ?? []) as number[];
    const args: unknown[] = [];
    for (let index = 0; index < Class.length || index < types.length; index++) {
      const dependency = (declared.find((d) => d.index === index)?.param ?? types[index]) as Token | undefined;
      const known = dependency !== undefined && instances.has(dependency);
      const buildable =
        typeof dependency === 'function' && dependency !== Object && Reflect.getMetadata(PARAMTYPES_METADATA, dependency) !== undefined;
      if (optional.includes(index) && !known && !buildable) {
        args.push(undefined);
        continue;
      }
      if (dependency === undefined || dependency === Object) {
        throw new Error(`newTestService: ${[...path, name].join(' → ')} takes a parameter ${index} without a token it can inject`);
      }
      args.push(await get(dependency, [...path, name]));
    }
    const instance = new Class(...args) as { onModuleInit?: () => unknown };
    await instance.onModuleInit?.();
    return instance;
  }

  return { db, repos, clock, bus, jobs, catalog, config, get: (token) => get(token) };
}

/**
 * The one-line builder of a domain test: the service under test (`sut`) built over the fakes of
 * newTestWorld, with everything else of that world.
 *
 *   const { sut, repos, clock } = await newTestService(BudgetsService);
 */
export async function newTestService<T>(Service: Token<T>, options: TestServiceOptions = {}): Promise<TestWorld & { sut: T }> {
  const world = newTestWorld(options);
  return { ...world, sut: await world.get(Service) };
}
