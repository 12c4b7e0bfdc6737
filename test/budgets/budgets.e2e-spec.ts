import type Redis from 'ioredis';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { AUDIT_DEFAULT_PARTITION, AUDIT_PARTITIONS_LOCK } from '../../src/audit/audit-partitions';
import { usdToPicoUsd } from '../../src/common/money/money';
import { REDIS } from '../../src/redis/redis.module';
import { deferred } from '../support/deferred';
import { GatewayHarness } from '../support/gateway-harness';
import { startOpenAiUpstream, type OpenAiUpstream } from '../support/openai-upstream';
import { testDatabaseUrl } from '../support/test-env';
import { startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/** The price of one call on the test endpoint: 'call' unit at 1,500,000,000 pico-USD, one call at most. */
const PRICE = 1_500_000_000n;
/** The body of an error answer. */
type ErrorBody = { error: { code: string; request_id: string; details: Record<string, unknown> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

const usd = (pico: bigint) => (Number(pico) / 1e12).toString();

/** The application_name of this suite's gateway's database connections. */
const APPLICATION_NAME = `budgets-spec-${randomUUID().slice(0, 8)}`;

/** The lock waits of this suite's gateway, as SQL conditions on pg_locks `l` (and the waiter's pg_stat_activity). */
const OUR_WAITS = `FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.application_name = '${APPLICATION_NAME}'`;

describe('budgets', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let gate: ReturnType<typeof deferred<void>> | null = null;
  let slug: string;

  beforeAll(async () => {
    // Its database connections carry a name of their own: the tests that line budget changes up
    // behind a lock count this gateway's waiters, not those of the suites running beside it.
    gw = await GatewayHarness.start({ DATABASE_URL: `${testDatabaseUrl()}?application_name=${APPLICATION_NAME}` });
    upstream = await startUpstream(async (_req, res) => {
      if (gate) await gate.promise;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    // One call costs PRICE and can never cost more: every hold is exactly the call's price.
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, defaultRateLimit: 1000, upstreams: [{ baseUrl: upstream.url }] }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  /** A reseller, one customer and `keys` keys of that customer. */
  async function customerWithKeys(keys = 1) {
    const reseller = await gw.createReseller();
    const customer = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body;
    const created = [];
    for (let i = 0; i < keys; i++)
      created.push((await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body);
    return { ...reseller, customerId: customer.id as string, keys: created as Array<{ id: string; key: string }> };
  }

  const call = (key: string, target = slug) => gw.call(target, { key, body: {} });

  /** Sets a budget through the reseller API; anything but 200 fails the test there, not at a later call. */
  const putBudget = async (managementKey: string, path: string, body: { period: string; cap_usd: string }) => {
    const res = await gw.reseller(managementKey, 'PUT', path, body);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
    return res;
  };

  it('refuses a call with 402 budget_exceeded once spend and holds reach the cap: not forwarded, not billed, no limit charged', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    const put = await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: usd((PRICE * 5n) / 2n) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      subject: 'key',
      subject_id: key.id,
      period: 'daily',
      cap_usd: '0.00375',
      spent_usd: '0',
      held_usd: '0',
    });

    const before = upstream.received.length;
    // 0 + 0, then 1 and 2 calls' worth held or spent, are under 2.5: three calls pass, the third overspends by half a call.
    const passed = [await call(key.key), await call(key.key), await call(key.key)];
    expect(passed.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await call(key.key);
    expect(refused.status).toBe(402);
    const body = { error: await errorOf(refused) };
    const midnight = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
    expect(body.error).toMatchObject({
      code: 'budget_exceeded',
      details: { limit_source: 'key', period: 'daily', cap_usd: '0.00375', resets_at: midnight.toISOString() },
    });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Limit headers are there, and the refused call was charged to none of them.
    expect(refused.headers.get('x-ratelimit-remaining')).toBe(passed[2].headers.get('x-ratelimit-remaining'));
    expect(upstream.received.length - before).toBe(3);

    await gw.flushAudit();
    const record = await gw.auditRecord(body.error.request_id);
    expect(record).toMatchObject({
      httpStatus: 402,
      errorCode: 'budget_exceeded',
      customerPricePicoUsd: 0n,
      keyBudgetId: null,
      providersTried: 0,
    });
    const state = (await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body;
    expect(state).toMatchObject({ spent_usd: '0.0045', held_usd: '0', remaining_usd: '0', resets_at: midnight.toISOString() });

    // Spent (not merely held): Retry-After runs to the period's end.
    const after = await call(key.key);
    expect(after.status).toBe(402);
    const secondsToMidnight = (midnight.getTime() - Date.now()) / 1000;
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(secondsToMidnight - 5);
    expect(Number(after.headers.get('retry-after'))).toBeLessThan(secondsToMidnight + 5);
  });

  it('50 concurrent calls on a budget of 10.5 calls: 11 pass, the overspend is less than one call, the ledger equals the audit trail', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    const cap = (PRICE * 21n) / 2n;
    await putBudget(c.managementKey, `/customers/${c.customerId}/budget`, { period: 'monthly', cap_usd: usd(cap) });
    gate = deferred<void>();
    const before = upstream.received.length;
    let refused = 0;
    try {
      const calls = Array.from({ length: 50 }, () =>
        call(key.key).then(async (res) => {
          if (res.status === 402) refused++;
          return { status: res.status, body: (await res.json()) as ErrorBody };
        }),
      );
      // Every call is either refused or waiting at the upstream before any admitted one ends.
      await waitFor('every call refused or at the upstream', () => refused + (upstream.received.length - before) === 50, 20_000);
      gate.resolve();
      const results = await Promise.all(calls);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(11);
      expect(statuses.filter((s) => s === 402)).toHaveLength(39);
      expect(results.find((r) => r.status === 402)!.body.error.details.limit_source).toBe('customer');
    } finally {
      gate = null;
    }

    await gw.flushAudit();
    const [{ spent }] = await gw.prisma.$queryRaw<Array<{ spent: string }>>`
      SELECT coalesce(sum(customer_price_pico_usd), 0)::text AS spent FROM audit_records WHERE customer_id = ${c.customerId}::uuid`;
    expect(BigInt(spent)).toBe(PRICE * 11n);
    expect(BigInt(spent) - cap).toBeLessThan(PRICE);
    const state = (await gw.reseller(c.managementKey, 'GET', `/customers/${c.customerId}/budget`)).body;
    expect(usdToPicoUsd(state.spent_usd)).toBe(BigInt(spent));
    expect(state.held_usd).toBe('0');
  });

  it('a per-call slug holds one call, not its max_quantity_per_call: 50 concurrent calls on a budget of 10.5 calls, 10 or 11 pass, the spend settles exactly; the 402 names the budget', async () => {
    // The billing unit's default cap (100,000 calls): a hold of the cap admitted 1 call of 50.
    const { slug: perCall } = await gw.createEndpoint({ maxQuantityPerCall: null, upstreams: [{ baseUrl: upstream.url }] });
    const c = await customerWithKeys();
    const [key] = c.keys;
    const cap = (PRICE * 21n) / 2n;
    const budget = (await putBudget(c.managementKey, `/customers/${c.customerId}/budget`, { period: 'monthly', cap_usd: usd(cap) })).body;
    const budgetId = (await gw.prisma.budget.findFirstOrThrow({ where: { subject: 'customer', subjectId: c.customerId } })).id;
    // The budget card: one call of the slug holds one call's price; the most any call could hold is the cap's.
    expect(budget.call_holds).toContainEqual({ slug: perCall, hold_usd: usd(PRICE), max_hold_usd: usd(PRICE * 100_000n) });
    gate = deferred<void>();
    const before = upstream.received.length;
    let refused = 0;
    let results: Array<{ status: number; body: ErrorBody }>;
    try {
      const calls = Array.from({ length: 50 }, () =>
        call(key.key, perCall).then(async (res) => {
          if (res.status === 402) refused++;
          return { status: res.status, body: (await res.json()) as ErrorBody };
        }),
      );
      await waitFor('every call refused or at the upstream', () => refused + (upstream.received.length - before) === 50, 20_000);
      gate.resolve();
      results = await Promise.all(calls);
    } finally {
      gate = null;
    }
    const answered = results.filter((r) => r.status === 200).length;
    expect([10, 11]).toContain(answered);
    expect(results.filter((r) => r.status === 402)).toHaveLength(50 - answered);
    expect(results.find((r) => r.status === 402)!.body.error.details).toMatchObject({
      budget_id: budgetId,
      limit_source: 'customer',
      subject_id: c.customerId,
      period: budget.period,
      cap_usd: usd(cap),
      spent_usd: '0',
    });

    await gw.flushAudit();
    const [{ spent }] = await gw.prisma.$queryRaw<Array<{ spent: string }>>`
      SELECT coalesce(sum(customer_price_pico_usd), 0)::text AS spent FROM audit_records WHERE customer_id = ${c.customerId}::uuid`;
    expect(BigInt(spent)).toBe(PRICE * BigInt(answered));
    const state = (await gw.reseller(c.managementKey, 'GET', `/customers/${c.customerId}/budget`)).body;
    expect(state).toMatchObject({ spent_usd: usd(PRICE * BigInt(answered)), held_usd: '0' });
  });

  /** Starts a call held at the gated upstream and returns the budget's held_usd meanwhile, then lets the call end. */
  async function heldWhileInFlight(key: string, target: string, body: Record<string, unknown>, budgetPath: string, managementKey: string) {
    gate = deferred<void>();
    const before = upstream.received.length;
    try {
      const pending = gw.call(target, { key, body });
      await waitFor('the call at the upstream', () => upstream.received.length > before, 10_000);
      const held = (await gw.reseller(managementKey, 'GET', budgetPath)).body.held_usd as string;
      gate.resolve();
      expect((await pending).status).toBe(200);
      // The next measurement starts from no hold: this call's record lands and settles it.
      await waitFor('the hold settled', async () => {
        await gw.flushAudit();
        return (await gw.reseller(managementKey, 'GET', budgetPath)).body.held_usd === '0';
      });
      return held;
    } finally {
      gate = null;
    }
  }

  it('a call that declares how many items it processes holds that many', async () => {
    const { slug: records } = await gw.createEndpoint({ category: 'data', billingUnit: 'record', upstreams: [{ baseUrl: upstream.url }] });
    const c = await customerWithKeys();
    const [key] = c.keys;
    await putBudget(c.managementKey, `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: '100' });
    const budgetPath = `/keys/${key.id}/budget`;
    expect(await heldWhileInFlight(key.key, records, { records: ['a@x.io', 'b@x.io', 'c@x.io'] }, budgetPath, c.managementKey)).toBe(
      usd(PRICE * 3n),
    );
    expect(await heldWhileInFlight(key.key, records, { email: 'a@x.io' }, budgetPath, c.managementKey)).toBe(usd(PRICE));
  });

  it('a token call holds its input tokens plus max_tokens, else the output cap the operator set', async () => {
    const created = await gw.admin('POST', '/catalog', {
      slug: `text.t_${Date.now().toString(36)}`,
      wholesale_usd_per_unit: '0.001',
      resale_usd_per_unit: '0.003',
      default_rate_limit: 1000,
      max_output_tokens: 2000,
      upstreams: [{ name: 'gated', kind: 'http', base_url: upstream.url }],
    });
    expect(created.status).toBe(201);
    expect(created.body.max_output_tokens).toBe(2000);
    const textSlug = created.body.slug as string;
    const c = await customerWithKeys();
    const [key] = c.keys;
    const put = await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: '100' });
    // The budget card: a call with an empty input ({} is one token) holds 1 + 2000 tokens; at most the 10M-token cap.
    expect(put.body.call_holds).toContainEqual({
      slug: textSlug,
      hold_usd: usd(2001n * 3_000_000n),
      max_hold_usd: usd(10_000_000n * 3_000_000n),
    });
    const budgetPath = `/keys/${key.id}/budget`;
    // {"input":"…"} is 400 characters: 100 tokens; $0.003 per 1k tokens.
    const input = 'x'.repeat(388);
    expect(await heldWhileInFlight(key.key, textSlug, { input }, budgetPath, c.managementKey)).toBe(usd(2100n * 3_000_000n));
    // {"input":"…","max_tokens":50} is 416 characters: 104 tokens.
    expect(await heldWhileInFlight(key.key, textSlug, { input, max_tokens: 50 }, budgetPath, c.managementKey)).toBe(usd(154n * 3_000_000n));
    // The operator lowers the output cap: the next call holds less.
    expect((await gw.admin('PATCH', `/catalog/${textSlug}`, { max_output_tokens: 500 })).body.max_output_tokens).toBe(500);
    expect(await heldWhileInFlight(key.key, textSlug, { input }, budgetPath, c.managementKey)).toBe(usd(600n * 3_000_000n));
  });

  it('the caller’s max_tokens, which the hold counts on, reaches an OpenAI-compatible upstream (only a positive integer)', async () => {
    const openai: OpenAiUpstream = await startOpenAiUpstream();
    try {
      const { slug: textSlug } = await gw.createEndpoint({
        category: 'text',
        billingUnit: 'tokens_1k',
        upstreams: [{ kind: 'openai', baseUrl: openai.url, timeoutMs: 5000 }],
      });
      const [key] = (await customerWithKeys()).keys;
      const before = openai.received.length;
      expect((await gw.call(textSlug, { key: key.key, body: { input: 'hi', max_tokens: 50 } })).status).toBe(200);
      expect((await gw.call(textSlug, { key: key.key, body: { input: 'hi', max_tokens: 'lots' } })).status).toBe(200);
      const sent = openai.received.slice(before).map((r) => JSON.parse(r.body) as { max_tokens?: unknown });
      expect(sent.map((b) => b.max_tokens)).toEqual([50, undefined]);
    } finally {
      await openai.close();
    }
  });

  it('a key with a budget and a body the gateway refuses: charged to its limits like any call (429 before 400), holding nothing', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    await putBudget(c.managementKey, `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: '100' });
    const ok = await call(key.key);
    expect(ok.status).toBe(200);
    const bad = await gw.call(slug, { key: key.key, rawBody: '{"oops"', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('invalid_json');
    // The key's own limit (not the per-IP one for unauthenticated errors), one call more used.
    expect(bad.headers.get('x-ratelimit-limit')).toBe(ok.headers.get('x-ratelimit-limit'));
    expect(Number(bad.headers.get('x-ratelimit-remaining'))).toBe(Number(ok.headers.get('x-ratelimit-remaining')) - 1);
    await gw.flushAudit();
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body.held_usd).toBe('0');
  });

  it('a customer budget counts all its keys together; a tenant budget (the operator’s) every key of the tenant', async () => {
    const c = await customerWithKeys(2);
    await putBudget(c.managementKey, `/customers/${c.customerId}/budget`, { period: 'weekly', cap_usd: usd(PRICE * 2n) });
    expect((await call(c.keys[0].key)).status).toBe(200);
    expect((await call(c.keys[1].key)).status).toBe(200);
    const refused = await call(c.keys[0].key);
    expect(refused.status).toBe(402);
    expect((await errorOf(refused)).details).toMatchObject({ limit_source: 'customer', period: 'weekly' });

    const own = (await gw.reseller(c.managementKey, 'POST', '/keys', {})).body;
    await gw.flushAudit();
    const tenantBudget = await gw.admin('PUT', `/tenants/${c.tenantId}/budget`, { period: 'none', cap_usd: usd(PRICE * 3n) });
    expect(tenantBudget.status).toBe(200);
    // The tenant budget counts what the tenant owes (the resale figure), from the audit trail so far: 2 calls.
    expect(tenantBudget.body).toMatchObject({ subject: 'tenant', period: 'none', resets_at: null, spent_usd: usd(PRICE * 2n) });
    expect((await call(own.key)).status).toBe(200);
    await gw.flushAudit();
    // Spent, not merely held: a lifetime budget never resets, so no Retry-After.
    const overTenant = await call(own.key);
    expect(overTenant.status).toBe(402);
    expect(overTenant.headers.get('retry-after')).toBeNull();
    expect((await errorOf(overTenant)).details).toMatchObject({ limit_source: 'tenant', period: 'none', resets_at: null });
    const me = (await gw.reseller(c.managementKey, 'GET', '/me')).body;
    expect(me.budget).toMatchObject({ subject: 'tenant', cap_usd: usd(PRICE * 3n) });
  });

  it('a budget set on a subject that already spent this period starts from that spend (the audit trail)', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    expect((await call(key.key)).status).toBe(200);
    expect((await call(key.key)).status).toBe(200);
    await gw.flushAudit();
    const put = await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: usd((PRICE * 5n) / 2n) });
    expect(put.body.spent_usd).toBe(usd(PRICE * 2n));
    expect((await call(key.key)).status).toBe(200);
    expect((await call(key.key)).status).toBe(402);
    // A new cap keeps the ledger; a new period starts a new one, from the audit trail again.
    await gw.flushAudit();
    const raised = await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: usd(PRICE * 4n) });
    expect(raised.body).toMatchObject({ spent_usd: usd(PRICE * 3n), cap_usd: usd(PRICE * 4n) });
    expect((await call(key.key)).status).toBe(200);
    const daily = await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: usd(PRICE * 4n) });
    await gw.flushAudit();
    expect(usdToPicoUsd(daily.body.spent_usd)).toBeGreaterThanOrEqual(PRICE * 3n);
    expect((await gw.reseller(c.managementKey, 'DELETE', `/keys/${key.id}/budget`)).status).toBe(204);
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).status).toBe(404);
    expect((await call(key.key)).status).toBe(200);
  });

  it('a budget set while the audit writer still holds earlier calls counts them once they land, in this process and another', async () => {
    // Records stay buffered until flushAudit(): an hour between timed flushes, batches far from full.
    const held = await GatewayHarness.start({ AUDIT_FLUSH_INTERVAL_MS: '3600000' });
    const other = await held.startSecondProcess({ AUDIT_FLUSH_INTERVAL_MS: '3600000' });
    try {
      const reseller = await held.createReseller();
      const customer = (await held.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body;
      const key = (await held.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
      for (let i = 0; i < 2; i++) expect((await held.call(slug, { key: key.key, body: {} })).status).toBe(200);
      // A third call through the other process, whose records land when it stops (SIGTERM drains its writer).
      const viaOther = await fetch(`${other.url}/api/public/v1/${slug}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(viaOther.status).toBe(200);

      // A lifetime cap of 2.5 calls, set with none of the three calls landed: its ledger starts at 0.
      const put = await held.reseller(reseller.managementKey, 'PUT', `/keys/${key.id}/budget`, {
        period: 'none',
        cap_usd: usd((PRICE * 5n) / 2n),
      });
      expect(put.body.spent_usd).toBe('0');
      await held.flushAudit();
      expect(await other.terminate()).toBe(0);
      // The three calls held no budget, yet count on the one set since: the ledger equals the audit trail.
      const state = (await held.reseller(reseller.managementKey, 'GET', `/keys/${key.id}/budget`)).body;
      expect(state).toMatchObject({ spent_usd: usd(PRICE * 3n), held_usd: '0' });
      const refused = await held.call(slug, { key: key.key, body: {} });
      expect(refused.status).toBe(402);
      expect((await errorOf(refused)).details).toMatchObject({ spent_usd: usd(PRICE * 3n), cap_usd: usd((PRICE * 5n) / 2n) });
    } finally {
      await other.terminate();
      await held.close();
    }
  });

  it('Redis flushed mid-period: the state is rebuilt from the ledger and the spend stays exact', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    await putBudget(c.managementKey, `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: usd((PRICE * 11n) / 2n) });
    for (let i = 0; i < 3; i++) expect((await call(key.key)).status).toBe(200);
    await gw.flushAudit();

    // Everything this deployment keeps in Redis goes (other suites share the server: only our prefix).
    const redis = gw.app.get<Redis>(REDIS);
    const keys = await redis.keys(`${gw.config.REDIS_KEY_PREFIX}*`);
    expect(keys.some((k) => k.includes(':b:'))).toBe(true);
    await redis.del(...keys);

    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body.spent_usd).toBe(usd(PRICE * 3n));
    // 3, 4 and 5 calls' worth are under 5.5: three more pass, not five and a half more.
    for (let i = 0; i < 3; i++) expect((await call(key.key)).status).toBe(200);
    expect((await call(key.key)).status).toBe(402);
    await gw.flushAudit();
    const state = (await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body;
    expect(state).toMatchObject({ spent_usd: usd(PRICE * 6n), held_usd: '0' });
  });

  it('a rotated key takes its budget along, and the old key shares it while in its grace period', async () => {
    const c = await customerWithKeys();
    const [old] = c.keys;
    await putBudget(c.managementKey, `/keys/${old.id}/budget`, { period: 'monthly', cap_usd: usd((PRICE * 5n) / 2n) });
    expect((await call(old.key)).status).toBe(200);
    const rotated = (await gw.reseller(c.managementKey, 'POST', `/keys/${old.id}/rotate`, { grace_seconds: 600 })).body.key;
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${old.id}/budget`)).status).toBe(404);
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${rotated.id}/budget`)).body).toMatchObject({ subject_id: rotated.id });
    expect((await call(rotated.key)).status).toBe(200);
    expect((await call(old.key)).status).toBe(200);
    expect((await call(old.key)).status).toBe(402);
    expect((await call(rotated.key)).status).toBe(402);
    await gw.flushAudit();
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${rotated.id}/budget`)).body.spent_usd).toBe(usd(PRICE * 3n));
  });

  it('a budget set or removed on a replacement applies at once to the old key in its grace period, whose cached copy is refreshed', async () => {
    const c = await customerWithKeys();
    const [old] = c.keys;
    const rotated = (await gw.reseller(c.managementKey, 'POST', `/keys/${old.id}/rotate`, { grace_seconds: 600 })).body.key;
    // The old key's copy is cached, with no budget.
    expect((await call(old.key)).status).toBe(200);
    await putBudget(c.managementKey, `/keys/${rotated.id}/budget`, { period: 'monthly', cap_usd: usd(PRICE) });
    expect((await call(old.key)).status).toBe(200);
    expect((await call(old.key)).status).toBe(402);
    expect((await call(rotated.key)).status).toBe(402);

    expect((await gw.reseller(c.managementKey, 'DELETE', `/keys/${rotated.id}/budget`)).status).toBe(204);
    expect((await call(old.key)).status).toBe(200);
  });

  it('a replacement rotated in turn: the first old key, still in grace, spends from the newest key’s budget; its expiry is kept within the grace (409)', async () => {
    const c = await customerWithKeys();
    const [first] = c.keys;
    await putBudget(c.managementKey, `/keys/${first.id}/budget`, { period: 'monthly', cap_usd: usd((PRICE * 5n) / 2n) });
    expect((await call(first.key)).status).toBe(200);
    const second = (await gw.reseller(c.managementKey, 'POST', `/keys/${first.id}/rotate`, { grace_seconds: 600 })).body.key;
    expect((await call(first.key)).status).toBe(200);
    const third = (await gw.reseller(c.managementKey, 'POST', `/keys/${second.id}/rotate`, { grace_seconds: 600 })).body.key;
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${third.id}/budget`)).body).toMatchObject({ subject_id: third.id });
    // The budget set again on the newest key (once the calls so far are in its ledger): every old
    // key's cached copy is read again, and the first still finds it.
    await gw.flushAudit();
    await putBudget(c.managementKey, `/keys/${third.id}/budget`, { period: 'monthly', cap_usd: usd((PRICE * 5n) / 2n) });
    // Two calls' worth spent of two and a half: one more passes, then the cap refuses every old secret.
    expect((await call(first.key)).status).toBe(200);
    expect((await call(first.key)).status).toBe(402);
    expect((await call(second.key)).status).toBe(402);

    for (const expires_at of [null, new Date(Date.now() + 30 * 86_400_000).toISOString()]) {
      const kept = await gw.reseller(c.managementKey, 'PATCH', `/keys/${first.id}`, { expires_at });
      expect([kept.status, kept.body.error?.code, kept.body.error?.details]).toEqual([
        409,
        'key_already_rotated',
        { replaced_by_id: second.id },
      ]);
    }
    const sooner = new Date(Date.now() + 60_000).toISOString();
    expect((await gw.reseller(c.managementKey, 'PATCH', `/keys/${first.id}`, { expires_at: sooner })).body.expires_at).toBe(sooner);
  });

  it('a key replaced by rotation takes no budget of its own (409 key_already_rotated): its budget is its replacement’s', async () => {
    const c = await customerWithKeys();
    const [old] = c.keys;
    const replacement = (await gw.reseller(c.managementKey, 'POST', `/keys/${old.id}/rotate`, { grace_seconds: 600 })).body.key;
    for (const [method, body] of [
      ['PUT', { period: 'monthly', cap_usd: '1' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await gw.reseller(c.managementKey, method, `/keys/${old.id}/budget`, body);
      expect([refused.status, refused.body.error?.code, refused.body.error?.details]).toEqual([
        409,
        'key_already_rotated',
        { replaced_by_id: replacement.id },
      ]);
    }
    expect(await gw.prisma.budget.count({ where: { subject: 'key', subjectId: old.id } })).toBe(0);
  });

  it('a key in its grace period does not rotate again (409 key_already_rotated): its budget stays with its one replacement', async () => {
    const c = await customerWithKeys();
    const [old] = c.keys;
    await putBudget(c.managementKey, `/keys/${old.id}/budget`, { period: 'monthly', cap_usd: usd(PRICE) });
    const first = (await gw.reseller(c.managementKey, 'POST', `/keys/${old.id}/rotate`, { grace_seconds: 600 })).body.key;

    const again = await gw.reseller(c.managementKey, 'POST', `/keys/${old.id}/rotate`, { grace_seconds: 600 });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'key_already_rotated', details: { replaced_by_id: first.id } });
    // No second replacement was made, and the budget is still the first replacement's.
    const keys = (await gw.reseller(c.managementKey, 'GET', `/keys?customer_id=${c.customerId}`)).body.data as Array<{ id: string }>;
    expect(keys.map((k) => k.id).sort()).toEqual([old.id, first.id].sort());
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${first.id}/budget`)).body).toMatchObject({ cap_usd: usd(PRICE) });
    expect((await call(old.key)).status).toBe(200);
    expect((await call(first.key)).status).toBe(402);
  });

  it('two rotations of one key at once: one wins, the other is 409 key_already_rotated', async () => {
    const c = await customerWithKeys();
    const [old] = c.keys;
    await putBudget(c.managementKey, `/keys/${old.id}/budget`, { period: 'monthly', cap_usd: usd(PRICE) });
    const answers = await Promise.all([1, 2].map(() => gw.reseller(c.managementKey, 'POST', `/keys/${old.id}/rotate`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.status === 201)!.body.key;
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${winner.id}/budget`)).status).toBe(200);
  });

  it('a stream holds its maximum cost and settles to what it used, aborted streams included', async () => {
    const openai: OpenAiUpstream = await startOpenAiUpstream();
    try {
      const { slug: textSlug } = await gw.createEndpoint({
        category: 'text',
        billingUnit: 'tokens_1k',
        streamable: true,
        resalePicoUsdPerUnit: 3_000_000_000n,
        maxQuantityPerCall: 100_000n,
        upstreams: [{ kind: 'openai', baseUrl: openai.url, timeoutMs: 5000 }],
      });
      const c = await customerWithKeys();
      const [key] = c.keys;
      await putBudget(c.managementKey, `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: '100' });
      const abort = new AbortController();
      const res = await fetch(`${gw.url}/api/public/v1/${textSlug}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: 'chunks=2000 interval=5', stream: true }),
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      // In flight: the hold is the call's maximum, 100,000 tokens at $0.003 per 1k = $0.30.
      const inFlight = (await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body;
      expect(inFlight.held_usd).toBe('0.3');
      abort.abort();
      await reader.cancel().catch(() => undefined);
      const requestId = res.headers.get('x-service-request-id')!;
      const record = await gw.auditRecord(requestId);
      expect(record).toMatchObject({ streamOutcome: 'aborted', keyBudgetId: expect.any(String) });
      expect(record!.customerPricePicoUsd).toBeGreaterThan(0n);
      await gw.flushAudit();
      await waitFor(
        'the hold settled',
        async () => (await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body.held_usd === '0',
      );
      const settled = (await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/budget`)).body;
      expect(usdToPicoUsd(settled.spent_usd)).toBe(record!.customerPricePicoUsd);
    } finally {
      await openai.close();
    }
  });

  it('a budget set in one process applies in another at once, and both share its state', async () => {
    const second = await gw.startSecondProcess();
    try {
      const c = await customerWithKeys();
      const [key] = c.keys;
      const viaSecond = () =>
        fetch(`${second.url}/api/public/v1/${slug}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
          body: '{}',
        });
      // The second process caches the key before the budget exists.
      expect((await viaSecond()).status).toBe(200);
      await gw.flushAudit();
      await putBudget(c.managementKey, `/keys/${key.id}/budget`, { period: 'daily', cap_usd: usd(PRICE * 2n) });
      // Within a second the second process sees the budget (its cache was invalidated through Redis).
      await waitFor('the second process to refuse', async () => (await viaSecond()).status === 402, 1000);
      expect((await call(key.key)).status).toBe(402);
    } finally {
      await second.terminate();
    }
  });

  it('refuses malformed budgets with 400 and budgets on ids of nothing with 404', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    const bad = [
      { period: 'yearly', cap_usd: '1' },
      { period: 'daily' },
      { period: 'daily', cap_usd: '0' },
      { period: 'daily', cap_usd: '-1' },
      { period: 'daily', cap_usd: 'ten' },
      { period: 'daily', cap_usd: '1.0000000000001' },
      { period: 'daily', cap_usd: '10000000' },
      { period: 'daily', cap_usd: 1e300 },
      { period: 'daily', cap_usd: 0.5 }, // a JSON number: money goes in as a decimal string only
      { period: 'daily', cap_usd: '5e-1' },
      { period: 'daily', cap_usd: '9'.repeat(400) },
      { period: 'daily', cap_usd: null },
      { period: 'daily', cap_usd: '1', extra: true },
    ];
    for (const body of bad) {
      const res = await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, body);
      expect([JSON.stringify(body), res.status, res.body.error?.code]).toEqual([JSON.stringify(body), 400, 'invalid_request']);
    }
    expect((await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: '0.5' })).body.cap_usd).toBe(
      '0.5',
    );
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await gw.reseller(c.managementKey, 'PUT', `/keys/${missing}/budget`, { period: 'daily', cap_usd: '1' })).status).toBe(404);
    expect((await gw.reseller(c.managementKey, 'GET', `/customers/${c.customerId}/budget`)).status).toBe(404);
    expect((await gw.admin('PUT', `/tenants/${missing}/budget`, { period: 'daily', cap_usd: '1' })).status).toBe(404);
  });
  it('changes of one budget racing each other: one is made, the others are answered 409 conflict and change nothing (once a 500)', async () => {
    // Each change of period reads the budget, then waits for the audit batches being written (as
    // here, one held open), then replaces what it read: the second found it gone.
    const batch = new Client({ connectionString: testDatabaseUrl() });
    await batch.connect();
    const sharersWaiting = async (n: number) =>
      waitFor(`${n} budget changes to wait for the batch`, async () => {
        const { rowCount } = await batch.query(`SELECT 1 ${OUR_WAITS} AND l.relation = 'audit_records'::regclass AND l.mode = 'ShareLock'`);
        return (rowCount ?? 0) >= n;
      });
    try {
      const c = await customerWithKeys();
      const path = `/customers/${c.customerId}/budget`;
      await putBudget(c.managementKey, path, { period: 'daily', cap_usd: '1' });

      // Two new periods at once.
      await batch.query('BEGIN');
      await batch.query('LOCK TABLE audit_records IN ROW EXCLUSIVE MODE');
      const weekly = gw.reseller(c.managementKey, 'PUT', path, { period: 'weekly', cap_usd: '2' });
      const monthly = gw.reseller(c.managementKey, 'PUT', path, { period: 'monthly', cap_usd: '3' });
      await sharersWaiting(2);
      await batch.query('COMMIT');
      const answers = await Promise.all([weekly, monthly]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const made = answers.find((a) => a.status === 200)!;
      expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('conflict');
      expect((await gw.reseller(c.managementKey, 'GET', path)).body).toMatchObject({
        period: made.body.period,
        cap_usd: made.body.cap_usd,
      });

      // A new period and a removal at once (a removal waits for the batches too): one is made,
      // the other answered 409, and the budget is what the one made left.
      await batch.query('BEGIN');
      await batch.query('LOCK TABLE audit_records IN ROW EXCLUSIVE MODE');
      const daily = gw.reseller(c.managementKey, 'PUT', path, { period: 'daily', cap_usd: '4' });
      const removal = gw.reseller(c.managementKey, 'DELETE', path);
      await sharersWaiting(2);
      await batch.query('COMMIT');
      const [put, removed] = await Promise.all([daily, removal]);
      const outcome = { put: put.status, removal: removed.status };
      expect([
        { put: 200, removal: 409 },
        { put: 409, removal: 204 },
      ]).toContainEqual(outcome);
      expect((outcome.put === 409 ? put : removed).body.error.code).toBe('conflict');
      const now = await gw.reseller(c.managementKey, 'GET', path);
      if (outcome.put === 200) expect(now.body).toMatchObject({ period: 'daily', cap_usd: '4' });
      else expect(now.status).toBe(404);
      // The activity log has the changes made, and nothing of those refused.
      const entries = await gw.prisma.activityEntry.findMany({ where: { entityType: 'budget', entityId: `customer:${c.customerId}` } });
      expect(entries.map((e) => e.action).sort()).toEqual(
        ['budget.create', 'budget.update', outcome.put === 200 ? 'budget.update' : 'budget.delete'].sort(),
      );
    } finally {
      await batch.query('ROLLBACK').catch(() => undefined);
      await batch.end();
    }
  });

  it("a new budget set while the partitions' maintenance moves records waits for it, and is made: no deadlock (once a 500)", async () => {
    // The maintenance pass's statements when a month's records wait in the default partition
    // (createPartition), on a month of its own and rolled back: it locks the default partition,
    // then (ATTACH) the table. A budget change locking the table, then each partition, between the
    // two closed the circle; Postgres broke it by failing one of them.
    const pass = new Client({ connectionString: testDatabaseUrl() });
    await pass.connect();
    const month = { table: `budgets_spec_${randomUUID().slice(0, 8)}`, from: '2099-11-01T00:00:00Z', to: '2099-12-01T00:00:00Z' };
    try {
      const c = await customerWithKeys();
      await pass.query('BEGIN');
      await pass.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_PARTITIONS_LOCK]);
      await pass.query(`CREATE TABLE ${month.table} (LIKE audit_records INCLUDING DEFAULTS)`);
      await pass.query(
        `WITH moved AS (DELETE FROM ${AUDIT_DEFAULT_PARTITION} WHERE created_at >= $1 AND created_at < $2 RETURNING *)
         INSERT INTO ${month.table} SELECT * FROM moved`,
        [month.from, month.to],
      );
      const put = gw.reseller(c.managementKey, 'PUT', `/customers/${c.customerId}/budget`, { period: 'daily', cap_usd: '1' });
      // Waiting in share mode: for the maintenance lock (shared), or, as before, for the default partition.
      await waitFor('the budget change to wait for the pass', async () => {
        const { rowCount } = await pass.query(
          `SELECT 1 ${OUR_WAITS} AND l.mode = 'ShareLock' AND (l.locktype = 'advisory' OR l.relation = '${AUDIT_DEFAULT_PARTITION}'::regclass)`,
        );
        return (rowCount ?? 0) > 0;
      });
      await pass.query(`ALTER TABLE audit_records ATTACH PARTITION ${month.table} FOR VALUES FROM ('${month.from}') TO ('${month.to}')`);
      await pass.query('ROLLBACK');
      const made = await put;
      expect({ status: made.status, body: made.body }).toMatchObject({ status: 200, body: { subject: 'customer', cap_usd: '1' } });
    } finally {
      await pass.query('ROLLBACK').catch(() => undefined);
      await pass.end();
    }
  });

  it('a new budget waits for the audit batches being written, and past BUDGET_CHANGE_LOCK_WAIT_MS is refused with 503 and Retry-After, changing nothing', async () => {
    // An audit batch in flight, as one held up behind a rollup rebuild: its insert's lock on the trail.
    const batch = new Client({ connectionString: testDatabaseUrl() });
    await batch.connect();
    const holdBatch = async () => {
      await batch.query('BEGIN');
      await batch.query('LOCK TABLE audit_records IN ROW EXCLUSIVE MODE');
    };
    const impatient = await GatewayHarness.start({ BUDGET_CHANGE_LOCK_WAIT_MS: '300' });
    try {
      const c = await customerWithKeys();
      const [key] = c.keys;
      const own = (await impatient.reseller(c.managementKey, 'POST', '/keys', {})).body;
      await holdBatch();
      const refused = await fetch(`${impatient.url}/api/reseller/v1/keys/${own.id}/budget`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${c.managementKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ period: 'daily', cap_usd: '1' }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await errorOf(refused)).toMatchObject({ code: 'service_unavailable', details: { waited_ms: 300 } });
      expect((await impatient.reseller(c.managementKey, 'GET', `/keys/${own.id}/budget`)).status).toBe(404);
      expect(await gw.prisma.activityEntry.count({ where: { entityType: 'budget', entityId: `key:${own.id}` } })).toBe(0);

      // With the default wait, the change waits for the batch, then is made once it has landed.
      const put = gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: '1' });
      await waitFor('the budget change to wait for the batch', async () => {
        const { rowCount } = await batch.query(
          `SELECT 1 FROM pg_locks WHERE relation = 'audit_records'::regclass AND mode = 'ShareLock' AND NOT granted`,
        );
        return (rowCount ?? 0) > 0;
      });
      await batch.query('COMMIT');
      const made = await put;
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ subject: 'key', subject_id: key.id, cap_usd: '1' });
    } finally {
      await batch.query('ROLLBACK').catch(() => undefined);
      await batch.end();
      await impatient.close();
    }
  });
});
