import { randomUUID } from 'node:crypto';
import { GatewayHarness } from '../support/gateway-harness';
import { deliveries } from '../support/webhook-fixtures';

const URL = 'https://hooks.example.com/gateway';

/**
 * The reseller API's webhook routes on a gateway with the production rules (https only, public
 * targets only) and no job workers: what is registered, shown, changed and logged. Deliveries
 * themselves: webhook-delivery.e2e-spec.ts.
 */
describe('reseller API: webhook endpoints and the delivery log', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('registers an endpoint with a secret shown once, stored encrypted, never shown again', async () => {
    const { managementKey, tenantId } = await gw.createReseller();
    const created = await gw.reseller(managementKey, 'POST', '/webhook-endpoints', {
      url: URL,
      events: ['key.rotated', 'budget.threshold'],
      description: 'ops',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: URL,
      description: 'ops',
      events: ['budget.threshold', 'key.rotated'],
      status: 'active',
      disabled_reason: null,
      previous_secret_expires_at: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const { secret, ...shown } = created.body;
    expect((await gw.reseller(managementKey, 'GET', `/webhook-endpoints/${created.body.id}`)).body).toEqual(shown);
    expect((await gw.reseller(managementKey, 'GET', '/webhook-endpoints')).body).toEqual({ data: [shown], next_cursor: null });

    const row = await gw.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.tenantId).toBe(tenantId);
    expect(row.secretCiphertext).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain((secret as string).slice(6));
  });

  it('changes, disables, enables and deletes an endpoint; pages the list', async () => {
    const { managementKey } = await gw.createReseller();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: `${URL}/${i}`, events: ['key.expired'] })).body.id);
    }
    const [id] = ids;
    const changed = await gw.reseller(managementKey, 'PATCH', `/webhook-endpoints/${id}`, {
      url: 'https://other.example.com/in?x=1',
      events: ['statement.closed', 'customer.suspended'],
      description: 'changed',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { url: 'https://other.example.com/in?x=1', events: ['customer.suspended', 'statement.closed'], description: 'changed' },
    });
    const disabled = await gw.reseller(managementKey, 'PATCH', `/webhook-endpoints/${id}`, { status: 'disabled' });
    expect(disabled.body).toMatchObject({ status: 'disabled', disabled_reason: 'tenant' });
    const enabled = await gw.reseller(managementKey, 'PATCH', `/webhook-endpoints/${id}`, { status: 'active' });
    expect(enabled.body).toMatchObject({ status: 'active', disabled_reason: null });

    const first = await gw.reseller(managementKey, 'GET', '/webhook-endpoints?limit=2');
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const second = await gw.reseller(managementKey, 'GET', `/webhook-endpoints?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id })], next_cursor: null });

    expect((await gw.reseller(managementKey, 'DELETE', `/webhook-endpoints/${id}`)).status).toBe(204);
    expect((await gw.reseller(managementKey, 'GET', `/webhook-endpoints/${id}`)).status).toBe(404);
    expect((await gw.reseller(managementKey, 'DELETE', `/webhook-endpoints/${id}`)).status).toBe(404);
    expect((await gw.reseller(managementKey, 'PATCH', `/webhook-endpoints/${randomUUID()}`, {})).status).toBe(404);
    expect((await gw.reseller(managementKey, 'POST', `/webhook-endpoints/${randomUUID()}/rotate-secret`, {})).status).toBe(404);
  });

  it('refuses http and inside targets (SSRF) unless the flags allow them', async () => {
    const { managementKey } = await gw.createReseller();
    for (const [url, problem] of [
      ['http://hooks.example.com/x', 'url must be an https:// URL'],
      ['https://127.0.0.1/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
      ['https://169.254.169.254/latest/meta-data/', 'url must point to a public address (not loopback, private, link-local or reserved)'],
      ['https://[::1]:8443/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
      ['https://localhost/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
      ['https://user:pw@hooks.example.com/x', 'url must not contain credentials'],
    ]) {
      const res = await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url, events: ['key.expired'] });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 400,
        body: { error: expect.objectContaining({ code: 'invalid_request', details: { problems: [problem] } }) },
      });
    }
    const created = (await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: URL, events: ['key.expired'] })).body;
    const patched = await gw.reseller(managementKey, 'PATCH', `/webhook-endpoints/${created.id}`, { url: 'https://10.0.0.1/x' });
    expect(patched.status).toBe(400);
    expect((await gw.reseller(managementKey, 'GET', '/webhook-endpoints')).body.data).toHaveLength(1);

    const dev = await GatewayHarness.start({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    try {
      const reseller = await dev.createReseller();
      const res = await dev.reseller(reseller.managementKey, 'POST', '/webhook-endpoints', {
        url: 'http://127.0.0.1:9/x',
        events: ['key.expired'],
      });
      expect(res.status).toBe(201);
    } finally {
      await dev.close();
    }
  });

  it('allows 20 endpoints per tenant', async () => {
    const { managementKey } = await gw.createReseller();
    const statuses = await Promise.all(
      Array.from({ length: 22 }, async (_, i) => {
        const res = await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: `${URL}/${i}`, events: ['key.expired'] });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
  });

  it('logs a delivery per subscribed endpoint and event, filtered by endpoint, event and state, paged', async () => {
    const { managementKey } = await gw.createReseller();
    const suspensions = (
      await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: `${URL}/a`, events: ['customer.suspended'] })
    ).body;
    const both = (
      await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: `${URL}/b`, events: ['customer.suspended', 'key.rotated'] })
    ).body;
    const off = (await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: `${URL}/c`, events: ['customer.suspended'] })).body;
    await gw.reseller(managementKey, 'PATCH', `/webhook-endpoints/${off.id}`, { status: 'disabled' });
    await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: `${URL}/d`, events: ['key.expired'] });

    const customer = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada' })).body;
    await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/suspend`);
    const key = (await gw.reseller(managementKey, 'POST', '/keys', {})).body;
    await gw.reseller(managementKey, 'POST', `/keys/${key.id}/rotate`, {});

    // Two endpoints for the suspension (not the disabled one), one for the rotation. No workers here: all pending.
    const all = await deliveries(gw, managementKey);
    expect(all.map((d) => [d.event, d.endpoint_id]).sort()).toEqual(
      [
        ['customer.suspended', suspensions.id],
        ['customer.suspended', both.id],
        ['key.rotated', both.id],
      ].sort(),
    );
    expect(all.every((d) => d.state === 'pending' && d.attempt_count === 0 && d.last_status === null)).toBe(true);
    expect((await deliveries(gw, managementKey, `endpoint_id=${both.id}`)).map((d) => d.event).sort()).toEqual([
      'customer.suspended',
      'key.rotated',
    ]);
    expect((await deliveries(gw, managementKey, 'event=key.rotated')).map((d) => d.endpoint_id)).toEqual([both.id]);
    expect(await deliveries(gw, managementKey, 'state=pending')).toHaveLength(3);
    expect(await deliveries(gw, managementKey, 'state=delivered')).toHaveLength(0);
    expect(await deliveries(gw, managementKey, `endpoint_id=${off.id}`)).toHaveLength(0);

    const page = await gw.reseller(managementKey, 'GET', '/webhook-deliveries?limit=2');
    const rest = await gw.reseller(managementKey, 'GET', `/webhook-deliveries?limit=2&cursor=${page.body.next_cursor}`);
    expect([...page.body.data, ...rest.body.data].map((d: { id: string }) => d.id)).toEqual(all.map((d) => d.id));
    expect(rest.body.next_cursor).toBeNull();

    const rotation = all.find((d) => d.event === 'key.rotated')!;
    const detail = await gw.reseller(managementKey, 'GET', `/webhook-deliveries/${rotation.id}`);
    expect(detail.body).toMatchObject({
      id: rotation.id,
      attempts: [],
      payload: { id: rotation.id, type: 'key.rotated', created_at: rotation.created_at, data: { previous: { id: key.id } } },
    });
    // Deleting an endpoint deletes its log.
    await gw.reseller(managementKey, 'DELETE', `/webhook-endpoints/${both.id}`);
    expect(await deliveries(gw, managementKey)).toHaveLength(1);
  });
});
