import { LIFETIME_START } from '../../src/budgets/budget-period';
import { budgetStateKey } from '../../src/budgets/budget-state-key';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit.store';
import { RATE_LIMIT_STORE } from '../../src/rate-limit/rate-limit.types';
import { GatewayHarness } from '../support/gateway-harness';
import { waitFor } from '../support/wait-for';
import { startUpstream, type TestUpstream } from '../support/upstream-server';

/** One call on the test endpoint: 'call' unit at 1,500,000,000 pico-USD, one call at most, so every hold is exactly this. */
const PRICE = 1_500_000_000n;
const usd = (pico: bigint) => (Number(pico) / 1e12).toString();

/**
 * The embedded default (no REDIS_URL): budgets are enforced in-process by the memory store, whose
 * state a restart loses; the next process restores it from the ledger, and enforcement goes on
 * exactly where it stopped. Two gateways on the same test database, one after the other.
 */
describe('budgets without Redis (the embedded default)', () => {
  let upstream: TestUpstream;

  beforeAll(async () => {
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });

  afterAll(async () => {
    await upstream.close();
  });

  it('refuses with 402 in-process; after a restart the spend comes back from the ledger and enforcement continues exactly', async () => {
    const first = await GatewayHarness.start({ REDIS_URL: '' });
    let second: GatewayHarness | undefined;
    let firstClosed = false;
    try {
      expect(first.config.REDIS_URL).toBeUndefined();
      expect(first.app.get(RATE_LIMIT_STORE)).toBeInstanceOf(MemoryRateLimitStore);
      const { slug } = await first.createEndpoint({ maxQuantityPerCall: 1n, upstreams: [{ baseUrl: upstream.url }] });
      const reseller = await first.createReseller();
      const customer = (await first.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body as { id: string };
      const newKey = async () =>
        (await first.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body as { id: string; key: string };
      // Lifetime budgets: no period boundary can fall inside the test.
      const spent = await newKey(); // 2.5 calls: spent out in the first process
      const running = await newKey(); // 5.5 calls: three in each process
      for (const [key, calls] of [
        [spent, 5n],
        [running, 11n],
      ] as const) {
        const put = await first.reseller(reseller.managementKey, 'PUT', `/keys/${key.id}/budget`, {
          period: 'none',
          cap_usd: usd((PRICE * calls) / 2n),
        });
        expect(put.status).toBe(200);
      }
      const callOn = (gw: GatewayHarness, key: string) => gw.call(slug, { key, body: {} }).then((r) => r.status);

      const before = upstream.received.length;
      const inFirst = [];
      for (let i = 0; i < 4; i++) inFirst.push(await callOn(first, spent.key));
      expect(inFirst).toEqual([200, 200, 200, 402]);
      for (let i = 0; i < 3; i++) expect(await callOn(first, running.key)).toBe(200);
      expect(upstream.received.length - before).toBe(6);
      // The 7 calls' records (6 passed, 1 refused) are in the ledger before the process goes.
      await waitFor('the first process’s audit records', async () => {
        await first.flushAudit();
        return (await first.prisma.auditRecord.count({ where: { tenantId: reseller.tenantId } })) === 7;
      });
      firstClosed = true;
      await first.close();

      // The restart: a new process, a new (empty) memory store, the same database.
      second = await GatewayHarness.start({ REDIS_URL: '' });
      const store = second.app.get<MemoryRateLimitStore>(RATE_LIMIT_STORE);
      expect(store).toBeInstanceOf(MemoryRateLimitStore);
      // The budget state of the first process is not there: what follows can only come from the ledger.
      const budget = await second.prisma.budget.findUniqueOrThrow({
        where: { subject_subjectId: { subject: 'key', subjectId: running.id } },
      });
      const stateKey = budgetStateKey(reseller.tenantId, budget.id, LIFETIME_START);
      expect(await store.budgetState(stateKey)).toBeNull();
      const status = await second.reseller(reseller.managementKey, 'GET', `/keys/${running.id}/budget`);
      expect(status.body).toMatchObject({ spent_usd: usd(PRICE * 3n), held_usd: '0' });

      expect(await callOn(second, spent.key)).toBe(402);
      // 3, 4 and 5 calls' worth are under 5.5: exactly three more pass, then 402.
      const inSecond = [];
      for (let i = 0; i < 4; i++) inSecond.push(await callOn(second, running.key));
      expect(inSecond).toEqual([200, 200, 200, 402]);
      expect((await store.budgetState(stateKey))!.spentPicoUsd).toBeGreaterThanOrEqual(PRICE * 3n);
      expect(upstream.received.length - before).toBe(9);

      await waitFor('the second process’s audit records', async () => {
        await second!.flushAudit();
        return (await second!.prisma.auditRecord.count({ where: { tenantId: reseller.tenantId } })) === 12;
      });
      const after = (await second.reseller(reseller.managementKey, 'GET', `/keys/${running.id}/budget`)).body;
      expect(after).toMatchObject({ spent_usd: usd(PRICE * 6n), held_usd: '0', remaining_usd: '0' });
      const overspent = (await second.reseller(reseller.managementKey, 'GET', `/keys/${spent.id}/budget`)).body;
      expect(overspent).toMatchObject({ spent_usd: usd(PRICE * 3n), held_usd: '0' });
    } finally {
      if (!firstClosed) await first.close();
      await second?.close();
    }
  });
});
