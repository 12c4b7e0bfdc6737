import type { ActivityLog } from '../../src/activity/activity-log.repository';
import type { CatalogRepository, StoredEndpoint } from '../../src/catalog/catalog.repository';
import { CatalogService } from '../../src/catalog/catalog.service';
import { InProcessEventBus } from '../../src/redis/event-bus';

/**
 * How the in-memory catalog follows changes: a change message names its endpoint, and only that
 * endpoint is read again (whatever the size of the catalog); reads that overlap keep the newest
 * answer for each endpoint.
 */

/** An endpoint row as the repository returns it; `version` goes into its description. */
function row(slug: string, version: string): StoredEndpoint {
  const id = `00000000-0000-4000-8000-${slug.length.toString().padStart(12, '0')}`;
  return {
    id,
    slug,
    category: 'data',
    billingUnit: 'record',
    description: version,
    maxQuantityPerCall: null,
    maxOutputTokens: null,
    defaultRateLimit: 60,
    declaredLatencyMs: 100,
    streamable: false,
    enabled: true,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    upstreams: [],
    models: [],
    prices: [{ id: 1n, endpointId: id, modelId: null, meter: 'records', wholesalePicoUsdPerUnit: 1n, resalePicoUsdPerUnit: 2n }],
    limit: null,
  };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A read the test answers when it wants to (so reads can overlap in any order). */
interface PendingRead<T> {
  resolve: (value: T) => void;
}

/** The repository's two reads, answered by the test; every call is counted. The fingerprint is the test's to move. */
class ControlledRepository {
  readonly wholeReads: Array<PendingRead<StoredEndpoint[]>> = [];
  readonly oneReads: Array<PendingRead<StoredEndpoint | null> & { slug: string }> = [];
  fingerprintNow = 'v1';

  fingerprint(): Promise<string> {
    return Promise.resolve(this.fingerprintNow);
  }

  findAll(): Promise<StoredEndpoint[]> {
    return new Promise((resolve) => this.wholeReads.push({ resolve }));
  }

  /** The oldest whole read pending, once the catalog has asked for it (after its fingerprint). */
  async nextWholeRead(): Promise<PendingRead<StoredEndpoint[]>> {
    while (this.wholeReads.length === 0) await settle();
    return this.wholeReads.shift()!;
  }

  findBySlug(slug: string): Promise<StoredEndpoint | null> {
    return new Promise((resolve) => this.oneReads.push({ slug, resolve }));
  }
}

async function started(rows: StoredEndpoint[]) {
  const repository = new ControlledRepository();
  const bus = new InProcessEventBus();
  const catalog = new CatalogService(repository as unknown as CatalogRepository, bus, {} as ActivityLog);
  const init = catalog.onModuleInit();
  (await repository.nextWholeRead()).resolve(rows);
  await init;
  catalog.onModuleDestroy();
  return { repository, bus, catalog };
}

describe('CatalogService reloads', () => {
  it('reads only the endpoint a change message names', async () => {
    const { repository, bus, catalog } = await started([row('data.a', 'a1'), row('data.bb', 'b1')]);

    await bus.publish('catalog.changed', 'data.a');
    expect(repository.wholeReads).toHaveLength(0);
    expect(repository.oneReads.map((r) => r.slug)).toEqual(['data.a']);
    repository.oneReads.shift()!.resolve(row('data.a', 'a2'));
    await settle();

    expect(catalog.find('data.a')?.description).toBe('a2');
    expect(catalog.find('data.bb')?.description).toBe('b1');
  });

  it('keeps an endpoint read after a whole read started, and drops what that whole read had of it', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1'), row('data.bb', 'b1')]);

    const whole = catalog.reload(); // the periodic read starts…
    const one = catalog.reloadOne('data.a'); // …then data.a changes and is read again, answered first
    repository.oneReads.shift()!.resolve(row('data.a', 'a3'));
    await one;
    (await repository.nextWholeRead()).resolve([row('data.a', 'a2'), row('data.bb', 'b2')]);
    await whole;

    expect(catalog.find('data.a')?.description).toBe('a3');
    expect(catalog.find('data.bb')?.description).toBe('b2');
  });

  it('drops an endpoint read that a later whole read overtook', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1')]);

    const one = catalog.reloadOne('data.a');
    const whole = catalog.reload();
    (await repository.nextWholeRead()).resolve([row('data.a', 'a3')]);
    await whole;
    repository.oneReads.shift()!.resolve(row('data.a', 'a2'));
    await one;

    expect(catalog.find('data.a')?.description).toBe('a3');
  });

  it('applies reads of two endpoints answered out of order, and the later of two reads of one', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1'), row('data.bb', 'b1')]);

    const firstOfA = catalog.reloadOne('data.a');
    const ofB = catalog.reloadOne('data.bb');
    const secondOfA = catalog.reloadOne('data.a');
    const [readA1, readB, readA2] = repository.oneReads.splice(0);
    readA2.resolve(row('data.a', 'a3'));
    readB.resolve(row('data.bb', 'b2'));
    await Promise.all([secondOfA, ofB]);
    readA1.resolve(row('data.a', 'a2'));
    await firstOfA;

    expect(catalog.find('data.a')?.description).toBe('a3');
    expect(catalog.find('data.bb')?.description).toBe('b2');
  });

  it('finds an endpoint by id as of the latest change', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1'), row('data.bb', 'b1')]);
    const a = catalog.find('data.a')!;
    expect(catalog.findById(a.id)?.description).toBe('a1');

    const one = catalog.reloadOne('data.a');
    repository.oneReads.shift()!.resolve(row('data.a', 'a2'));
    await one;
    expect(catalog.findById(a.id)?.description).toBe('a2');

    const whole = catalog.reload();
    (await repository.nextWholeRead()).resolve([row('data.bb', 'b2')]);
    await whole;
    expect(catalog.findById(a.id)).toBeUndefined();
    expect(catalog.findById(catalog.find('data.bb')!.id)?.description).toBe('b2');
  });

  it('forgets an endpoint that is gone when it is read again', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1')]);

    const one = catalog.reloadOne('data.a');
    repository.oneReads.shift()!.resolve(null);
    await one;

    expect(catalog.find('data.a')).toBeUndefined();
  });

  it('reads the whole catalog again at the periodic check only when its fingerprint moved', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1')]);

    expect(await catalog.reloadIfChanged()).toBe(false);
    expect(repository.wholeReads).toHaveLength(0);

    repository.fingerprintNow = 'v2'; // changed, and its message missed
    const check = catalog.reloadIfChanged();
    (await repository.nextWholeRead()).resolve([row('data.a', 'a2')]);
    expect(await check).toBe(true);
    expect(catalog.find('data.a')?.description).toBe('a2');

    expect(await catalog.reloadIfChanged()).toBe(false);
    expect(repository.wholeReads).toHaveLength(0);
  });

  it('pairs a whole read with the fingerprint taken before it: a change between the two is read at the next check', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1')]);

    repository.fingerprintNow = 'v2';
    const whole = catalog.reload();
    const read = await repository.nextWholeRead(); // the fingerprint is taken: v2
    repository.fingerprintNow = 'v3'; // a change commits before the rows are read, which may or may not hold it
    read.resolve([row('data.a', 'a2')]);
    await whole;

    const check = catalog.reloadIfChanged();
    (await repository.nextWholeRead()).resolve([row('data.a', 'a3')]);
    expect(await check).toBe(true);
    expect(catalog.find('data.a')?.description).toBe('a3');
  });

  it('a whole read overtaken by a later one leaves the later one’s fingerprint', async () => {
    const { repository, catalog } = await started([row('data.a', 'a1')]);

    repository.fingerprintNow = 'v2';
    const first = catalog.reload();
    const firstRead = await repository.nextWholeRead();
    repository.fingerprintNow = 'v3';
    const second = catalog.reload();
    (await repository.nextWholeRead()).resolve([row('data.a', 'a3')]);
    await second;
    firstRead.resolve([row('data.a', 'a2')]);
    await first;

    expect(catalog.find('data.a')?.description).toBe('a3');
    expect(await catalog.reloadIfChanged()).toBe(false);
  });
});
