import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';

/** Hostile input on the console API and the session cookie: a clear 4xx for each, never a 500. */
describe('console API: hostile input', () => {
  let gw: GatewayHarness;
  let owner: Awaited<ReturnType<typeof ConsoleBrowser.signUp>>;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
    owner = await ConsoleBrowser.signUp(gw);
  });

  afterAll(async () => {
    await gw.close();
  });

  /** Each case as `METHOD path body -> status code`, sent raw by the signed-in owner's browser. */
  async function outcomes(cases: Array<[string, string, string?, Record<string, string>?]>): Promise<string[]> {
    const out: string[] = [];
    for (const [method, path, body, headers] of cases) {
      const res = await fetch(`${gw.url}/api/console/v1${path}`, {
        method,
        headers: { cookie: owner.cookie!, 'x-csrf-token': owner.csrfToken!, 'content-type': 'application/json', ...headers },
        body,
      });
      const json = (await res.json()) as { error?: { code?: string } };
      out.push(`${method} ${path} ${body?.slice(0, 60) ?? ''} -> ${res.status} ${json.error?.code ?? ''}`);
    }
    return out;
  }

  it('answers 400 to malformed bodies and fields on every route that takes one', async () => {
    const cases: Array<[string, string, string?]> = [
      ['POST', '/session', '{"email":["a@b.c"],"password":"x"}'],
      ['POST', '/session', '{"email":"a@b.c","password":{"$gt":""}}'],
      ['POST', '/session', '{"email":"a@b.c","password":""}'],
      ['POST', '/session', `{"email":"a@b.c","password":"${'x'.repeat(1025)}"}`],
      ['POST', '/session', `{"email":"${'a'.repeat(250)}@b.co","password":"x"}`],
      ['POST', '/session', '{"email":"a@b.c","password":"x\\u0000y"}'],
      ['POST', '/session', '[1,2]'],
      ['POST', '/session', '"a string"'],
      ['POST', '/signup', '{"email":"a@b.c","password":null,"name":"n","organization":"o","kind":"direct"}'],
      [
        'POST',
        '/signup',
        '{"email":"a@b.c","password":"long enough pw","name":"n","organization":"o","kind":"direct","__proto__":{"x":1}}',
      ],
      ['POST', '/signup', `{"email":"a@b.c","password":"long enough pw","name":"${'n'.repeat(201)}","organization":"o","kind":"direct"}`],
      ['POST', '/users', '{"email":"x@example.com","role":"operator"}'],
      ['POST', '/users', '{"email":"x@example.com","role":["owner"]}'],
      ['POST', '/users', '{"email":"x@example.com"}'],
      ['PATCH', `/users/${owner.userId}`, '{"role":null}'],
      ['PATCH', '/users/not-a-uuid', '{"role":"viewer"}'],
      ['DELETE', '/invitations/%00'],
      ['GET', '/users?limit=0'],
      ['GET', '/users?cursor=%00'],
      ['POST', '/invitations/accept', '{"token":1,"name":"n","password":"long enough pw"}'],
      ['POST', '/invitations/accept', `{"token":"${'t'.repeat(101)}","name":"n","password":"long enough pw"}`],
      ['PUT', '/password', '{"current_password":"x","new_password":12345678901}'],
      ['PUT', '/password', '{"current_password":"x"}'],
    ];
    const answers = await outcomes(cases);
    const notA400 = answers.filter((a) => !/ -> 400 (invalid_request|invalid_json)$/.test(a));
    expect(notA400).toEqual([]);
  });

  it('answers 415, 413 and invalid_json as the other APIs do', async () => {
    const answers = await outcomes([
      ['POST', '/session', 'email=a@b.c&password=x', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/session', '{"email":', undefined],
      ['POST', '/session', `{"email":"a@b.c","password":"${'x'.repeat(1_100_000)}"}`],
    ]);
    expect(answers.map((a) => a.replace(/^.* -> /, ''))).toEqual([
      '415 unsupported_media_type',
      '400 invalid_json',
      '413 payload_too_large',
    ]);
  });

  it('treats a forged, malformed or oversized session cookie as no session (401), never a 500', async () => {
    const cookies = [
      'gw_session=',
      'gw_session=s%3A',
      'gw_session=s%3Aabc',
      'gw_session=s%3A%E0%A4%A',
      `gw_session=s%3A${'a'.repeat(4000)}.sig`,
      'gw_session=not-signed',
      `gw_session=${owner.cookie!.slice('gw_session='.length)}; gw_session=second`,
      'other=1; gw_session=s%3A%00.x',
    ];
    const answers: string[] = [];
    for (const cookie of cookies) {
      for (const path of ['/api/console/v1/session', '/api/reseller/v1/me', '/api/admin/v1/tenants']) {
        const res = await fetch(`${gw.url}${path}`, { headers: { cookie } });
        answers.push(`${cookie.slice(0, 30)} ${path} -> ${res.status}`);
      }
    }
    // The one with the real cookie first is that session (a browser sends the most specific first).
    expect(answers.filter((a) => / -> 5\d\d$/.test(a))).toEqual([]);
    expect(
      answers.filter((a) => !/ -> 40[13]$/.test(a) && !a.includes('/api/console/v1/session -> 200') && !a.includes('/me -> 200')),
    ).toEqual([]);
  });

  it('refuses sign-in bodies an attacker could use to reach another account: the email is the only key', async () => {
    const res = await new ConsoleBrowser(gw).console('POST', '/session', {
      email: owner.email,
      password: owner.password,
      user_id: randomUUID(),
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'invalid_request']);
  });
});
