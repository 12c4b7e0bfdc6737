import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { WebhookSecrets } from '../../src/webhooks/webhook-secrets';
import { GatewayHarness } from '../support/gateway-harness';
import type { ReceivedRequest, TestUpstream } from '../support/upstream-server';
import { docsVerifier, registerEndpoint, startReceiver, webhookEnv } from '../support/webhook-fixtures';

/**
 * Deliveries checked with the Standard Webhooks reference library (the `standardwebhooks` npm
 * package, what a receiver in Node would install): a real delivery to a receiver on 127.0.0.1
 * verifies with the endpoint's secret, a changed body or another secret does not, both secrets
 * verify during a rotation's grace period, and a secret issued before the standard (base64url)
 * keeps its key.
 */
describe('webhook deliveries follow Standard Webhooks 1.0', () => {
  let gw: GatewayHarness;
  const receivers: TestUpstream[] = [];
  const verifyWithDocs = docsVerifier();

  beforeAll(async () => {
    gw = await GatewayHarness.start(webhookEnv());
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function tenantWithReceiver() {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const { managementKey } = await gw.createReseller();
    const endpoint = await registerEndpoint(gw, managementKey, receiver, ['customer.suspended']);
    return { managementKey, receiver, endpoint };
  }

  /** Suspends a new customer (one customer.suspended event) and returns the `count`th request the receiver got. */
  async function deliverOne(managementKey: string, receiver: TestUpstream, count: number): Promise<ReceivedRequest> {
    const customer = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada Ltd', external_id: `crm-${randomUUID()}` })).body;
    expect((await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/suspend`)).status).toBe(200);
    await receiver.waitForRequests(count);
    return receiver.received[count - 1];
  }

  /** What the library's verify() does with a delivery: the parsed body, or the error it threw. */
  function verifyWithLibrary(secret: string, req: ReceivedRequest, body = req.body): unknown {
    try {
      return new Webhook(secret).verify(body, req.headers as Record<string, string>);
    } catch (err) {
      return err;
    }
  }

  it("a real delivery verifies with the library's Webhook class; a changed body, id or secret does not", async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const req = await deliverOne(managementKey, receiver, 1);
    expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(req.headers['webhook-timestamp']).toMatch(/^\d{10}$/);

    expect(verifyWithLibrary(endpoint.secret, req)).toEqual(JSON.parse(req.body));
    expect(JSON.parse(req.body).id).toBe(req.headers['webhook-id']);
    const changed = verifyWithLibrary(endpoint.secret, req, req.body.replace('Ada', 'Eve'));
    expect(changed).toBeInstanceOf(WebhookVerificationError);
    expect((changed as Error).message).toBe('No matching signature found');
    expect(verifyWithLibrary(endpoint.secret, { ...req, headers: { ...req.headers, 'webhook-id': randomUUID() } })).toBeInstanceOf(
      WebhookVerificationError,
    );
    expect(verifyWithLibrary(`whsec_${randomBytes(32).toString('base64')}`, req)).toBeInstanceOf(WebhookVerificationError);
    // The docs' no-dependency verifier agrees.
    expect(verifyWithDocs(endpoint.secret, req.headers, req.body)).toBe(true);
    expect(verifyWithDocs(endpoint.secret, req.headers, req.body.replace('Ada', 'Eve'))).toBe(false);
  });

  it('during a rotation the header carries two signatures and either secret verifies with the library', async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver();
    const rotated = await gw.reseller(managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { grace_seconds: 3600 });
    expect(rotated.status).toBe(200);
    const req = await deliverOne(managementKey, receiver, 1);
    expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyWithLibrary(rotated.body.secret, req)).toEqual(JSON.parse(req.body));
    expect(verifyWithLibrary(endpoint.secret, req)).toEqual(JSON.parse(req.body));
    expect(verifyWithLibrary(rotated.body.secret, req, `${req.body} `)).toBeInstanceOf(WebhookVerificationError);
    expect(verifyWithLibrary(endpoint.secret, req, `${req.body} `)).toBeInstanceOf(WebhookVerificationError);
  });

  it('a secret issued before the standard (whsec_ + base64url) keeps its key: its standard base64 spelling verifies', async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver();
    // An endpoint as the gateway stored it before: 32 random bytes in base64url, chosen here to hold
    // both characters the standard alphabet lacks (0xfb 0xff → "-_"), sealed like any secret.
    const bytes = Buffer.concat([Buffer.from([0xfb, 0xff, 0xfb]), randomBytes(29)]);
    const legacy = `whsec_${bytes.toString('base64url')}`;
    expect(legacy).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(legacy).toMatch(/[-_]/);
    const sealed = gw.app.get(WebhookSecrets).seal(legacy, endpoint.id);
    await gw.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { secretCiphertext: sealed } });

    const req = await deliverOne(managementKey, receiver, 1);
    // The conversion the docs give: the same bytes, standard base64.
    const standard = `whsec_${Buffer.from(legacy.slice('whsec_'.length), 'base64url').toString('base64')}`;
    expect(verifyWithLibrary(standard, req)).toEqual(JSON.parse(req.body));
    // The old spelling as such is not base64 to the library; the docs' verifier reads both.
    expect((verifyWithLibrary(legacy, req) as Error).message).toMatch(/Base64Coder: incorrect characters/);
    expect(verifyWithDocs(legacy, req.headers, req.body)).toBe(true);
    expect(verifyWithDocs(standard, req.headers, req.body)).toBe(true);
  });
});
