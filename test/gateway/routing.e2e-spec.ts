import { Client } from 'pg';
import { GatewayHarness } from '../support/gateway-harness';
import { openRawRequest, rawRequest, RawResponse } from '../support/raw-http';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';
import { testDatabaseUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';
import { raceIt } from '../support/race';

/** TCP connections the gateway's server holds open now. */
function openConnections(gw: GatewayHarness): Promise<number> {
  return new Promise((resolve, reject) =>
    gw.app.getHttpServer().getConnections((err: Error | null, n: number) => (err ? reject(err) : resolve(n))),
  );
}

/**
 * Whatever the spelling of a URL, a request is either refused with a 4xx in the error shape, or it
 * is a normal public call with its audit record: "public" is decided by the route that matched.
 */
describe('public routing: every spelling is a 4xx or an audited call', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let key: string;
  let keyId: string;
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true, usage: { quantity: 1 } }));
    ({ key, keyId } = await gw.createTenantWithKey());
    ({ slug } = await gw.createEndpoint({ category: 'data', billingUnit: 'record', upstreams: [{ baseUrl: upstream.url }] }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const post = (target: string, method = 'POST') =>
    rawRequest(gw.url, {
      method,
      target,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: method === 'POST' ? '{"email":"a@example.com"}' : undefined,
    });

  function expectErrorShape(res: RawResponse, status: number, code: string) {
    expect({ target: res.status, code: JSON.parse(res.body).error?.code }).toEqual({ target: status, code });
    expect(JSON.parse(res.body).error.request_id).toBe(res.headers['x-service-request-id']);
  }

  it('refuses the absolute form before routing: 400 in the error shape, nothing called', async () => {
    const before = upstream.received.length;
    const res = await post(`${gw.url}/api/public/v1/${slug}`);
    expectErrorShape(res, 400, 'invalid_request');
    expect(upstream.received.length).toBe(before);
    const asterisk = await rawRequest(gw.url, { method: 'OPTIONS', target: '*' });
    expectErrorShape(asterisk, 400, 'invalid_request');
  });

  it('routes case-sensitively: other casings of the prefix are 404 route_not_found and reach no upstream', async () => {
    const before = upstream.received.length;
    for (const target of [`/API/public/v1/${slug}`, `/api/PUBLIC/v1/${slug}`, `/Api/Public/V1/${slug}`, `/api/public/V1/${slug}`]) {
      expectErrorShape(await post(target), 404, 'route_not_found');
    }
    expect(upstream.received.length).toBe(before);
  });

  it('a slug in another case is another slug: 404 endpoint_not_found, audited', async () => {
    const res = await post(`/api/public/v1/${slug.toUpperCase()}`);
    expectErrorShape(res, 404, 'endpoint_not_found');
    expect(await gw.auditRecord(res.headers['x-service-request-id'])).toMatchObject({ httpStatus: 404, apiKeyId: keyId });
  });

  it('a trailing slash, an empty or an extra segment under /api/public is 404 route_not_found, audited, with limit headers', async () => {
    for (const target of [
      `/api/public/v1/${slug}/`,
      '/api/public/v1/',
      `/api/public/v1/${slug}/extra`,
      `/api/public/v1//${slug}`,
      `/api/public/v1/./${slug}`,
    ]) {
      const res = await post(target);
      expectErrorShape(res, 404, 'route_not_found');
      expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(await gw.auditRecord(res.headers['x-service-request-id'])).toMatchObject({ httpStatus: 404, errorCode: 'route_not_found' });
    }
  });

  it('percent-encoded characters of the slug are the characters (RFC 3986): a normal call, billed and audited', async () => {
    const encoded = slug.replace('.', '%2E');
    const res = await post(`/api/public/v1/${encoded}`);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.endpoint).toBe(slug);
    const record = await gw.auditRecord(body.request_id);
    expect(record).toMatchObject({ httpStatus: 200, apiKeyId: keyId });
    expect(record!.resalePicoUsd).toBeGreaterThan(0n);
  });

  it('every 2xx of any spelling has its audit record', async () => {
    const targets = [`/api/public/v1/${slug}`, `/api/public/v1/${slug}?x=1`, `/api/public/v1/${slug.replace('.', '%2e')}`];
    for (const target of targets) {
      const res = await post(target);
      expect(res.status).toBe(200);
      expect(await gw.auditRecord(JSON.parse(res.body).request_id)).toMatchObject({ httpStatus: 200 });
    }
  });

  it('HEAD never runs a call: 405 with Allow, before the key check, audited, nothing billed', async () => {
    const before = upstream.received.length;
    const res = await rawRequest(gw.url, { method: 'HEAD', target: `/api/public/v1/${slug}`, headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(upstream.received.length).toBe(before);
    const record = await gw.auditRecord(res.headers['x-service-request-id']);
    expect(record).toMatchObject({ httpStatus: 405, method: 'HEAD', resalePicoUsd: 0n });
    // Without a key as well: 405, not 401.
    expect((await rawRequest(gw.url, { method: 'HEAD', target: `/api/public/v1/${slug}` })).status).toBe(405);
  });
});

describe('requests Node refuses before routing', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(() => gw.close());

  it('answer in the error shape and leave no connection behind (a half-open one would hold up shutdown)', async () => {
    const before = await openConnections(gw);
    const connect = await rawRequest(gw.url, {
      method: 'CONNECT',
      target: '/api/public/v1/text.generate',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'x'.repeat(200_000) }),
    });
    expect(connect.status).toBe(405);
    expect(JSON.parse(connect.body).error).toMatchObject({
      code: 'method_not_allowed',
      request_id: connect.headers['x-service-request-id'],
    });
    const garbage = await rawRequest(gw.url, { method: 'G\u00e9T', target: '/healthz', body: 'x' });
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).error.code).toBe('invalid_request');
    const huge = await rawRequest(gw.url, { method: 'GET', target: '/healthz', headers: { 'x-huge': 'h'.repeat(20_000) } });
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body).error.code).toBe('headers_too_large');
    await waitFor('every refused connection to be closed', async () => (await openConnections(gw)) <= before, 10_000);
  });
});

describe('an error answered before the body was read', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(() => gw.close());

  it('closes the connection instead of reading (and discarding) the rest of a body that may never end', async () => {
    // 1 MB announced, 13 bytes sent, no key: the 401 comes from a guard, before any body read.
    const socket = await openRawRequest(
      gw.url,
      'POST /api/public/v1/text.generate HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000000\r\n\r\n{"input":"abc',
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const cap = new Promise<void>((_, reject) =>
      setTimeout(() => reject(new Error('the gateway kept the connection open')), 10_000).unref(),
    );
    await Promise.race([closed, cap]);
    const answer = Buffer.concat(chunks).toString('latin1');
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});

describe('a client that leaves before the upstream call', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let slug: string;
  let db: Client;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true, usage: { quantity: 1 } }));
    ({ slug } = await gw.createEndpoint({ category: 'data', billingUnit: 'record', upstreams: [{ baseUrl: upstream.url }] }));
    db = new Client({ connectionString: testDatabaseUrl() });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await gw.close();
    await upstream.close();
  });

  raceIt('gone while its key was being looked up: no upstream call, recorded as 499 with its caller, nothing billed', async () => {
    const { key, keyId, tenantId } = await gw.createTenantWithKey(); // a fresh key: its lookup goes to Postgres
    // Hold the key lookup on a real lock until the client is gone.
    await db.query('BEGIN');
    await db.query('LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE');
    let released = false;
    try {
      const before = await openConnections(gw);
      const body = '{"email":"a@example.com"}';
      const socket = await openRawRequest(
        gw.url,
        `POST /api/public/v1/${slug} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      await waitFor(
        'the key lookup to wait on the lock',
        async () => {
          const { rows } = await db.query(
            `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%api_keys%' AND pid <> pg_backend_pid()`,
          );
          return rows.length > 0;
        },
        10_000,
      );
      socket.destroy();
      await waitFor('the gateway to see the client leave', async () => (await openConnections(gw)) <= before, 10_000);
      await db.query('COMMIT');
      released = true;

      const record = await waitFor(
        'the audit record',
        async () => {
          await gw.flushAudit();

          return gw.prisma.auditRecord.findFirst({ where: { apiKeyId: keyId } });
        },
        10_000,
      );
      expect(record).toMatchObject({ httpStatus: 499, tenantId, apiKeyId: keyId, resalePicoUsd: 0n, providersTried: 0, upstreamId: null });
      expect(upstream.received.length).toBe(0);
    } finally {
      if (!released) await db.query('ROLLBACK');
    }
  });
});
