import { GatewayHarness } from '../support/gateway-harness';

/**
 * Limits documents have versions: an ETag on every answer that holds one, If-Match on every change
 * (412 precondition_failed on a stale one), and per-slug routes that change one slug without a
 * read-modify-write, so concurrent changes to different slugs are all kept.
 */
describe('reseller API: limits versions (ETag, If-Match) and per-slug changes', () => {
  let gw: GatewayHarness;
  let managementKey: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ({ managementKey } = await gw.createReseller());
  });

  afterAll(() => gw.close());

  /** A reseller API request with headers; the answer's status, JSON body and ETag. */
  async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, key = managementKey) {
    const res = await fetch(`${gw.url}/api/reseller/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, etag: res.headers.get('etag') };
  }

  async function customerWithKey() {
    const customer = (await request('POST', '/customers', { name: `c ${Math.random()}` })).body;
    const key = (await request('POST', `/customers/${customer.id}/keys`, {})).body;
    return { customerId: customer.id as string, keyId: key.id as string, key: key.key as string };
  }

  const SLUGS = Array.from({ length: 10 }, (_, i) => `text.op${i}`);

  it.each(['keys', 'customers'] as const)('10 concurrent per-slug changes to different slugs of one of your %s: all kept', async (kind) => {
    const { customerId, keyId } = await customerWithKey();
    const base = kind === 'keys' ? `/keys/${keyId}/limits` : `/customers/${customerId}/limits`;
    await request('PUT', base, { requests_per_window: 500, allowed_endpoints: ['text.*'] });
    const answers = await Promise.all(SLUGS.map((slug, i) => request('PUT', `${base}/${slug}`, { requests_per_window: i + 1 })));
    expect(answers.map((a) => a.status)).toEqual(SLUGS.map(() => 200));
    const document = await request('GET', base);
    expect(document.body).toEqual({
      requests_per_window: 500,
      per_slug: Object.fromEntries(SLUGS.map((slug, i) => [slug, i + 1])),
      allowed_endpoints: ['text.*'],
    });
    // The last change's answer is the final document, with its ETag.
    const etags = new Set(answers.map((a) => a.etag));
    expect(etags.size).toBe(10);
    expect(etags).toContain(document.etag);

    // Removing slugs at once: each goes, the others and the rest of the document stay.
    const removed = await Promise.all(SLUGS.slice(0, 5).map((slug) => request('DELETE', `${base}/${slug}`)));
    expect(removed.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await request('GET', base)).body).toEqual({
      requests_per_window: 500,
      per_slug: Object.fromEntries(SLUGS.slice(5).map((slug, i) => [slug, i + 6])),
      allowed_endpoints: ['text.*'],
    });
    expect((await request('DELETE', `${base}/${SLUGS[0]}`)).status).toBe(200); // idempotent
  });

  it('a strong ETag on GET and on every write answer: equal documents, equal tags; any change, another', async () => {
    const { keyId } = await customerWithKey();
    const empty = await request('GET', `/keys/${keyId}/limits`);
    expect(empty.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const put = await request('PUT', `/keys/${keyId}/limits`, { per_slug: { 'text.generate': 5 } });
    expect(put.etag).not.toBe(empty.etag);
    expect((await request('GET', `/keys/${keyId}/limits`)).etag).toBe(put.etag);
    const slug = await request('PUT', `/keys/${keyId}/limits/text.generate`, { requests_per_window: 6 });
    expect(slug.etag).not.toBe(put.etag);
    // Back to the same document: the same tag.
    expect((await request('PUT', `/keys/${keyId}/limits/text.generate`, { requests_per_window: 5 })).etag).toBe(put.etag);
    expect((await request('DELETE', `/keys/${keyId}/limits/text.generate`)).etag).toBe(empty.etag);
  });

  it('If-Match: a stale tag is 412 precondition_failed and changes nothing; the current tag or * passes; absent, the change is made', async () => {
    const { customerId, keyId } = await customerWithKey();
    for (const base of [`/keys/${keyId}/limits`, `/customers/${customerId}/limits`]) {
      const read = await request('GET', base);
      const changed = await request('PUT', `${base}/text.generate`, { requests_per_window: 9 });
      const stale = { 'if-match': read.etag! };
      for (const [method, path, body] of [
        ['PUT', base, { per_slug: { 'text.embed': 1 } }],
        ['PUT', `${base}/text.embed`, { requests_per_window: 1 }],
        ['DELETE', `${base}/text.generate`, undefined],
      ] as const) {
        const refused = await request(method, path, body, stale);
        expect({ path, status: refused.status, error: refused.body.error }).toEqual({
          path,
          status: 412,
          error: expect.objectContaining({ code: 'precondition_failed', details: { etag: changed.etag } }),
        });
      }
      for (const weak of [`W/${changed.etag}`, '"nope"', '']) {
        expect((await request('PUT', base, {}, { 'if-match': weak })).status).toBe(412);
      }
      const now = await request('GET', base);
      expect({ body: now.body, etag: now.etag }).toEqual({ body: changed.body, etag: changed.etag });

      const current = await request('PUT', `${base}/text.embed`, { requests_per_window: 2 }, { 'if-match': `"x", ${changed.etag}` });
      expect(current.status).toBe(200);
      expect((await request('PUT', base, { per_slug: { 'text.embed': 3 } }, { 'if-match': '*' })).status).toBe(200);
      expect((await request('PUT', base, { per_slug: { 'text.embed': 4 } })).body.per_slug).toEqual({ 'text.embed': 4 });
    }
  });

  it('two read-modify-writes of one document at once, both with If-Match: one is made, the other is 412 (not lost silently)', async () => {
    const { keyId } = await customerWithKey();
    const read = await request('GET', `/keys/${keyId}/limits`);
    const answers = await Promise.all(
      ['text.generate', 'text.embed'].map((slug) =>
        request(
          'PUT',
          `/keys/${keyId}/limits`,
          { ...read.body, per_slug: { ...read.body.per_slug, [slug]: 1 } },
          { 'if-match': read.etag! },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const made = answers.find((a) => a.status === 200)!;
    expect(await request('GET', `/keys/${keyId}/limits`)).toMatchObject({ body: made.body, etag: made.etag });
  });

  it('a per-slug change applies to calls at once, is validated, and holds at most 100 slugs', async () => {
    const { keyId, key } = await customerWithKey();
    const call = () => gw.call('text.generate', { key, body: { input: 'hi' } });
    await call(); // the key is now cached by this process
    expect((await request('PUT', `/keys/${keyId}/limits/text.generate`, { requests_per_window: 2 })).status).toBe(200);
    expect((await call()).headers.get('x-ratelimit-limit')).toBe('2');

    for (const [path, body] of [
      [`/keys/${keyId}/limits/text.generate`, { requests_per_window: 0 }],
      [`/keys/${keyId}/limits/text.generate`, { requests_per_window: 1.5 }],
      [`/keys/${keyId}/limits/text.generate`, {}],
      [`/keys/${keyId}/limits/not-a-slug`, { requests_per_window: 1 }],
      [`/keys/${keyId}/limits/robots.walk`, { requests_per_window: 1 }],
    ] as const) {
      expect({ path, body, status: (await request('PUT', path, body)).status }).toEqual({ path, body, status: 400 });
    }
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`data.op${i}`, 1]));
    expect((await request('PUT', `/keys/${keyId}/limits`, { per_slug: hundred })).status).toBe(200);
    expect((await request('PUT', `/keys/${keyId}/limits/data.op0`, { requests_per_window: 2 })).status).toBe(200);
    const over = await request('PUT', `/keys/${keyId}/limits/data.op100`, { requests_per_window: 1 });
    expect({ status: over.status, code: over.body.error.code }).toEqual({ status: 400, code: 'invalid_request' });
  });

  it("another tenant's key or customer is 404 on every limits route, and is left as it was", async () => {
    const { customerId, keyId } = await customerWithKey();
    await request('PUT', `/keys/${keyId}/limits/text.generate`, { requests_per_window: 7 });
    const before = await request('GET', `/keys/${keyId}/limits`);
    const other = (await gw.createReseller()).managementKey;
    for (const base of [`/keys/${keyId}/limits`, `/customers/${customerId}/limits`]) {
      for (const [method, path, body] of [
        ['GET', base, undefined],
        ['PUT', base, {}],
        ['PUT', `${base}/text.generate`, { requests_per_window: 1 }],
        ['DELETE', `${base}/text.generate`, undefined],
      ] as const) {
        const res = await request(method, path, body, {}, other);
        expect({ method, path, status: res.status, code: res.body.error.code }).toEqual({
          method,
          path,
          status: 404,
          code: 'resource_not_found',
        });
      }
    }
    expect(await request('GET', `/keys/${keyId}/limits`)).toEqual(before);
  });
});
