import { connect, Socket } from 'node:net';
import { GatewayHarness } from '../support/gateway-harness';

/** Hostile input on the operator API: a clear 4xx for each, never a 500; bodies only after the token. */
describe('operator API: hostile input', () => {
  let gw: GatewayHarness;
  let tenantId: string;
  /** An endpoint of this suite's own: the seeded ones are shared with suites running alongside. */
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    tenantId = (await gw.admin('POST', '/tenants', { name: 'hostile' })).body.id;
    ({ slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] }));
  });

  afterAll(async () => {
    await gw.close();
  });

  async function raw(method: string, path: string, body?: string): Promise<{ status: number; body: any }> {
    const res = await fetch(`${gw.url}/api/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, body: await res.json() };
  }

  /** Each case as `METHOD path [body] -> status code`, so a failure names every case that went wrong. */
  async function outcomes(cases: Array<[string, string, string?]>): Promise<string[]> {
    const out: string[] = [];
    for (const [method, path, body] of cases) {
      const res = await raw(method, path, body);
      out.push(`${method} ${path} ${body?.slice(0, 120) ?? ''} -> ${res.status} ${res.body.error?.code ?? ''}`);
    }
    return out;
  }
  const expected = (cases: Array<[string, string, string?]>, status: number, code: string) =>
    cases.map(([method, path, body]) => `${method} ${path} ${body?.slice(0, 120) ?? ''} -> ${status} ${code}`);

  /**
   * Sends the headers and part of a body on a raw socket and keeps it open: resolves with the
   * response head if the server answers before the body is complete.
   */
  function answerBeforeBodyEnds(path: string, token: string, declaredLength: number): Promise<{ head: string; socket: Socket }> {
    const { port } = new URL(gw.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/admin/v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${declaredLength}\r\n\r\n{"name":"` +
            'x'.repeat(1000),
        );
      });
      let head = '';
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (head.includes('\r\n\r\n')) resolve({ head, socket });
      });
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`closed before an answer: ${head}`)));
    });
  }

  it('answers 401 to a wrong token without reading (or waiting for) the body', async () => {
    for (const declared of [512 * 1024, 2 * 1024 * 1024]) {
      const { head, socket } = await answerBeforeBodyEnds('/tenants', 'wrong-token', declared);
      expect(head).toMatch(/^HTTP\/1\.1 401 /);
      expect(head).toContain('invalid_admin_token');
      socket.destroy();
    }
  });

  it('answers 400 to NUL in a slug path parameter, an id, or a body string', async () => {
    const cases: Array<[string, string, string?]> = [
      ['GET', '/catalog/%00'],
      ['GET', `/catalog/${slug}%00`],
      ['PATCH', '/catalog/text.gen%00', '{"enabled":true}'],
      ['PUT', '/catalog/%00/limit', '{"requests_per_window":1}'],
      ['PUT', '/catalog/%00/upstreams', '{"upstreams":[{"name":"a","kind":"simulator"}]}'],
      ['PUT', '/catalog/%00/models', '{"models":[]}'],
      ['GET', '/tenants/%00'],
      ['GET', '/keys/%00'],
      ['POST', '/tenants', '{"name":"a\\u0000b"}'],
      ['PATCH', `/catalog/${slug}`, '{"description":"\\u0000"}'],
      ['POST', `/tenants/${tenantId}/keys`, '{"name":"k\\u0000"}'],
    ];
    expect(await outcomes(cases)).toEqual(expected(cases, 400, 'invalid_request'));
    // A well-formed slug that does not exist is still a 404.
    expect((await raw('GET', '/catalog/text.nope')).status).toBe(404);
  });

  it('answers 400 to integers beyond their columns (int4 counts and limits; money beyond safe integers)', async () => {
    const big = 2_147_483_648;
    const upstreams = '[{"name":"a","kind":"simulator"}]';
    const cases: Array<[string, string, string?]> = [
      ['POST', '/tenants', `{"name":"x","rate_limit_per_window":${big}}`],
      ['PATCH', `/tenants/${tenantId}`, `{"rate_limit_per_window":${big}}`],
      ['POST', `/tenants/${tenantId}/keys`, `{"rate_limit_per_window":${big}}`],
      ['PATCH', `/catalog/${slug}`, `{"default_rate_limit":${big}}`],
      ['PATCH', `/catalog/${slug}`, `{"declared_latency_ms":${big}}`],
      ['PATCH', `/catalog/${slug}`, '{"wholesale_usd_per_unit":1e300}'],
      ['PATCH', `/catalog/${slug}`, '{"wholesale_usd_per_unit":"1e300"}'],
      ['PATCH', `/catalog/${slug}`, `{"wholesale_usd_per_unit":"${'9'.repeat(400)}"}`],
      ['PATCH', `/catalog/${slug}`, '{"resale_usd_per_unit":"9007.199254740992"}'],
      ['PATCH', `/catalog/${slug}`, '{"resale_usd_per_unit":"0.0000000000001"}'],
      ['PATCH', `/catalog/${slug}`, '{"resale_usd_per_unit":"-0.001"}'],
      ['PUT', `/catalog/${slug}/limit`, `{"requests_per_window":${big}}`],
      ['PUT', `/catalog/${slug}/upstreams`, '{"upstreams":[{"name":"a","kind":"simulator","timeout_ms":1e300}]}'],
      [
        'POST',
        '/catalog',
        `{"slug":"text.big1","wholesale_usd_per_unit":"0.001","resale_usd_per_unit":"0.001","default_rate_limit":${big},"upstreams":${upstreams}}`,
      ],
      [
        'POST',
        '/catalog',
        `{"slug":"text.big2","wholesale_usd_per_unit":"0.001","resale_usd_per_unit":"1e300","default_rate_limit":1,"upstreams":${upstreams}}`,
      ],
    ];
    expect(await outcomes(cases)).toEqual(expected(cases, 400, 'invalid_request'));
    // The largest value is accepted and stored.
    const max = await raw('PUT', `/catalog/${slug}/limit`, '{"requests_per_window":2147483647}');
    expect(max.status).toBe(200);
    expect(max.body.endpoint_rate_limit).toBe(2_147_483_647);
    expect((await raw('PUT', `/catalog/${slug}/limit`, '{"requests_per_window":null}')).status).toBe(200);
  });

  it('answers 400 to null for a field that cannot be null, and still accepts null where it clears a value', async () => {
    const cases: Array<[string, string, string?]> = [
      ['PATCH', `/tenants/${tenantId}`, '{"name":null}'],
      ['PATCH', `/tenants/${tenantId}`, '{"status":null}'],
      ...[
        'description',
        'wholesale_usd_per_unit',
        'resale_usd_per_unit',
        'default_rate_limit',
        'declared_latency_ms',
        'streamable',
        'enabled',
      ].map((field): [string, string, string] => ['PATCH', `/catalog/${slug}`, `{"${field}":null}`]),
    ];
    expect(await outcomes(cases)).toEqual(expected(cases, 400, 'invalid_request'));
    expect((await raw('PATCH', `/tenants/${tenantId}`, '{"rate_limit_per_window":null}')).status).toBe(200);
    expect((await raw('PATCH', `/catalog/${slug}`, '{"description":"still patchable"}')).body.description).toBe('still patchable');
  });

  it('answers 400 to malformed pagination cursors and query parameters', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const nil = '00000000-0000-0000-0000-000000000000';
    const cases: Array<[string, string, string?]> = [
      ['GET', '/audit?cursor=!!!!'],
      ['GET', `/audit?cursor=${b64('garbage')}`],
      ['GET', `/audit?cursor=${b64(`2026-01-01T00:00:00.000Z|${nil}|x`)}`],
      ['GET', `/audit?cursor=${b64(`${nil}|2026-01-01T00:00:00.000Z`)}`],
      ['GET', `/audit?cursor=${b64(`2026-02-30T00:00:00.000Z|${nil}`)}`],
      ['GET', `/audit?cursor=${b64(`-271821-04-20T00:00:00.000Z|${nil}`)}`],
      ['GET', `/audit?cursor=${b64(`0000-01-01T00:00:00.000Z|${nil}`)}`], // Postgres has no year 0
      ['GET', `/audit?cursor=${b64('2026-01-01T00:00:00.000Z|------------------------------------')}`],
      ['GET', `/audit?cursor=${b64('2026-01-01T00:00:00.000Z|\u0000')}`],
      ['GET', '/audit?cursor=a&cursor=b'],
      ['GET', '/tenants?cursor=not-a-uuid'],
      ['GET', '/tenants?cursor=------------------------------------'],
      ['GET', '/tenants?cursor=%00'],
      ['GET', '/audit?limit=0'],
      ['GET', '/audit?limit=-1'],
      ['GET', '/audit?limit=1e309'],
      ['GET', '/audit?limit=1&limit=2'],
      ['GET', '/tenants?limit=abc'],
      ['GET', '/audit?status=abc'],
      ['GET', '/audit?status=200&status=201'],
      ['GET', '/audit?from=%2B275760-09-13T00:00:00Z'],
      ['GET', '/audit?to=0000-01-01T00:00:00Z'],
      ['GET', '/audit?from=a&from=b'],
      ['GET', '/audit?tenant_id=%00'],
      ['GET', '/audit?customer_id=%00none'],
      ['GET', '/tenants?ids=%00'],
      ['GET', '/tenants?ids=,'],
      ['GET', `/tenants?ids=${nil}&ids=${nil}`],
      ['GET', `/tenants/${tenantId}/keys?ids=${nil},`],
      ['GET', `/tenants/${tenantId}/customers?ids=${nil},x`],
      ['POST', `/tenants/${tenantId}/keys`, '{"expires_at":"+300000-01-01T00:00:00Z"}'],
    ];
    expect(await outcomes(cases)).toEqual(expected(cases, 400, 'invalid_request'));
  });

  it('pages through audit records with the cursors it hands out', async () => {
    const { key } = await gw.createTenantWithKey();
    for (let i = 0; i < 3; i++) await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    await gw.flushAudit();
    const first = await raw('GET', '/audit?limit=1');
    expect(first.status).toBe(200);
    const second = await raw('GET', `/audit?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data[0].request_id).not.toBe(first.body.data[0].request_id);
  });

  it('answers 400 to hostile body shapes: deep nesting, too many members, prototype keys', async () => {
    const cases: Array<[string, string, string?]> = [
      ['POST', '/tenants', `{"name":"x","a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
      ['POST', '/tenants', `{"name":"x","a":[${'0,'.repeat(2000)}0]}`],
      ['POST', '/tenants', '{"name":"x","meta":{"constructor":1}}'],
      ['PUT', `/catalog/${slug}/upstreams`, '{"upstreams":[{"name":"a","kind":"simulator","x":{"constructor":{}}}]}'],
    ];
    expect(await outcomes(cases)).toEqual(expected(cases, 400, 'invalid_request'));
  });
});
