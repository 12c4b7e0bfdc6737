import type { ActivityLog } from '../../src/activity/activity-log.repository';
import { CatalogRepository } from '../../src/catalog/catalog.repository';
import { CatalogService } from '../../src/catalog/catalog.service';
import { PrismaService } from '../../src/database/prisma.service';
import { InProcessEventBus } from '../../src/redis/event-bus';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/**
 * The catalog's fingerprint on real Postgres, in a database of this suite's own (the shared one's
 * catalog changes whenever another suite adds an endpoint): any insert, change or removal in one of
 * the catalog's five tables moves it, a rolled-back change does not; and the periodic check reads
 * the catalog again after a change whose message was missed, and not otherwise.
 */
describe('the catalog fingerprint (the periodic check)', () => {
  let db: SuiteDatabase;
  let prisma: PrismaService;
  let repository: CatalogRepository;
  let catalog: CatalogService;
  let wholeReads = 0;

  beforeAll(async () => {
    db = await createSuiteDatabase('catalog_fingerprint');
    prisma = new PrismaService(db.url);
    repository = new CatalogRepository(prisma);
    const findAll = repository.findAll.bind(repository);
    repository.findAll = () => {
      wholeReads++;
      return findAll();
    };
    catalog = new CatalogService(repository, new InProcessEventBus(), {} as ActivityLog);
    await catalog.onModuleInit();
    catalog.onModuleDestroy(); // the test runs the checks itself
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  /** A change made behind the service's back (no message), in SQL; the fingerprint before and after. */
  async function moved(sql: string): Promise<boolean> {
    const before = await repository.fingerprint();
    await prisma.pool.query(sql);
    return (await repository.fingerprint()) !== before;
  }

  it('stays put while nothing changes; the periodic check then reads nothing', async () => {
    const fingerprint = await repository.fingerprint();
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(await repository.fingerprint()).toBe(fingerprint);
    const reads = wholeReads;
    expect(await catalog.reloadIfChanged()).toBe(false);
    expect(wholeReads).toBe(reads);
  });

  it('a change whose message was missed is read at the next check, once', async () => {
    await prisma.pool.query(`UPDATE catalog_endpoints SET description = 'changed unannounced' WHERE slug = 'data.enrich'`);
    expect(catalog.find('data.enrich')?.description).not.toBe('changed unannounced');
    const reads = wholeReads;
    expect(await catalog.reloadIfChanged()).toBe(true);
    expect(catalog.find('data.enrich')?.description).toBe('changed unannounced');
    expect(await catalog.reloadIfChanged()).toBe(false);
    expect(wholeReads).toBe(reads + 1);
  });

  it('moves with an insert, a change or a removal in each of the catalog’s tables', async () => {
    const endpoint = `(SELECT id FROM catalog_endpoints WHERE slug = 'data.enrich')`;
    expect(await moved(`UPDATE catalog_endpoints SET declared_latency_ms = declared_latency_ms + 1 WHERE slug = 'data.enrich'`)).toBe(true);
    expect(await moved(`UPDATE upstreams SET timeout_ms = timeout_ms + 1 WHERE endpoint_id = ${endpoint}`)).toBe(true);
    expect(
      await moved(`UPDATE meter_prices SET resale_pico_usd_per_unit = resale_pico_usd_per_unit + 1 WHERE endpoint_id = ${endpoint}`),
    ).toBe(true);
    expect(await moved(`INSERT INTO endpoint_limits (endpoint_id, requests_per_window, updated_at) VALUES (${endpoint}, 7, now())`)).toBe(
      true,
    );
    expect(await moved(`DELETE FROM endpoint_limits WHERE endpoint_id = ${endpoint}`)).toBe(true);
    expect(
      await moved(`INSERT INTO endpoint_models (id, endpoint_id, name, position) VALUES (gen_random_uuid(), ${endpoint}, 'fp-model', 0)`),
    ).toBe(true);
    expect(await moved(`UPDATE endpoint_models SET position = 1 WHERE name = 'fp-model'`)).toBe(true);
    expect(await moved(`DELETE FROM endpoint_models WHERE name = 'fp-model'`)).toBe(true);
    // A table outside the catalog does not move it.
    expect(await moved(`UPDATE model_aliases SET updated_at = now()`)).toBe(false);
  });

  it('a change rolled back does not move it', async () => {
    const before = await repository.fingerprint();
    const client = await prisma.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE catalog_endpoints SET description = 'never' WHERE slug = 'data.enrich'`);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await repository.fingerprint()).toBe(before);
  });
});
