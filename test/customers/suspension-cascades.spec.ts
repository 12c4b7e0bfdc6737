import { GatewayError, type ErrorCode } from '../../src/common/errors/error-catalog';
import { ActivityLog } from '../../src/activity/activity-log.repository';
import { CustomersService } from '../../src/customers/customers.service';
import { KeysService } from '../../src/keys/keys.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { newTestWorld, type TestWorld } from '../fakes/new-test-service';
import { ADMIN_TOKEN_ACTOR } from '../support/actors';

/**
 * What suspending, resuming and deleting does to keys, on the fakes: a customer's suspension stops
 * every key of it at once (cached ones included, on every KeysService listening on the event bus),
 * its resumption restarts them, its deletion revokes them; a tenant's suspension stops every key of
 * the tenant. The same through the routes and the public endpoint is reseller-customers.e2e-spec.ts,
 * across gateway processes (Redis) suspension-propagation.e2e-spec.ts.
 */

async function refusal(promise: Promise<unknown>): Promise<ErrorCode | 'accepted'> {
  return promise.then(
    () => 'accepted' as const,
    (err: unknown) => {
      if (err instanceof GatewayError) return err.code;
      throw err;
    },
  );
}

describe('suspension cascades', () => {
  let world: TestWorld;
  let keys: KeysService;
  let customers: CustomersService;
  let tenantId: string;

  beforeEach(async () => {
    world = newTestWorld();
    keys = await world.get(KeysService);
    customers = await world.get(CustomersService);
    tenantId = (await world.repos.tenants.create({ name: 'reseller', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
  });

  /** A customer of the tenant with a key, already verified once (so cached). */
  async function customerWithKey(name: string) {
    const customer = await customers.create(tenantId, { name, externalId: `crm-${name}`, metadata: {} });
    const { key } = await keys.create(tenantId, { customerId: customer.id });
    await keys.verify(key);
    return { customer, key };
  }

  it('suspending a customer stops its keys at once, cached ones included, and only its; resuming restarts them', async () => {
    const a = await customerWithKey('a');
    const b = await customerWithKey('b');
    const own = (await keys.create(tenantId)).key;
    // Another process's key cache, on the same event bus (what Redis pub/sub is between processes).
    const elsewhere = new KeysService(world.repos.keys, world.bus, world.config, world.clock, await world.get(ActivityLog));
    await elsewhere.onModuleInit();
    await elsewhere.verify(a.key);

    expect(await customers.suspend(tenantId, a.customer.id)).toMatchObject({ status: 'suspended' });
    expect(await refusal(keys.verify(a.key))).toBe('customer_suspended');
    expect(await refusal(elsewhere.verify(a.key))).toBe('customer_suspended');
    expect(await refusal(keys.verify(b.key))).toBe('accepted');
    expect(await refusal(keys.verify(own))).toBe('accepted');

    expect(await customers.resume(tenantId, a.customer.id)).toMatchObject({ status: 'active' });
    expect(await refusal(keys.verify(a.key))).toBe('accepted');
    expect(await refusal(elsewhere.verify(a.key))).toBe('accepted');
  });

  it('deleting a customer revokes its keys, frees its external id and hides it; once', async () => {
    const a = await customerWithKey('leaving');
    const b = await customerWithKey('staying');
    await customers.delete(tenantId, a.customer.id);
    expect(await refusal(keys.verify(a.key))).toBe('revoked_api_key');
    expect(await refusal(keys.verify(b.key))).toBe('accepted');
    expect(await refusal(customers.get(tenantId, a.customer.id))).toBe('resource_not_found');
    expect(await refusal(customers.delete(tenantId, a.customer.id))).toBe('resource_not_found');
    expect(await customers.belongsTo(tenantId, a.customer.id)).toBe(true);
    expect(await customers.create(tenantId, { name: 'Back', externalId: 'crm-leaving', metadata: {} })).toMatchObject({
      externalId: 'crm-leaving',
    });
    expect(await customers.get(tenantId, b.customer.id)).toMatchObject({ deletedAt: null });
  });

  it("another tenant's customer is not found for any of it, and its keys go on", async () => {
    const a = await customerWithKey('a');
    const other = (await world.repos.tenants.create({ name: 'other', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
    expect(await refusal(customers.suspend(other, a.customer.id))).toBe('resource_not_found');
    expect(await refusal(customers.resume(other, a.customer.id))).toBe('resource_not_found');
    expect(await refusal(customers.delete(other, a.customer.id))).toBe('resource_not_found');
    expect(await refusal(keys.verify(a.key))).toBe('accepted');
  });

  it("suspending a tenant stops every key of it at once, its customers' too; a change of its limit reaches cached keys at once", async () => {
    const tenants = await world.get(TenantsService);
    const a = await customerWithKey('a');
    const own = (await keys.create(tenantId)).key;
    await keys.verify(own);
    const otherTenant = (await world.repos.tenants.create({ name: 'other', kind: 'direct', rateLimitPerWindow: null, planId: null })).id;
    const unrelated = (await keys.create(otherTenant)).key;

    await tenants.update(tenantId, { status: 'suspended' }, ADMIN_TOKEN_ACTOR);
    expect(await refusal(keys.verify(a.key))).toBe('tenant_suspended');
    expect(await refusal(keys.verify(own))).toBe('tenant_suspended');
    expect(await refusal(keys.verify(unrelated))).toBe('accepted');
    await tenants.update(tenantId, { status: 'active', rateLimitPerWindow: 12 }, ADMIN_TOKEN_ACTOR);
    expect((await keys.verify(own)).tenantRateLimit).toBe(12);
    expect(await refusal(keys.verify(a.key))).toBe('accepted');
  });
});
