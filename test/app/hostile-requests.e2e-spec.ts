import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { mulberry32 } from '../../src/proxy/providers/simulator/simulations';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * 10,000 hostile requests (FUZZ_REQUESTS), generated from a fixed seed (FUZZ_SEED) so a failure
 * replays exactly: random methods, request targets and spellings, headers, bodies, nesting, sizes
 * and encodings, against the public API, the operator API and the probes, over raw sockets (no
 * client normalises anything). The gateway must answer every one, never with a 5xx; every 2xx of
 * a public call must have its audit record; and /healthz, probed throughout, never waits a second.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = 8;
const BODY_LIMIT = 65_536;
const REQUEST_TIMEOUT_MS = 15_000;

type Rng = () => number;

interface Fixture {
  key: string;
  suspendedKey: string;
  revokedKey: string;
  adminToken: string;
  tenantId: string;
  keyId: string;
}

interface FuzzRequest {
  kind: string;
  bytes: Buffer;
  /** Deliberately broken framing: the connection may close without an answer. */
  mayGoUnanswered: boolean;
}

interface FuzzResult {
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

const SEEDED_SLUGS = [
  'text.generate',
  'text.embed',
  'vision.ocr',
  'voice.tts',
  'data.enrich',
  'pay.charge',
  'infra.dns',
  'id.kyc',
  'media.image',
];

class Generator {
  constructor(
    private readonly rng: Rng,
    private readonly fx: Fixture,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)];
  }

  private chance(p: number): boolean {
    return this.rng() < p;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.rng() * (max - min + 1));
  }

  private randomText(length: number): string {
    const alphabet = 'abcXYZ019 _-.~%/?#&=+:;@!$\'"()*,<>[]{}\\|^`\u00e9\u4e2d\u{1f600}\u0000\u0001\u007f\r\n\t';
    let out = '';
    for (let i = 0; i < length; i++) out += this.pick([...alphabet]);
    return out;
  }

  next(): FuzzRequest {
    // A quarter are well-formed calls, so the paths behind validation (upstream, billing, streams,
    // audit of 2xx) are exercised as hard as the refusals.
    if (this.chance(0.25)) return this.wellFormedCall();
    const area = this.pick(['public', 'public', 'public', 'public', 'admin', 'admin', 'probe', 'other'] as const);
    const method = this.method();
    let target =
      area === 'public'
        ? this.publicTarget()
        : area === 'admin'
          ? this.adminTarget()
          : this.pick(['/healthz', '/readyz', '/', '/api', '/api/public', '/docs', '/favicon.ico', `/${this.randomText(8)}`]);
    target = this.mutateTarget(target);
    const headers: Array<[string, string]> = [['host', this.pick(['127.0.0.1', 'localhost', 'evil.example', ''])]];
    this.authHeader(area, headers);
    const body = this.body(area, target);
    let framing = 'content-length';
    if (body !== null) {
      headers.push(['content-type', this.contentType()]);
      framing = this.pick(['content-length', 'content-length', 'content-length', 'chunked', 'short-length', 'none']);
    }
    for (let i = this.int(0, 3); i > 0; i--) headers.push(this.extraHeader());
    headers.push(['connection', 'close']);
    return this.encode(area, method, target, headers, body, framing);
  }

  private wellFormedCall(): FuzzRequest {
    const slug = this.pick(SEEDED_SLUGS);
    const target = `/api/public/v1/${slug}`;
    const input = this.validInput('public', target) as Record<string, unknown>;
    const body = slug === 'text.generate' && this.chance(0.3) ? { ...input, stream: true } : input;
    const headers: Array<[string, string]> = [
      ['host', '127.0.0.1'],
      ['authorization', `Bearer ${this.fx.key}`],
      ['content-type', 'application/json'],
    ];
    return this.encode(
      'public',
      'POST',
      target,
      headers.concat([['connection', 'close']]),
      Buffer.from(JSON.stringify(body)),
      'content-length',
    );
  }

  private method(): string {
    return this.chance(0.55)
      ? 'POST'
      : this.chance(0.5)
        ? 'GET'
        : this.pick([
            'PUT',
            'DELETE',
            'PATCH',
            'HEAD',
            'OPTIONS',
            'TRACE',
            'post',
            'Get',
            'FOO',
            'PROPFIND',
            'M-SEARCH',
            'CONNECT',
            'G\u00e9T',
            '',
          ]);
  }

  private slug(): string {
    return this.chance(0.8)
      ? this.pick(SEEDED_SLUGS)
      : this.pick([
          'text.nope',
          'TEXT.GENERATE',
          'text..generate',
          '.',
          '..',
          '%2E%2E',
          'text%2Egenerate',
          'text.generate%00',
          'a'.repeat(300),
          this.randomText(12),
          '__proto__',
          'constructor',
        ]);
  }

  private publicTarget(): string {
    let target = `/api/public/v1/${this.slug()}`;
    if (this.chance(0.3)) target += `?${this.query()}`;
    return target;
  }

  private adminTarget(): string {
    const id = this.pick([
      randomUUID(),
      this.fx.tenantId,
      this.fx.keyId,
      'not-a-uuid',
      '%00',
      '1'.repeat(40),
      '00000000-0000-0000-0000-000000000000\u0000',
    ]);
    const path = this.pick([
      '/tenants',
      `/tenants/${id}`,
      `/tenants/${id}/keys`,
      `/keys/${id}`,
      `/keys/${id}/revoke`,
      '/catalog',
      `/catalog/${this.pick(['text.fuzz_nope', 'infra.fuzz_missing', '%00', 'a.b', this.randomText(6)])}`,
      `/catalog/${this.pick(['text.fuzz_nope', 'x'])}/limit`,
      `/catalog/${this.pick(['text.fuzz_nope', 'x'])}/upstreams`,
      '/audit',
    ]);
    let target = `/api/admin/v1${path}`;
    if (this.chance(0.5)) target += `?${this.query()}`;
    return target;
  }

  private query(): string {
    const params: string[] = [];
    for (let i = this.int(1, 6); i > 0; i--) {
      const name = this.pick([
        'limit',
        'cursor',
        'status',
        'from',
        'to',
        'tenant_id',
        'slug',
        'stream',
        'input',
        'domain',
        '__proto__',
        'constructor',
        'a[b]',
        'x',
      ]);
      const value = this.pick([
        '1',
        '0',
        '-1',
        '1e309',
        'NaN',
        '500',
        '501',
        '2147483648',
        'true',
        'abc',
        '%00',
        '%ZZ',
        '',
        'x'.repeat(this.int(1, 3000)),
        Buffer.from(this.randomText(20)).toString('base64url'),
        '2026-13-45T99:99:99Z',
        '+275760-09-13T00:00:00.001Z',
        encodeURIComponent(this.randomText(10)),
      ]);
      params.push(`${name}=${value}`);
    }
    return params.join('&');
  }

  private mutateTarget(target: string): string {
    if (!this.chance(0.35)) return target;
    switch (this.int(0, 11)) {
      case 0:
        return target.toUpperCase();
      case 1:
        return target.replace('/api/', '/API/');
      case 2:
        return `${target}/`;
      case 3:
        return target.replace('/v1/', '/v1//');
      case 4:
        return target.replace('/v1/', '/v1/./');
      case 5:
        return target.replace('/v1/', '/v1/../v1/');
      case 6:
        return `http://127.0.0.1${target}`;
      case 7:
        return target.replace(/\./g, '%2E');
      case 8:
        return `${target}%00`;
      case 9:
        return `${target}${'/x'.repeat(this.int(1, 4000))}`;
      case 10:
        return this.pick(['*', '', ' ', '//', 'api/public/v1/text.generate']);
      default:
        return target.replace(/\//g, this.pick(['%2F', '\\']));
    }
  }

  private authHeader(area: string, headers: Array<[string, string]>): void {
    if (this.chance(0.1)) return;
    const secret =
      area === 'admin' && this.chance(0.6)
        ? this.fx.adminToken
        : this.chance(0.6)
          ? this.fx.key
          : this.pick([
              this.fx.suspendedKey,
              this.fx.revokedKey,
              `${this.fx.key.slice(0, -1)}x`,
              'gw_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
              this.randomText(30),
              '',
              'a'.repeat(5000),
            ]);
    const scheme = this.chance(0.85) ? 'Bearer ' : this.pick(['bearer ', 'Basic ', 'Bearer  ', '', 'Token ']);
    headers.push([this.chance(0.95) ? 'authorization' : 'Authorization', `${scheme}${secret}`]);
  }

  private contentType(): string {
    return this.chance(0.7)
      ? 'application/json'
      : this.pick([
          'application/json; charset=utf-8',
          'application/json; charset=latin1',
          'application/problem+json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'APPLICATION/JSON',
          'application/json\u0000',
          '',
        ]);
  }

  private extraHeader(): [string, string] {
    return this.pick<[string, string]>([
      ['x-forwarded-for', this.pick(['1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', '2001:db8::1', '999.999.999.999'])],
      ['content-encoding', this.pick(['gzip', 'br', 'identity', 'x'])],
      ['expect', '100-continue'],
      ['x-huge', 'h'.repeat(this.pick([100, 4000, 20_000]))],
      ['accept', this.pick(['text/event-stream', '*/*', 'application/xml'])],
      ['x-service-request-id', 'spoofed'],
      ['transfer-encoding', this.pick(['gzip', 'identity'])],
    ]);
  }

  private body(area: string, target: string): Buffer | null {
    if (!this.chance(0.85)) return null;
    const kind = this.int(0, 17);
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    switch (kind) {
      case 0:
      case 1:
      case 2:
        return json(this.validInput(area, target));
      case 3:
        return json({ ...(this.validInput(area, target) as object), stream: true });
      case 4:
        return Buffer.from(`{"input":"x","deep":${'['.repeat(this.int(100, 6000))}${']'.repeat(this.int(0, 6000))}}`);
      case 5: {
        const obj: Record<string, number> = { input: 1 };
        for (let i = this.int(1000, 8000); i > 0; i--) obj[`k${i}`] = i;
        return Buffer.from(JSON.stringify({ ...obj, input: 'x' }));
      }
      case 6:
        return json({ input: 'x', meta: { constructor: 1, __proto__: { polluted: true }, prototype: 2 } });
      case 7:
        return Buffer.from('{"input":"x","__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}');
      case 8:
        return json({ input: 'nul\u0000in\u0000string', name: 'a\u0000b', [`k\u0000`]: 1 });
      case 9:
        return Buffer.from(
          this.pick([
            '',
            '{',
            '[]',
            '1',
            '"x"',
            'null',
            'true',
            '{"a":}',
            '{"input":"x"}garbage',
            '\ufeff{"input":"x"}',
            '{"input":"\\ud800"}',
          ]),
        );
      case 10:
        return Buffer.from([0x7b, 0x22, 0x69, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]); // invalid UTF-8
      case 11:
        return Buffer.from(JSON.stringify({ input: 'utf16' }), 'utf16le');
      case 12:
        return json({ input: 'x'.repeat(this.int(BODY_LIMIT - 2000, BODY_LIMIT + 20_000)) });
      case 13: {
        // max_tokens as JSON text: `1e309` overflows to Infinity when parsed (a JS 1e309 is Infinity
        // already, which JSON.stringify writes as null).
        const input = JSON.stringify('\\"'.repeat(this.int(10, 10_000)));
        const maxTokens = this.pick(['1', '0', '-1', '1e309', String(2 ** 53), '"12"', 'null']);
        return Buffer.from(`{"input":${input},"max_tokens":${maxTokens}}`);
      }
      case 14:
        return json({
          name: this.pick(['x', '', '\u0000', 'n'.repeat(300)]),
          rate_limit_per_window: this.pick([1, 0, -1, 2147483647, 2147483648, 1.5, '10', null, 1e21]),
          status: this.pick(['active', 'suspended', 'deleted', 1]),
          expires_at: this.pick(['2030-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', 'tomorrow', '']),
          requests_per_window: this.pick([1, 2147483648, -5, null]),
        });
      case 15:
        return json(
          this.pick([
            { upstreams: [] },
            { upstreams: [{ name: 'x', kind: 'http', base_url: 'http://127.0.0.1:1', auth_secret_env: 'DATABASE_URL' }] },
            { upstreams: 'x' },
            { models: [{}] },
          ]),
        );
      case 16:
        return json(Array.from({ length: this.int(1, 2000) }, (_, i) => ({ i })));
      default:
        return Buffer.from(this.randomText(this.int(1, 500)));
    }
  }

  private validInput(area: string, target: string): unknown {
    if (area === 'admin') return { name: `fuzz ${this.int(0, 1e6)}` };
    const slug = SEEDED_SLUGS.find((s) => target.includes(s)) ?? 'text.generate';
    const inputs: Record<string, unknown> = {
      'text.generate': { input: this.randomText(this.int(1, 200)), max_tokens: this.int(1, 64) },
      'text.embed': { input: this.randomText(this.int(1, 100)) },
      'vision.ocr': { image_url: 'https://example.com/a.png' },
      'voice.tts': { text: 'hello' },
      'data.enrich': { email: 'a@example.com' },
      'pay.charge': { amount: this.pick([100, -1, 1e21, 2 ** 53, 0]), currency: this.pick(['EUR', 'usd', '', 'XXXX']) },
      'infra.dns': { domain: 'example.com' },
      'id.kyc': { document_url: 'https://example.com/id.png' },
      'media.image': { prompt: 'a cat' },
    };
    return inputs[slug];
  }

  private encode(
    area: string,
    method: string,
    target: string,
    headers: Array<[string, string]>,
    body: Buffer | null,
    framing: string,
  ): FuzzRequest {
    const lines = [`${method} ${target} HTTP/1.1`];
    let payload = body ?? Buffer.alloc(0);
    let mayGoUnanswered = false;
    if (body !== null) {
      if (framing === 'chunked') {
        headers.push(['transfer-encoding', 'chunked']);
        const chunks: Buffer[] = [];
        for (let offset = 0; offset < body.length; offset += 4096) {
          const part = body.subarray(offset, offset + 4096);
          chunks.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n'));
        }
        chunks.push(Buffer.from('0\r\n\r\n'));
        payload = Buffer.concat(chunks);
      } else if (framing === 'short-length') {
        // Fewer bytes declared than sent: the rest is a second, garbage request on the connection.
        headers.push(['content-length', String(Math.floor(body.length / 2))]);
        mayGoUnanswered = true;
      } else if (framing === 'content-length') {
        headers.push(['content-length', String(body.length)]);
      } else {
        payload = Buffer.alloc(0); // no framing header: the body is not sent at all
      }
    }
    for (const [name, value] of headers) lines.push(`${name}: ${value}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
    return { kind: `${area} ${method} ${target.slice(0, 80)}`, bytes: Buffer.concat([head, payload]), mayGoUnanswered };
  }
}

function send(port: number, request: FuzzRequest): Promise<FuzzResult> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${request.kind}`));
    }, REQUEST_TIMEOUT_MS);
    socket.on('connect', () => socket.write(request.bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer (we may still be writing) is fine
    socket.on('close', () => {
      clearTimeout(timer);
      // Interim answers (100 Continue to an Expect header) precede the response.
      const text = Buffer.concat(chunks)
        .toString('latin1')
        .replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const end = text.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, Math.max(0, end)).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      // Only the first response: a garbage second request on the connection may have its own.
      let body = end >= 0 ? text.slice(end + 4) : '';
      if (headers['content-length'] !== undefined) body = body.slice(0, Number(headers['content-length']));
      resolve({ status: match ? Number(match[1]) : null, headers, body });
    });
  });
}

describe('fuzz: hostile requests to the public and operator APIs', () => {
  let gw: GatewayHarness;
  let fx: Fixture;

  beforeAll(async () => {
    gw = await GatewayHarness.start({
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      INVALID_REQUEST_RATE_LIMIT: '1000000',
      ADMIN_RATE_LIMIT: '1000000',
      SIMULATOR_CHUNK_INTERVAL_MS: '0',
    });
    const main = await gw.createTenantWithKey({ keyRateLimit: 1_000_000 });
    const suspended = await gw.createTenantWithKey();
    await gw.admin('PATCH', `/tenants/${suspended.tenantId}`, { status: 'suspended' });
    const revoked = await gw.createTenantWithKey();
    await gw.admin('POST', `/keys/${revoked.keyId}/revoke`);
    fx = {
      key: main.key,
      suspendedKey: suspended.key,
      revokedKey: revoked.key,
      adminToken: gw.adminToken,
      tenantId: main.tenantId,
      keyId: main.keyId,
    };
  });

  // A graceful stop after the fuzz: no connection it left half-open may hold it up.
  afterAll(() => gw.close(), 60_000);

  it(`answers ${TOTAL} hostile requests without a 5xx, audits every 2xx call, and /healthz never waits 1 s`, async () => {
    const port = Number(new URL(gw.url).port);
    const generator = new Generator(mulberry32(SEED), fx);
    const requests = Array.from({ length: TOTAL }, () => generator.next());

    // /healthz, probed throughout on its own connections.
    let fuzzing = true;
    let worstHealthzMs = 0;
    let healthzProbes = 0;
    const probe = (async () => {
      while (fuzzing) {
        const started = performance.now();
        const res = await send(port, {
          kind: 'healthz',
          bytes: Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
          mayGoUnanswered: false,
        });
        expect(res.status).toBe(200);
        worstHealthzMs = Math.max(worstHealthzMs, performance.now() - started);
        healthzProbes++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const statuses = new Map<string, number>();
    const serverErrors: string[] = [];
    const errorShapes: string[] = [];
    const unanswered: string[] = [];
    const publicSuccesses: string[] = [];
    let nextIndex = 0;
    const worker = async () => {
      while (nextIndex < requests.length) {
        const request = requests[nextIndex++];
        let res: FuzzResult;
        try {
          res = await send(port, request);
        } catch (err) {
          unanswered.push(`${(err as Error).message}`);
          continue;
        }
        const label = res.status === null ? 'none' : String(res.status);
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
        if (res.status === null) {
          if (!request.mayGoUnanswered) unanswered.push(request.kind);
          continue;
        }
        if (res.status >= 500) serverErrors.push(`${res.status} ${request.kind} -> ${res.body.slice(0, 200)}`);
        if (res.status < 300 && request.kind.startsWith('public') && res.headers['x-service-request-id']) {
          publicSuccesses.push(res.headers['x-service-request-id']);
        }
        if (res.status >= 400 && request.bytes.subarray(0, 5).toString() !== 'HEAD ') {
          let code: unknown;
          try {
            code = (JSON.parse(res.body) as { error?: { code?: unknown } }).error?.code;
          } catch {
            code = undefined;
          }
          if (typeof code !== 'string') errorShapes.push(`${res.status} ${request.kind} -> ${res.body.slice(0, 120)}`);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      fuzzing = false;
      await probe;
    }

    await gw.flushAudit();
    const { rows } = await gw.prisma.pool.query<{ id: string }>('SELECT id FROM audit_records WHERE id = ANY($1::uuid[])', [
      publicSuccesses,
    ]);
    const audited = new Set(rows.map((r) => r.id));
    const unaudited = publicSuccesses.filter((id) => !audited.has(id));

    const summary = {
      total: TOTAL,
      statuses: Object.fromEntries([...statuses].sort()),
      publicSuccesses: publicSuccesses.length,
      healthzProbes,
      worstHealthzMs: Math.round(worstHealthzMs),
    };
    process.stdout.write(`fuzz summary: ${JSON.stringify(summary)}\n`);
    expect(serverErrors.slice(0, 20)).toEqual([]);
    expect(errorShapes.slice(0, 20)).toEqual([]);
    expect(unanswered.slice(0, 20)).toEqual([]);
    expect(unaudited).toEqual([]);
    expect(publicSuccesses.length).toBeGreaterThan(TOTAL / 20); // the fuzz reaches real calls, not only errors
    expect(worstHealthzMs).toBeLessThan(1000);
  }, 300_000);
});
