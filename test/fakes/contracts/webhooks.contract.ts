import { randomUUID } from 'node:crypto';
import type { AttemptRecord, NewEndpoint } from '../../../src/webhooks/webhooks.repository';
import { anyDate, cursorAt, describeContract, newestFirst, type Subject } from './contract';

/** WebhooksRepository and its fake. */

const endpoint = (fields: Partial<NewEndpoint> = {}): NewEndpoint => ({
  id: randomUUID(),
  url: 'https://hooks.example.com/in',
  description: '',
  events: ['customer.suspended'],
  secretCiphertext: 'v1.sealed.secret',
  ...fields,
});

/** A tenant with one endpoint and `n` deliveries to it (created `at`, default now). */
async function withDeliveries({ repos, seed }: Subject, n: number, at?: Date) {
  const tenant = await seed.tenant();
  const hook = (await repos.webhooks.createEndpoint(tenant.id, endpoint({ events: ['customer.suspended', 'key.rotated'] }), 20))!;
  const ids = Array.from({ length: n }, () => randomUUID());
  const createdAt = at ?? new Date();
  await repos.webhooks.transaction((tx) =>
    repos.webhooks.createDeliveries(
      tx,
      ids.map((id, i) => ({
        id,
        tenantId: tenant.id,
        endpointId: hook.id,
        event: i % 2 === 0 ? 'customer.suspended' : 'key.rotated',
        data: { n: i },
        createdAt: new Date(createdAt.getTime() + i),
        nextAttemptAt: createdAt,
        retryUntil: new Date(createdAt.getTime() + 86_400_000),
      })),
    ),
  );
  return { tenant, hook, ids };
}

const attempt = (deliveryId: string, number: number, fields: Partial<AttemptRecord> = {}): AttemptRecord => ({
  deliveryId,
  number,
  startedAt: new Date('2025-06-11T12:00:00.000Z'),
  durationMs: 12,
  httpStatus: 500,
  error: 'HTTP 500',
  state: 'pending',
  nextAttemptAt: new Date('2025-06-11T12:00:30.000Z'),
  disableEndpoint: false,
  ...fields,
});

export function webhooksRepositoryContract(): void {
  describeContract('WebhooksRepository', (run) => {
    it("creates a tenant's endpoints up to the maximum, reads, lists and pages them within the tenant only", () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const definition = endpoint({ description: 'crm', events: ['budget.threshold', 'key.rotated'] });
        const created = await repos.webhooks.createEndpoint(tenant.id, definition, 3);
        expect(created).toEqual({
          ...definition,
          tenantId: tenant.id,
          status: 'active',
          disabledReason: null,
          previousSecretCiphertext: null,
          previousSecretExpiresAt: null,
          createdAt: anyDate,
          updatedAt: anyDate,
        });
        subject.tick();
        await repos.webhooks.createEndpoint(tenant.id, endpoint(), 3);
        subject.tick();
        await repos.webhooks.createEndpoint(tenant.id, endpoint(), 3);
        expect(await repos.webhooks.createEndpoint(tenant.id, endpoint(), 3)).toBeNull();
        expect(await repos.webhooks.createEndpoint(other.id, endpoint(), 3)).not.toBeNull();
        expect((await subject.refusal(() => repos.webhooks.createEndpoint(randomUUID(), endpoint(), 3))).code).toBe('P2003');

        expect(await repos.webhooks.findEndpoint(tenant.id, created!.id)).toEqual(created);
        expect(await repos.webhooks.findEndpoint(other.id, created!.id)).toBeNull();
        const all = await repos.webhooks.listEndpoints(tenant.id, 10, undefined);
        expect(all).toHaveLength(3);
        expect(all).toEqual([...all].sort(newestFirst));
        const first = await repos.webhooks.listEndpoints(tenant.id, 1, undefined);
        expect([...first, ...(await repos.webhooks.listEndpoints(tenant.id, 10, cursorAt(first[0])))]).toEqual(all);
      }));

    it('updates, rotates the secret of and deletes an endpoint of the tenant (with its deliveries); another tenant’s reads as absent', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const { tenant, hook, ids } = await withDeliveries(subject, 2);
        const other = await seed.tenant();
        expect(await repos.webhooks.updateEndpoint(other.id, hook.id, { url: 'https://evil.example.com' })).toBeNull();
        const changed = await repos.webhooks.updateEndpoint(tenant.id, hook.id, {
          events: ['key.expired'],
          status: 'disabled',
          disabledReason: 'tenant',
          url: undefined,
        });
        expect(changed).toMatchObject({ url: hook.url, events: ['key.expired'], status: 'disabled', disabledReason: 'tenant' });

        const graceEnd = new Date('2030-01-01T00:00:00.000Z');
        expect(await repos.webhooks.rotateSecret(other.id, hook.id, 'v1.x.y', graceEnd)).toBeNull();
        expect(await repos.webhooks.rotateSecret(tenant.id, hook.id, 'v1.second', graceEnd)).toMatchObject({
          secretCiphertext: 'v1.second',
          previousSecretCiphertext: hook.secretCiphertext,
          previousSecretExpiresAt: graceEnd,
        });
        expect(await repos.webhooks.rotateSecret(tenant.id, hook.id, 'v1.third', null)).toMatchObject({
          secretCiphertext: 'v1.third',
          previousSecretCiphertext: null,
          previousSecretExpiresAt: null,
        });

        expect(await repos.webhooks.deleteEndpoint(other.id, hook.id)).toBe(false);
        expect(await repos.webhooks.deleteEndpoint(tenant.id, hook.id)).toBe(true);
        expect(await repos.webhooks.findEndpoint(tenant.id, hook.id)).toBeNull();
        expect(await repos.webhooks.findDelivery(tenant.id, ids[0])).toBeNull();
        expect(await repos.webhooks.deleteEndpoint(tenant.id, hook.id)).toBe(false);
      }));

    it('finds the active endpoints of these tenants subscribed to any of these events', () =>
      run(async ({ repos, seed }) => {
        const a = await seed.tenant();
        const b = await seed.tenant();
        const c = await seed.tenant();
        const suspended = (await repos.webhooks.createEndpoint(a.id, endpoint({ events: ['customer.suspended'] }), 20))!;
        const both = (await repos.webhooks.createEndpoint(a.id, endpoint({ events: ['key.rotated', 'customer.suspended'] }), 20))!;
        const off = (await repos.webhooks.createEndpoint(a.id, endpoint({ events: ['customer.suspended'] }), 20))!;
        await repos.webhooks.updateEndpoint(a.id, off.id, { status: 'disabled', disabledReason: 'tenant' });
        const ofB = (await repos.webhooks.createEndpoint(b.id, endpoint({ events: ['key.rotated'] }), 20))!;
        await repos.webhooks.createEndpoint(c.id, endpoint({ events: ['customer.suspended'] }), 20);
        const found = await repos.webhooks.transaction((tx) =>
          repos.webhooks.subscribedEndpoints(tx, [a.id, b.id], ['customer.suspended', 'budget.threshold']),
        );
        expect(found.sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
          [
            { id: suspended.id, tenantId: a.id, events: ['customer.suspended'] },
            { id: both.id, tenantId: a.id, events: ['key.rotated', 'customer.suspended'] },
          ].sort((x, y) => (x.id < y.id ? -1 : 1)),
        );
        const rotated = await repos.webhooks.transaction((tx) => repos.webhooks.subscribedEndpoints(tx, [a.id, b.id], ['key.rotated']));
        expect(rotated.map((e) => e.id).sort()).toEqual([both.id, ofB.id].sort());
      }));

    it('holds one endpoint of the tenant, active or not, with what a delivery to it needs; another tenant’s is not found', () =>
      run(async ({ repos, seed }) => {
        const a = await seed.tenant();
        const b = await seed.tenant();
        const on = (await repos.webhooks.createEndpoint(a.id, endpoint({ events: ['key.rotated'] }), 20))!;
        const off = (await repos.webhooks.createEndpoint(a.id, endpoint({ events: ['key.rotated'] }), 20))!;
        await repos.webhooks.updateEndpoint(a.id, off.id, { status: 'disabled', disabledReason: 'tenant' });
        const held = await repos.webhooks.transaction(async (tx) => [
          await repos.webhooks.holdEndpoint(tx, a.id, on.id),
          await repos.webhooks.holdEndpoint(tx, a.id, off.id),
          await repos.webhooks.holdEndpoint(tx, b.id, on.id),
        ]);
        expect(held).toEqual([
          { id: on.id, tenantId: a.id, url: on.url, status: 'active' },
          { id: off.id, tenantId: a.id, url: off.url, status: 'disabled' },
          null,
        ]);
      }));

    it('creates deliveries (pending, no attempt yet) in a transaction that rolls back with it; lists, filters and reads them within the tenant', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const { tenant, hook, ids } = await withDeliveries(subject, 4, new Date('2025-06-11T12:00:00.000Z'));
        const other = await seed.tenant();
        const delivery = await repos.webhooks.findDelivery(tenant.id, ids[1]);
        expect(delivery).toEqual({
          id: ids[1],
          tenantId: tenant.id,
          endpointId: hook.id,
          event: 'key.rotated',
          data: { n: 1 },
          state: 'pending',
          attemptCount: 0,
          lastStatus: null,
          lastError: null,
          nextAttemptAt: new Date('2025-06-11T12:00:00.000Z'),
          retryUntil: new Date('2025-06-12T12:00:00.000Z'),
          deliveredAt: null,
          createdAt: new Date('2025-06-11T12:00:00.001Z'),
          attempts: [],
        });
        expect(await repos.webhooks.findDelivery(other.id, ids[1])).toBeNull();
        const { attempts: _attempts, ...row } = delivery!;
        expect(await repos.webhooks.findForAttempt(ids[1])).toEqual({ ...row, endpoint: hook });
        expect(await repos.webhooks.findForAttempt(randomUUID())).toBeNull();

        const list = async (filter: Parameters<typeof repos.webhooks.listDeliveries>[3], take = 10, cursor?: string) =>
          (await repos.webhooks.listDeliveries(tenant.id, take, cursor, filter)).map((d) => d.id);
        expect(await list({})).toEqual([...ids].reverse());
        expect(await list({ event: 'key.rotated' })).toEqual([ids[3], ids[1]]);
        expect(await list({ endpointId: hook.id, state: 'pending' })).toHaveLength(4);
        expect(await list({ state: 'delivered' })).toEqual([]);
        expect(await list({ endpointId: randomUUID() })).toEqual([]);
        const [newest] = await repos.webhooks.listDeliveries(tenant.id, 1, undefined, {});
        expect(await list({}, 10, cursorAt(newest))).toEqual([ids[2], ids[1], ids[0]]);
        expect(await repos.webhooks.listDeliveries(other.id, 10, undefined, {})).toEqual([]);

        // A delivery to another tenant's endpoint is refused; a transaction that throws leaves none.
        const refused = await subject.refusal(() =>
          repos.webhooks.transaction((tx) =>
            repos.webhooks.createDeliveries(tx, [
              {
                id: randomUUID(),
                tenantId: other.id,
                endpointId: hook.id,
                event: 'key.rotated',
                data: {},
                nextAttemptAt: new Date(),
                retryUntil: new Date(),
              },
            ]),
          ),
        );
        expect(refused.code).toBe('P2003');
        const lost = randomUUID();
        await subject.refusal(() =>
          repos.webhooks.transaction(async (tx) => {
            await repos.webhooks.createDeliveries(tx, [
              {
                id: lost,
                tenantId: tenant.id,
                endpointId: hook.id,
                event: 'key.rotated',
                data: {},
                nextAttemptAt: new Date(),
                retryUntil: new Date(),
              },
            ]);
            throw new Error('the change it announced failed');
          }),
        );
        expect(await repos.webhooks.findDelivery(tenant.id, lost)).toBeNull();
        expect(await repos.webhooks.transaction(async () => 'answer')).toBe('answer');
      }));

    it('records each attempt once (compare-and-set on the count), with its retry job in the same transaction; 410 disables the endpoint', () =>
      run(async (subject) => {
        const { repos } = subject;
        const { tenant, hook, ids } = await withDeliveries(subject, 2);
        const jobs: number[] = [];
        const next = async () => void jobs.push(jobs.length + 1);
        expect(await repos.webhooks.recordAttempt(attempt(ids[0], 1), next)).toBe(true);
        // A second run of the same job: nothing recorded, no job.
        expect(await repos.webhooks.recordAttempt(attempt(ids[0], 1), next)).toBe(false);
        expect(await repos.webhooks.recordAttempt(attempt(ids[0], 3), next)).toBe(false);
        expect(jobs).toEqual([1]);
        // A failure of the job added with it undoes the attempt.
        await subject.refusal(() => repos.webhooks.recordAttempt(attempt(ids[0], 2), () => Promise.reject(new Error('queue down'))));
        expect((await repos.webhooks.findDelivery(tenant.id, ids[0]))?.attemptCount).toBe(1);
        expect(
          await repos.webhooks.recordAttempt(
            attempt(ids[0], 2, { httpStatus: 200, error: null, state: 'delivered', nextAttemptAt: null }),
            next,
          ),
        ).toBe(true);
        const delivered = await repos.webhooks.findDelivery(tenant.id, ids[0]);
        expect(delivered).toMatchObject({
          state: 'delivered',
          attemptCount: 2,
          lastStatus: 200,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: anyDate,
        });
        expect(delivered!.attempts).toEqual([
          {
            deliveryId: ids[0],
            number: 1,
            startedAt: new Date('2025-06-11T12:00:00.000Z'),
            durationMs: 12,
            httpStatus: 500,
            error: 'HTTP 500',
            nextAttemptAt: new Date('2025-06-11T12:00:30.000Z'),
          },
          {
            deliveryId: ids[0],
            number: 2,
            startedAt: new Date('2025-06-11T12:00:00.000Z'),
            durationMs: 12,
            httpStatus: 200,
            error: null,
            nextAttemptAt: null,
          },
        ]);
        expect(await repos.webhooks.recordAttempt(attempt(ids[0], 3), next)).toBe(false);

        const gone = attempt(ids[1], 1, {
          httpStatus: 410,
          error: 'HTTP 410: gone',
          state: 'failed',
          nextAttemptAt: null,
          disableEndpoint: true,
        });
        expect(await repos.webhooks.recordAttempt(gone, next)).toBe(true);
        expect(await repos.webhooks.findEndpoint(tenant.id, hook.id)).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
        expect(await repos.webhooks.findDelivery(tenant.id, ids[1])).toMatchObject({ state: 'failed', lastStatus: 410, deliveredAt: null });
      }));

    it('abandons a pending delivery at its count only; redelivers a delivered or failed one (not a pending one, nor one of a disabled endpoint)', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const { tenant, hook, ids } = await withDeliveries(subject, 3);
        const other = await seed.tenant();
        await repos.webhooks.abandon(ids[0], 1, 'wrong count');
        expect((await repos.webhooks.findDelivery(tenant.id, ids[0]))?.state).toBe('pending');
        await repos.webhooks.abandon(ids[0], 0, 'endpoint disabled: not attempted');
        expect(await repos.webhooks.findDelivery(tenant.id, ids[0])).toMatchObject({
          state: 'failed',
          lastError: 'endpoint disabled: not attempted',
          nextAttemptAt: null,
        });

        const queued: Array<[string, number]> = [];
        const next = async (_tx: unknown, d: { id: string; attemptCount: number }) => void queued.push([d.id, d.attemptCount]);
        const until = new Date('2031-01-01T00:00:00.000Z');
        expect(await repos.webhooks.redeliver(tenant.id, ids[1], until, next)).toBe('pending');
        expect(await repos.webhooks.redeliver(other.id, ids[0], until, next)).toBe('not_found');
        expect(await repos.webhooks.redeliver(tenant.id, randomUUID(), until, next)).toBe('not_found');
        await repos.webhooks.recordAttempt(
          attempt(ids[1], 1, { httpStatus: 200, error: null, state: 'delivered', nextAttemptAt: null }),
          async () => undefined,
        );
        const again = await repos.webhooks.redeliver(tenant.id, ids[1], until, next);
        expect(again).toMatchObject({
          id: ids[1],
          state: 'pending',
          attemptCount: 1,
          retryUntil: until,
          deliveredAt: null,
          nextAttemptAt: anyDate,
        });
        const failedAgain = await repos.webhooks.redeliver(tenant.id, ids[0], until, next);
        expect(failedAgain).toMatchObject({ id: ids[0], state: 'pending', attemptCount: 0 });
        expect(queued).toEqual([
          [ids[1], 1],
          [ids[0], 0],
        ]);
        await repos.webhooks.abandon(ids[2], 0, 'x');
        await repos.webhooks.updateEndpoint(tenant.id, hook.id, { status: 'disabled', disabledReason: 'tenant' });
        expect(await repos.webhooks.redeliver(tenant.id, ids[2], until, next)).toBe('endpoint_disabled');
      }));

    it('prunes, oldest first, deliveries created before a time that are no longer pending, with their attempts', () =>
      run(async (subject) => {
        const { repos } = subject;
        // In 1999: before anything else in a shared database.
        const { tenant, ids } = await withDeliveries(subject, 4, new Date('1999-01-01T00:00:00.000Z'));
        for (const id of [ids[0], ids[1], ids[3]]) await repos.webhooks.abandon(id, 0, 'done');
        await repos.webhooks.recordAttempt(attempt(ids[2], 1), async () => undefined);
        expect(await repos.webhooks.pruneDeliveries(new Date('1999-01-01T00:00:00.003Z'), 1)).toBe(1);
        expect(await repos.webhooks.findDelivery(tenant.id, ids[0])).toBeNull();
        expect(await repos.webhooks.pruneDeliveries(new Date('1999-01-01T00:00:00.003Z'), 10)).toBe(1);
        expect((await repos.webhooks.listDeliveries(tenant.id, 10, undefined, {})).map((d) => d.id)).toEqual([ids[3], ids[2]]);
      }));
  });
}
