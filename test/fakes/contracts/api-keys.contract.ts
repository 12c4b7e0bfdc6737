import { randomBytes, randomUUID } from 'node:crypto';
import type { ExpiredKey, NewApiKey } from '../../../src/keys/api-key.repository';
import { anyDate, anyId, cursorAt, describeContract, newestFirst } from './contract';

/** ApiKeyRepository and its fake. */

const newKey = (tenantId: string, fields: Partial<NewApiKey> = {}): NewApiKey => ({
  tenantId,
  customerId: null,
  name: 'k',
  prefix: `gw_${randomBytes(6).toString('hex')}`,
  secretHash: new Uint8Array(randomBytes(32)),
  expiresAt: null,
  rateLimitPerWindow: null,
  ...fields,
});

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : 1);
const bySlug = <T extends { slug: string }>(a: T, b: T) => (a.slug < b.slug ? -1 : 1);

export function apiKeyRepositoryContract(): void {
  describeContract('ApiKeyRepository', (run) => {
    it('creates a key and reads it (without its hash), within its tenant only; refuses an unknown tenant, another tenant’s customer, a taken prefix', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const data = newKey(tenant.id, {
          customerId: customer.id,
          name: 'prod',
          rateLimitPerWindow: 5,
          expiresAt: new Date('2031-01-01T00:00:00.000Z'),
        });
        const key = await repos.keys.create(data);
        expect(key).toEqual({
          id: anyId,
          tenantId: tenant.id,
          customerId: customer.id,
          name: 'prod',
          prefix: data.prefix,
          status: 'active',
          rateLimitPerWindow: 5,
          expiresAt: new Date('2031-01-01T00:00:00.000Z'),
          revokedAt: null,
          createdAt: anyDate,
          rotatedFromId: null,
        });
        expect(await repos.keys.findById(key.id)).toEqual(key);
        expect(await repos.keys.findForTenant(tenant.id, key.id)).toEqual(key);
        expect(await repos.keys.findForTenant(other.id, key.id)).toBeNull();
        expect(await repos.keys.findById(randomUUID())).toBeNull();
        expect((await subject.refusal(() => repos.keys.create(newKey(randomUUID())))).code).toBe('P2003');
        expect((await subject.refusal(() => repos.keys.create(newKey(other.id, { customerId: customer.id })))).code).toBe('P2003');
        expect((await subject.refusal(() => repos.keys.create(newKey(tenant.id, { prefix: data.prefix })))).code).toBe('P2002');
      }));

    it('finds a key by prefix with what verification needs: hash, tenant and plan, customer, limits, budgets, prices', () =>
      run(async ({ repos, seed }) => {
        const plan = await seed.plan({ allowedCategories: ['text', 'infra'], requestLimitPerWindow: 90, resaleDiscountBps: 1500 });
        const tenant = await seed.tenant({ planId: plan.id, rateLimitPerWindow: 80 });
        const customer = await seed.customer(tenant.id);
        const otherCustomer = await seed.customer(tenant.id);
        const data = newKey(tenant.id, { customerId: customer.id, rateLimitPerWindow: 3 });
        const key = await repos.keys.create(data);
        const own = await repos.keys.create(newKey(tenant.id));
        await seed.allowEndpoints('key', key.id, ['text.*']);
        await seed.allowEndpoints('customer', customer.id, ['text.generate']);
        await seed.requestLimit({ tenantId: tenant.id, subject: 'key', subjectId: key.id, slug: '*', requestsPerWindow: 10 });
        await seed.requestLimit({
          tenantId: tenant.id,
          subject: 'customer',
          subjectId: customer.id,
          slug: 'text.generate',
          requestsPerWindow: 20,
        });
        await seed.requestLimit({
          tenantId: tenant.id,
          subject: 'customer',
          subjectId: otherCustomer.id,
          slug: '*',
          requestsPerWindow: 30,
        });
        const now = new Date();
        const keyBudget = await repos.budgets.put(tenant.id, 'key', key.id, 'daily', 1n, now);
        const customerBudget = await repos.budgets.put(tenant.id, 'customer', customer.id, 'weekly', 2n, now);
        const tenantBudget = await repos.budgets.put(tenant.id, 'tenant', tenant.id, 'none', 3n, now);
        await repos.budgets.put(tenant.id, 'customer', otherCustomer.id, 'monthly', 4n, now);
        await seed.priceOverride({ tenantId: tenant.id, customerId: null, slug: 'text.generate', meter: 'calls', pricePicoUsdPerUnit: 7n });
        await seed.priceOverride({ tenantId: tenant.id, customerId: customer.id, slug: '*', markupBps: 2500 });
        await seed.priceOverride({ tenantId: tenant.id, customerId: otherCustomer.id, slug: '*', markupBps: 100 });

        const stored = await repos.keys.findByPrefix(data.prefix);
        expect({
          ...stored!,
          secretHash: Buffer.from(stored!.secretHash).toString('hex'),
          limits: [...stored!.limits].sort(bySlug),
          budgets: [...stored!.budgets].sort(byId),
          prices: [...stored!.prices].sort(bySlug),
        }).toEqual({
          id: key.id,
          tenantId: tenant.id,
          customerId: customer.id,
          prefix: data.prefix,
          secretHash: Buffer.from(data.secretHash).toString('hex'),
          status: 'active',
          expiresAt: null,
          rateLimitPerWindow: 3,
          tenant: {
            status: 'active',
            rateLimitPerWindow: 80,
            planId: plan.id,
            plan: { allowedCategories: ['text', 'infra'], requestLimitPerWindow: 90, resaleDiscountBps: 1500 },
          },
          customer: { status: 'active', deletedAt: null, allowedEndpoints: ['text.generate'] },
          allowedEndpoints: ['text.*'],
          limits: [
            { subject: 'key', slug: '*', requestsPerWindow: 10 },
            { subject: 'customer', slug: 'text.generate', requestsPerWindow: 20 },
          ],
          budgets: [keyBudget, customerBudget, tenantBudget]
            .map(({ id, subject, subjectId, period, capPicoUsd }) => ({ id, subject, subjectId, period, capPicoUsd }))
            .sort(byId),
          prices: [
            { customerId: customer.id, slug: '*', meter: null, pricePicoUsdPerUnit: null, markupBps: 2500 },
            { customerId: null, slug: 'text.generate', meter: 'calls', pricePicoUsdPerUnit: 7n, markupBps: null },
          ],
        });
        // The tenant's own key: no customer, no prices, the tenant's budget only.
        const ownStored = await repos.keys.findByPrefix(own.prefix);
        expect(ownStored).toMatchObject({ customer: null, prices: [], limits: [], allowedEndpoints: [] });
        expect(ownStored!.budgets.map((b) => b.id)).toEqual([tenantBudget.id]);
        expect(await repos.keys.findByPrefix('gw_000000000000')).toBeNull();
      }));

    it("lists a tenant's keys newest first by cursor: all, its own (customer null), a customer's, given ids", () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const other = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const keys = [];
        for (const customerId of [null, customer.id, null, customer.id]) {
          keys.push(await repos.keys.create(newKey(tenant.id, { customerId })));
          subject.tick();
        }
        await repos.keys.create(newKey(other.id));
        const all = await repos.keys.listByTenant(tenant.id, 10);
        expect(all.map((k) => k.id).sort()).toEqual(keys.map((k) => k.id).sort());
        expect(all).toEqual([...all].sort(newestFirst));
        expect((await repos.keys.listByTenant(tenant.id, 10, undefined, { customerId: null })).map((k) => k.customerId)).toEqual([
          null,
          null,
        ]);
        expect(
          (await repos.keys.listByTenant(tenant.id, 10, undefined, { customerId: customer.id })).every((k) => k.customerId === customer.id),
        ).toBe(true);
        const ids = [keys[0].id, keys[3].id, randomUUID()];
        expect((await repos.keys.listByTenant(tenant.id, 10, undefined, { ids })).map((k) => k.id)).toEqual(
          all.filter((k) => ids.includes(k.id)).map((k) => k.id),
        );
        const first = await repos.keys.listByTenant(tenant.id, 2);
        expect([...first, ...(await repos.keys.listByTenant(tenant.id, 10, cursorAt(first[1])))]).toEqual(all);
        expect(await repos.keys.listByTenant(other.id, 10, undefined, { ids: keys.map((k) => k.id) })).toEqual([]);
      }));

    it('updates name, limit and expiry (a new expiry is announced again once reached); refuses an unknown key (P2025)', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const now = await subject.now();
        const past = new Date(now.getTime() - 60_000);
        const key = await repos.keys.create(newKey(tenant.id, { expiresAt: past }));
        const claimOurs = async () => {
          const claimed: string[] = [];
          await repos.keys.claimExpired(
            10_000,
            async (_tx, keys) => void claimed.push(...keys.filter((k) => k.tenantId === tenant.id).map((k) => k.id)),
          );
          return claimed;
        };
        expect(await claimOurs()).toEqual([key.id]);
        expect(await claimOurs()).toEqual([]);
        const renamed = await repos.keys.update(key.id, { name: 'renamed', rateLimitPerWindow: 9 });
        expect(renamed).toMatchObject({ name: 'renamed', rateLimitPerWindow: 9, expiresAt: past });
        expect(await claimOurs()).toEqual([]);
        const earlier = new Date(now.getTime() - 30_000);
        expect(await repos.keys.update(key.id, { expiresAt: earlier })).toMatchObject({ expiresAt: earlier });
        expect(await claimOurs()).toEqual([key.id]);
        expect((await subject.refusal(() => repos.keys.update(randomUUID(), { name: 'x' }))).code).toBe('P2025');
      }));

    it('claims the expired keys not announced yet, once: not a revoked key, not a key that expires later; with the key that replaced it', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const now = await subject.now();
        const expired = await repos.keys.create(
          newKey(tenant.id, { customerId: customer.id, name: 'expired', expiresAt: new Date(now.getTime() - 2000) }),
        );
        const atNow = await repos.keys.create(newKey(tenant.id, { expiresAt: now }));
        const revoked = await repos.keys.create(newKey(tenant.id, { expiresAt: new Date(now.getTime() - 1000) }));
        await repos.keys.revoke(revoked.id);
        await repos.keys.create(newKey(tenant.id, { expiresAt: new Date(now.getTime() + 3_600_000) }));
        await repos.keys.create(newKey(tenant.id));
        const rotatedAway = await repos.keys.create(newKey(tenant.id, { name: 'rotated' }));
        const rotation = await repos.keys.rotate(rotatedAway.id, newKey(tenant.id), new Date(now.getTime() - 500));
        if (typeof rotation === 'string') throw new Error(rotation);

        // A claim whose announcement fails marks nothing.
        expect(
          (await subject.refusal(() => repos.keys.claimExpired(10_000, () => Promise.reject(new Error('publish failed'))))).message,
        ).toBe('publish failed');
        const claimed: ExpiredKey[] = [];
        await repos.keys.claimExpired(10_000, async (_tx, keys) => void claimed.push(...keys.filter((k) => k.tenantId === tenant.id)));
        expect(claimed.sort(byId)).toEqual(
          [
            {
              id: expired.id,
              tenantId: tenant.id,
              customerId: customer.id,
              name: 'expired',
              prefix: expired.prefix,
              expiresAt: expired.expiresAt,
              replacedById: null,
            },
            { id: atNow.id, tenantId: tenant.id, customerId: null, name: 'k', prefix: atNow.prefix, expiresAt: now, replacedById: null },
            {
              id: rotatedAway.id,
              tenantId: tenant.id,
              customerId: null,
              name: 'rotated',
              prefix: rotatedAway.prefix,
              expiresAt: new Date(now.getTime() - 500),
              replacedById: rotation.created.id,
            },
          ].sort(byId),
        );
        const again: string[] = [];
        await repos.keys.claimExpired(
          10_000,
          async (_tx, keys) => void again.push(...keys.filter((k) => k.tenantId === tenant.id).map((k) => k.id)),
        );
        expect(again).toEqual([]);
      }));

    it("rotates an active key once: the replacement has the old key's endpoints, limits and budget; the old one its grace expiry", () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const old = await repos.keys.create(newKey(tenant.id, { customerId: customer.id, name: 'prod', rateLimitPerWindow: 4 }));
        await seed.allowEndpoints('key', old.id, ['infra.*']);
        await seed.requestLimit({ tenantId: tenant.id, subject: 'key', subjectId: old.id, slug: 'infra.dns', requestsPerWindow: 11 });
        const budget = await repos.budgets.put(tenant.id, 'key', old.id, 'monthly', 50n, new Date());
        const graceEnd = new Date('2030-01-01T00:00:00.000Z');
        const replacement = newKey(tenant.id, { customerId: customer.id, name: 'prod', rateLimitPerWindow: 4 });
        const seen: unknown[] = [];
        const rotated = await repos.keys.rotate(old.id, replacement, graceEnd, async (_tx, keys) => void seen.push(keys));
        if (typeof rotated === 'string') throw new Error(rotated);
        expect(seen).toEqual([rotated]);
        expect(rotated.previous).toEqual({ ...old, expiresAt: graceEnd });
        expect(rotated.created).toMatchObject({
          prefix: replacement.prefix,
          customerId: customer.id,
          name: 'prod',
          status: 'active',
          rotatedFromId: old.id,
        });
        const stored = await repos.keys.findByPrefix(replacement.prefix);
        expect(stored).toMatchObject({
          allowedEndpoints: ['infra.*'],
          limits: [{ subject: 'key', slug: 'infra.dns', requestsPerWindow: 11 }],
        });
        expect(stored!.budgets.map((b) => [b.id, b.subjectId])).toEqual([[budget.id, rotated.created.id]]);
        // The old key, in its grace period, spends from the replacement's budget.
        expect((await repos.keys.findByPrefix(old.prefix))!.budgets.map((b) => b.id)).toEqual([budget.id]);
        expect(await repos.budgets.find('key', old.id)).toBeNull();
        expect(await repos.keys.replacementOf(old.id)).toBe(rotated.created.id);
        expect(await repos.keys.replacementOf(rotated.created.id)).toBeNull();

        expect(await repos.keys.rotate(old.id, newKey(tenant.id), graceEnd)).toBe('already_rotated');
        // The replacement rotated in turn: the budget moves on, and the first key, still in grace, follows it.
        const again = await repos.keys.rotate(rotated.created.id, newKey(tenant.id, { customerId: customer.id }), graceEnd);
        if (typeof again === 'string') throw new Error(again);
        expect((await repos.keys.findByPrefix(old.prefix))!.budgets.map((b) => [b.id, b.subjectId])).toEqual([
          [budget.id, again.created.id],
        ]);
        expect(await repos.keys.predecessorPrefixes(again.created.id)).toEqual([rotated.created.prefix, old.prefix]);
        expect(await repos.keys.predecessorPrefixes(old.id)).toEqual([]);
        // A replaced key's expiry is only brought forward.
        for (const expiresAt of [null, new Date(graceEnd.getTime() + 1)]) {
          expect(await repos.keys.update(old.id, { expiresAt })).toEqual({
            beyondGrace: true,
            replacedById: rotated.created.id,
            latest: graceEnd,
          });
        }
        const within = new Date(rotated.created.createdAt.getTime() + 86_400_000);
        expect(await repos.keys.update(old.id, { expiresAt: within })).toMatchObject({ id: old.id, expiresAt: within });
        const revoked = await repos.keys.create(newKey(tenant.id));
        await repos.keys.revoke(revoked.id);
        expect(await repos.keys.rotate(revoked.id, newKey(tenant.id), graceEnd)).toBe('inactive');
        expect(await repos.keys.rotate(randomUUID(), newKey(tenant.id), graceEnd)).toBe('inactive');
      }));

    it("creates a key with inTransaction in the insert's transaction: handed the new key, and undone when it throws", () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const seen: unknown[] = [];
        const key = await repos.keys.create(newKey(tenant.id, { rateLimitPerWindow: 4 }), async (_tx, created) => void seen.push(created));
        expect(seen).toEqual([key]);
        expect(await repos.keys.findById(key.id)).toEqual(key);

        const refused = newKey(tenant.id, { rateLimitPerWindow: 4 });
        const error = await subject.refusal(() => repos.keys.create(refused, () => Promise.reject(new Error('no'))));
        expect(error.message).toBe('no');
        expect(await repos.keys.findByPrefix(refused.prefix)).toBeNull();
      }));

    it('undoes a rotation whose inTransaction throws', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const old = await repos.keys.create(newKey(tenant.id));
        const replacement = newKey(tenant.id);
        const error = await subject.refusal(() =>
          repos.keys.rotate(old.id, replacement, new Date('2030-01-01T00:00:00.000Z'), () => Promise.reject(new Error('no'))),
        );
        expect(error.message).toBe('no');
        expect(await repos.keys.findById(old.id)).toEqual(old);
        expect(await repos.keys.findByPrefix(replacement.prefix)).toBeNull();
        expect(await repos.keys.replacementOf(old.id)).toBeNull();
      }));

    it('revokes once (the first time is kept); revokes every active key of a customer, and no other', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const tenant = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const key = await repos.keys.create(newKey(tenant.id));
        const revoked = await repos.keys.revoke(key.id);
        expect(revoked).toMatchObject({ status: 'revoked', revokedAt: anyDate });
        subject.tick(1000);
        expect(await repos.keys.revoke(key.id)).toEqual(revoked);
        expect(await repos.keys.revoke(randomUUID())).toBeNull();

        const a = await repos.keys.create(newKey(tenant.id, { customerId: customer.id }));
        const b = await repos.keys.create(newKey(tenant.id, { customerId: customer.id }));
        const already = await repos.keys.create(newKey(tenant.id, { customerId: customer.id }));
        await repos.keys.revoke(already.id);
        const own = await repos.keys.create(newKey(tenant.id));
        expect((await repos.keys.revokeAllOfCustomer(tenant.id, customer.id)).sort()).toEqual([a.prefix, b.prefix].sort());
        expect((await repos.keys.findById(a.id))?.status).toBe('revoked');
        expect((await repos.keys.findById(own.id))?.status).toBe('active');
        expect(await repos.keys.revokeAllOfCustomer(tenant.id, customer.id)).toEqual([]);
      }));

    it('tells when each key last made a call, from the audit trail', () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const used = await repos.keys.create(newKey(tenant.id));
        const unused = await repos.keys.create(newKey(tenant.id));
        const at = (ms: number) => new Date(Date.UTC(2025, 5, 10, 12) + ms);
        for (const ms of [0, 5000, 2000]) await seed.auditRecord({ createdAt: at(ms), tenantId: tenant.id, apiKeyId: used.id });
        const last = await repos.keys.lastUsed([used.id, unused.id]);
        expect([...last]).toEqual([[used.id, at(5000)]]);
        expect(await repos.keys.lastUsed([])).toEqual(new Map());
      }));
  });
}
