import { randomUUID } from 'node:crypto';
import { anyDate, anyId, cursorAt, describeContract, newestFirst } from './contract';

/** CustomersRepository and its fake. */
export function customersRepositoryContract(): void {
  describeContract('CustomersRepository', (run) => {
    it("creates a tenant's customer, active, and reads it only within its tenant", () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const customer = await repos.customers.create(tenant.id, {
          name: 'Ada Ltd',
          externalId: 'crm-42',
          metadata: { plan: 'gold', n: 1 },
        });
        expect(customer).toEqual({
          id: anyId,
          tenantId: tenant.id,
          name: 'Ada Ltd',
          externalId: 'crm-42',
          status: 'active',
          metadata: { plan: 'gold', n: 1 },
          allowedEndpoints: [],
          createdAt: anyDate,
          updatedAt: anyDate,
          deletedAt: null,
        });
        expect(await repos.customers.find(tenant.id, customer.id)).toEqual(customer);
        expect(await repos.customers.find(other.id, customer.id)).toBeNull();
        expect(await repos.customers.find(tenant.id, randomUUID())).toBeNull();
        expect(await repos.customers.belongsTo(tenant.id, customer.id)).toBe(true);
        expect(await repos.customers.belongsTo(other.id, customer.id)).toBe(false);
      }));

    it('keeps external ids unique per tenant among customers not deleted (P2002); another tenant may use it', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const first = await seed.customer(tenant.id, { externalId: 'crm-1' });
        expect(
          (await subject.refusal(() => repos.customers.create(tenant.id, { name: 'again', externalId: 'crm-1', metadata: {} }))).code,
        ).toBe('P2002');
        const second = await seed.customer(tenant.id, { externalId: 'crm-2' });
        expect((await subject.refusal(() => repos.customers.update(tenant.id, second.id, { externalId: 'crm-1' }))).code).toBe('P2002');
        expect(await seed.customer(other.id, { externalId: 'crm-1' })).toMatchObject({ externalId: 'crm-1' });
        // Customers without an external id never collide.
        await seed.customer(tenant.id, { externalId: null });
        await seed.customer(tenant.id, { externalId: null });
        // Deleted, it frees its external id, and is gone from reads (but still the tenant's).
        const deletedAt = await subject.now();
        expect(await repos.customers.update(tenant.id, first.id, { deletedAt })).toMatchObject({ deletedAt });
        expect(await repos.customers.find(tenant.id, first.id)).toBeNull();
        expect(await repos.customers.belongsTo(tenant.id, first.id)).toBe(true);
        expect(await repos.customers.update(tenant.id, first.id, { name: 'x' })).toBeNull();
        expect(await seed.customer(tenant.id, { externalId: 'crm-1' })).toMatchObject({ externalId: 'crm-1' });
        expect(
          (await subject.refusal(() => repos.customers.create(randomUUID(), { name: 'x', externalId: null, metadata: {} }))).code,
        ).toBe('P2003');
      }));

    it('updates what it is given, within the tenant only', () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const customer = await seed.customer(tenant.id, { name: 'Ada', externalId: 'x', metadata: { a: 1 } });
        expect(await repos.customers.update(other.id, customer.id, { name: 'Eve' })).toBeNull();
        const updated = await repos.customers.update(tenant.id, customer.id, {
          name: 'Ada Limited',
          metadata: { b: 2 },
          externalId: undefined,
        });
        expect(updated).toMatchObject({ id: customer.id, name: 'Ada Limited', externalId: 'x', metadata: { b: 2 }, status: 'active' });
        expect(await repos.customers.update(tenant.id, customer.id, { status: 'suspended' })).toMatchObject({ status: 'suspended' });
        expect(await repos.customers.update(tenant.id, randomUUID(), { name: 'x' })).toBeNull();
      }));

    it('suspends once: onSuspended runs in the suspension only for the call that suspended it', () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const calls: string[] = [];
        const onSuspended = async (_tx: unknown, c: { id: string; status: string }) => void calls.push(`${c.id} ${c.status}`);
        expect(await repos.customers.suspend(other.id, customer.id, onSuspended)).toBeNull();
        expect(await repos.customers.suspend(tenant.id, customer.id, onSuspended)).toMatchObject({ id: customer.id, status: 'suspended' });
        expect(await repos.customers.suspend(tenant.id, customer.id, onSuspended)).toMatchObject({ status: 'suspended' });
        expect(calls).toEqual([`${customer.id} suspended`]);
        await repos.customers.update(tenant.id, customer.id, { status: 'active' });
        await repos.customers.suspend(tenant.id, customer.id, onSuspended);
        expect(calls).toHaveLength(2);
      }));

    it('undoes the suspension when onSuspended throws', () =>
      run(async (subject) => {
        const tenant = await subject.seed.tenant();
        const customer = await subject.seed.customer(tenant.id);
        const error = await subject.refusal(() =>
          subject.repos.customers.suspend(tenant.id, customer.id, () => Promise.reject(new Error('publish failed'))),
        );
        expect(error.message).toBe('publish failed');
        expect(await subject.repos.customers.find(tenant.id, customer.id)).toMatchObject({ status: 'active' });
      }));

    it('lists newest first by cursor, filtered by external id, status and ids; searches names and external ids', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const made = new Map<string, string>();
        for (const [name, externalId] of [
          ['Acme Corp', null],
          ['acme labs', null],
          ['Beta Acme', null],
          ['ACMEX', null],
          ['Under_score', null],
          ['Underxscore', null],
          ['100% Co', null],
          ['Zed', 'crm-42'],
        ] as const) {
          made.set(name, (await seed.customer(tenant.id, { name, externalId })).id);
          subject.tick();
        }
        await seed.customer(other.id, { name: 'Acme of another tenant', externalId: 'crm-42' });
        // Newest first: created_at, then id (rows created in the same millisecond order by id).
        const all = await repos.customers.list(tenant.id, 20, undefined, {});
        expect(all).toHaveLength(8);
        expect(all).toEqual([...all].sort(newestFirst));
        /** These names in the list's order. */
        const listed = (...wanted: string[]) => all.map((c) => c.name).filter((n) => wanted.includes(n));
        const names = async (filter: Parameters<typeof repos.customers.list>[3], take = 20, cursor?: string) =>
          (await repos.customers.list(tenant.id, take, cursor, filter)).map((c) => c.name);
        expect(await names({ search: 'acme' })).toEqual(listed('ACMEX', 'acme labs', 'Acme Corp'));
        expect(await names({ search: 'ACME L' })).toEqual(['acme labs']);
        expect(await names({ search: 'crm-42' })).toEqual(['Zed']);
        expect(await names({ search: 'crm-4' })).toEqual([]);
        expect(await names({ search: 'under_' })).toEqual(['Under_score']);
        expect(await names({ search: '100%' })).toEqual(['100% Co']);
        expect(await names({ search: '%' })).toEqual([]);
        expect(await names({ externalId: 'crm-42' })).toEqual(['Zed']);
        await repos.customers.suspend(tenant.id, made.get('acme labs')!, async () => undefined);
        expect(await names({ search: 'acme', status: 'active' })).toEqual(listed('ACMEX', 'Acme Corp'));
        expect(await names({ status: 'suspended' })).toEqual(['acme labs']);
        expect(await names({ ids: [made.get('Zed')!, made.get('ACMEX')!, randomUUID()] })).toEqual(listed('Zed', 'ACMEX'));
        expect(await names({ search: 'acme', ids: [made.get('Acme Corp')!] })).toEqual(['Acme Corp']);
        // Pages by cursor, with and without a search.
        const first = await repos.customers.list(tenant.id, 3, undefined, {});
        expect([...first, ...(await repos.customers.list(tenant.id, 20, cursorAt(first[2]), {}))].map((c) => c.id)).toEqual(
          all.map((c) => c.id),
        );
        const searched = await repos.customers.list(tenant.id, 1, undefined, { search: 'acme' });
        expect(await names({ search: 'acme' }, 20, cursorAt(searched[0]))).toEqual(listed('ACMEX', 'acme labs', 'Acme Corp').slice(1));
        // A deleted customer is in no list.
        await repos.customers.update(tenant.id, made.get('ACMEX')!, { deletedAt: await subject.now() });
        expect(await names({ search: 'acme' })).toEqual(listed('acme labs', 'Acme Corp'));
        expect(await repos.customers.list(tenant.id, 20, undefined, {})).toHaveLength(7);
      }));
  });
}
