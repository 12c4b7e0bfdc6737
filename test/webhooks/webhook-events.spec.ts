import { CustomersService } from '../../src/customers/customers.service';
import { KeysService } from '../../src/keys/keys.service';
import { WEBHOOK_DELIVERY_QUEUE } from '../../src/webhooks/webhook-events.publisher';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { newTestWorld, type TestWorld } from '../fakes/new-test-service';

/**
 * Where events are published, on the fakes: each change that announces one makes one delivery per
 * subscribed endpoint, in the change's own transaction, with the event's data. Delivery itself is
 * webhook-delivery.worker.spec.ts; the events the sweep and the audit writer find (key.expired,
 * budget.threshold) and delivery over HTTP are webhook-events.e2e-spec.ts.
 */
describe('webhook events', () => {
  let world: TestWorld;
  let tenantId: string;
  let endpointId: string;

  beforeEach(async () => {
    world = newTestWorld({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    tenantId = (await world.repos.tenants.create({ name: 'reseller', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
    const webhooks = await world.get(WebhooksService);
    ({
      endpoint: { id: endpointId },
    } = await webhooks.create(tenantId, { url: 'http://127.0.0.1:9/hook', events: ['customer.suspended', 'key.rotated'] }));
  });

  /** The deliveries of an event type to the tenant's endpoint, oldest first. */
  const deliveriesOf = async (event: 'customer.suspended' | 'key.rotated') =>
    (await (await world.get(WebhooksService)).listDeliveries(tenantId, 100, undefined, { endpointId, event })).reverse();

  it('customer.suspended: on suspension, not again for a customer already suspended, again after a resume', async () => {
    const customers = await world.get(CustomersService);
    const customer = await customers.create(tenantId, { name: 'Ada', externalId: 'crm-7', metadata: {} });
    await customers.suspend(tenantId, customer.id);
    await customers.suspend(tenantId, customer.id);
    const [event, ...more] = await deliveriesOf('customer.suspended');
    expect(event.data).toEqual({ customer: { id: customer.id, external_id: 'crm-7', name: 'Ada' } });
    expect(more).toEqual([]);
    // Its first attempt is a job, added with it.
    expect(world.jobs.waiting(WEBHOOK_DELIVERY_QUEUE).map((j) => j.data)).toEqual([{ deliveryId: event.id, attempt: 1 }]);

    await customers.resume(tenantId, customer.id);
    await customers.suspend(tenantId, customer.id);
    expect(await deliveriesOf('customer.suspended')).toHaveLength(2);
  });

  it('key.rotated: the new key and the old one with the end of its grace period; never the secret', async () => {
    const keys = await world.get(KeysService);
    const { record } = await keys.create(tenantId, { name: 'to rotate' });
    const rotated = (await keys.rotateForTenant(tenantId, record.id, 600_000))!;
    expect(rotated.previous.expiresAt).toEqual(new Date(world.clock.nowMs() + 600_000));
    const [event, ...more] = await deliveriesOf('key.rotated');
    expect(more).toEqual([]);
    expect(event.data).toEqual({
      key: { id: rotated.record.id, prefix: rotated.record.prefix, name: 'to rotate', customer_id: null, expires_at: null },
      previous: {
        id: record.id,
        prefix: record.prefix,
        name: 'to rotate',
        customer_id: null,
        expires_at: rotated.previous.expiresAt!.toISOString(),
      },
    });
    expect(JSON.stringify(event)).not.toContain(rotated.key);
  });

  it('publishes nothing for a change that does not happen: a rotation refused, a suspension of another tenant’s customer', async () => {
    const keys = await world.get(KeysService);
    const { record } = await keys.create(tenantId);
    await keys.rotateForTenant(tenantId, record.id, 0);
    await expect(keys.rotateForTenant(tenantId, record.id, 0)).rejects.toMatchObject({ code: 'conflict' });
    expect(await deliveriesOf('key.rotated')).toHaveLength(1);
    const other = await world.repos.tenants.create({ name: 'other', kind: 'reseller', rateLimitPerWindow: null, planId: null });
    const customers = await world.get(CustomersService);
    const customer = await customers.create(tenantId, { name: 'Ada', externalId: null, metadata: {} });
    await expect(customers.suspend(other.id, customer.id)).rejects.toMatchObject({ code: 'resource_not_found' });
    expect(await deliveriesOf('customer.suspended')).toEqual([]);
  });
});
