import { randomBytes } from 'node:crypto';
import { GatewayHarness } from '../../support/gateway-harness';

describe('operator API: tenants', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('creates, reads, lists and updates tenants; validates input', async () => {
    const created = await gw.admin('POST', '/tenants', { name: 'Globex', rate_limit_per_window: 100 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Globex', status: 'active', rate_limit_per_window: 100, kind: 'direct' });
    expect((await gw.admin('GET', `/tenants/${created.body.id}`)).body.name).toBe('Globex');
    const updated = await gw.admin('PATCH', `/tenants/${created.body.id}`, { status: 'suspended', rate_limit_per_window: null });
    expect(updated.body).toMatchObject({ status: 'suspended', rate_limit_per_window: null });

    const bad = await gw.admin('POST', '/tenants', { name: '', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    expect(bad.body.error.details.problems.length).toBeGreaterThanOrEqual(2);
    expect((await gw.admin('GET', '/tenants/not-a-uuid')).status).toBe(400);
    expect((await gw.admin('GET', '/tenants/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    await gw.admin('POST', '/tenants', { name: 'Initech' });
    const page = await gw.admin('GET', '/tenants?limit=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.next_cursor).toEqual(expect.any(String));
  });

  it('pages through tenants newest first with the cursors it hands out', async () => {
    const names = Array.from({ length: 3 }, (_, i) => `paged ${i} ${Date.now()}`);
    for (const name of names) await gw.admin('POST', '/tenants', { name });
    // Other suites create tenants meanwhile: follow the cursors until this suite's three were seen.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await gw.admin('GET', `/tenants?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((t: { name: string }) => t.name));
      cursor = page.body.next_cursor as string | null;
    } while (cursor && !names.every((n) => seen.includes(n)));
    expect(seen.filter((n) => names.includes(n))).toEqual([...names].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("searches tenants as you type (q): the name's prefix ignoring case, paged, AND with ids; wildcards are characters", async () => {
    // Other suites create tenants meanwhile: the names start with a token of this test's own.
    const token = `Srch${randomBytes(4).toString('hex')}`;
    const created: Record<string, string> = {};
    for (const name of [`${token} One`, `${token.toLowerCase()} two`, `${token.toUpperCase()}_three`, `${token}x four`, `Not ${token}`])
      created[name] = (await gw.admin('POST', '/tenants', { name })).body.id;
    const search = async (query: string) => {
      const res = await gw.admin('GET', `/tenants?${query}`);
      expect(res.status).toBe(200);
      return { names: res.body.data.map((t: { name: string }) => t.name), next: res.body.next_cursor as string | null };
    };
    const all = [`${token}x four`, `${token.toUpperCase()}_three`, `${token.toLowerCase()} two`, `${token} One`];
    expect((await search(`q=${token.toUpperCase()}`)).names).toEqual(all);
    expect((await search(`q=${token.toLowerCase()}_`)).names).toEqual([`${token.toUpperCase()}_three`]);
    expect((await search(`q=${encodeURIComponent(`${token} t`)}`)).names).toEqual([`${token.toLowerCase()} two`]);
    const first = await search(`q=${token}&limit=3`);
    expect(first.names).toEqual(all.slice(0, 3));
    expect(await search(`q=${token}&limit=3&cursor=${first.next}`)).toEqual({ names: all.slice(3), next: null });
    expect((await search(`q=${token}&ids=${created[`${token} One`]},${created[`Not ${token}`]}`)).names).toEqual([`${token} One`]);
    expect((await gw.admin('GET', `/tenants?q=${'a'.repeat(201)}`)).status).toBe(400);
  });

  it('looks tenants up by ids: exactly the named ones (unknown ids absent), paged; 400 for a bad list', async () => {
    const created: string[] = [];
    for (const name of ['ids one', 'ids two', 'ids three']) created.push((await gw.admin('POST', '/tenants', { name })).body.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const names = async (query: string) => {
      const res = await gw.admin('GET', `/tenants?${query}`);
      expect(res.status).toBe(200);
      return { names: res.body.data.map((t: { name: string }) => t.name), next: res.body.next_cursor as string | null };
    };
    // Other suites create tenants meanwhile: only the named ones come back, newest first.
    expect(await names(`ids=${[...created, unknown].join(',')}`)).toEqual({ names: ['ids three', 'ids two', 'ids one'], next: null });
    expect(await names(`ids=${unknown}`)).toEqual({ names: [], next: null });
    const first = await names(`ids=${created.join(',')}&limit=2`);
    expect(first.names).toEqual(['ids three', 'ids two']);
    expect(await names(`ids=${created.join(',')}&limit=2&cursor=${first.next}`)).toEqual({ names: ['ids one'], next: null });

    const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const query of [
      'ids=',
      `ids=${created[0]},`,
      'ids=not-a-uuid',
      `ids=${created[0]}&ids=${created[1]}`,
      `ids=${tooMany.join(',')}`,
    ]) {
      const res = await gw.admin('GET', `/tenants?${query}`);
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
    }
  });
});
