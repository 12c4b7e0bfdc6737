import { Webhook } from 'standardwebhooks';
import { GatewayHarness } from '../support/gateway-harness';
import { backendPid, sessionsBlockedBy } from '../support/lock-waits';
import type { TestUpstream } from '../support/upstream-server';
import { deliveries, docsVerifier, registerEndpoint, startReceiver, waitForDelivery, webhookEnv } from '../support/webhook-fixtures';

/**
 * POST /webhook-endpoints/{id}/test: a signed `test` event to that one endpoint, whatever it
 * subscribes to, delivered to a real receiver on 127.0.0.1 and listed in the delivery log; another
 * endpoint of the tenant gets nothing; another tenant's endpoint is not found; a disabled one is a 409.
 */
describe('reseller API: sending a test event to a webhook endpoint', () => {
  let gw: GatewayHarness;
  const receivers: TestUpstream[] = [];

  beforeAll(async () => {
    gw = await GatewayHarness.start(webhookEnv());
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function receiver(): Promise<TestUpstream> {
    const started = await startReceiver();
    receivers.push(started);
    return started;
  }

  it('delivers one signed `test` event to that endpoint only, and the delivery log lists it as delivered', async () => {
    const { managementKey } = await gw.createReseller();
    const [target, other] = [await receiver(), await receiver()];
    const endpoint = await registerEndpoint(gw, managementKey, target, ['key.rotated']);
    const otherEndpoint = await registerEndpoint(gw, managementKey, other, ['key.rotated', 'budget.threshold']);

    const sent = await gw.reseller(managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ endpoint_id: endpoint.id, event: 'test', state: 'pending', attempt_count: 0 });

    await target.waitForRequests(1);
    const req = target.received[0];
    // Standard Webhooks: the reference library and the docs' verifier both accept it with the endpoint's secret.
    const body = new Webhook(endpoint.secret).verify(req.body, req.headers as Record<string, string>) as Record<string, any>;
    expect(docsVerifier()(endpoint.secret, req.headers, req.body)).toBe(true);
    expect(body).toEqual({
      id: sent.body.id,
      type: 'test',
      created_at: sent.body.created_at,
      data: { endpoint: { id: endpoint.id, url: `${target.url}/hook` }, message: expect.stringContaining('test event') },
    });
    expect(req.headers['webhook-id']).toBe(sent.body.id);

    const delivered = await waitForDelivery(gw, managementKey, sent.body.id, (d) => d.state === 'delivered');
    expect(delivered).toMatchObject({ event: 'test', attempt_count: 1, last_status: 200, payload: body });
    const log = await deliveries(gw, managementKey, `endpoint_id=${endpoint.id}&event=test`);
    expect(log.map((d) => d.id)).toEqual([sent.body.id]);
    // Only the endpoint asked for: the tenant's other endpoint has no delivery and got no request.
    expect(await deliveries(gw, managementKey, `endpoint_id=${otherEndpoint.id}`)).toEqual([]);
    expect(other.received).toEqual([]);
    expect(target.received).toHaveLength(1);
  });

  it('another tenant’s endpoint, or an unknown id, is not found (nothing sent); a disabled endpoint is a 409', async () => {
    const owner = await gw.createReseller();
    const intruder = await gw.createReseller();
    const target = await receiver();
    const endpoint = await registerEndpoint(gw, owner.managementKey, target, ['key.rotated']);

    const foreign = await gw.reseller(intruder.managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('resource_not_found');
    const unknown = await gw.reseller(owner.managementKey, 'POST', '/webhook-endpoints/0b8e6f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b/test');
    expect(unknown.status).toBe(404);
    expect((await gw.reseller(owner.managementKey, 'POST', '/webhook-endpoints/not-an-id/test')).status).toBe(400);

    expect((await gw.reseller(owner.managementKey, 'PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'disabled' })).status).toBe(200);
    const disabled = await gw.reseller(owner.managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(disabled.status).toBe(409);
    expect(disabled.body.error.code).toBe('conflict');
    expect(await deliveries(gw, owner.managementKey, `endpoint_id=${endpoint.id}`)).toEqual([]);
    expect(await deliveries(gw, intruder.managementKey)).toEqual([]);
    expect(target.received).toEqual([]);
  });

  it('an endpoint removed while its test event is being sent: not found, nothing sent (once a foreign-key 500)', async () => {
    const owner = await gw.createReseller();
    const target = await receiver();
    const endpoint = await registerEndpoint(gw, owner.managementKey, target, ['key.rotated']);
    // The removal holds the endpoint's row until it commits; the test event is sent meanwhile.
    const removal = await gw.prisma.pool.connect();
    try {
      await removal.query('BEGIN');
      await removal.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
      const sent = gw.reseller(owner.managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/test`);
      await sessionsBlockedBy(gw.prisma.pool, [await backendPid(removal)], 1, 'the test event to wait for the removal');
      await removal.query('COMMIT');
      const answer = await sent;
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('resource_not_found');
    } finally {
      removal.release();
    }
    expect(await gw.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(target.received).toEqual([]);
  });
});
