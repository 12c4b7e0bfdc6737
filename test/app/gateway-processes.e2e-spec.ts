import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_MAIN, type ChildGateway } from '../support/child-gateway';
import { CuttableProxy } from '../support/cuttable-proxy';
import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/**
 * GATEWAY_PROCESSES=2: src/main.ts as a child process forks two workers on one port. Limits, budgets
 * and revocations are exact across them (they share Redis and Postgres like separate processes),
 * a metrics scrape sums both workers, and SIGTERM drains every worker with nothing lost. The
 * harness in this process shares the child's database and Redis prefix, to set things up and read
 * the audit back.
 */

/** The pids of a process's children (its workers), from /proc. */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent pid is the 4th field of /proc/<pid>/stat, after the command in parentheses.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // it exited meanwhile
      }
    })
    .map(Number);
}

/**
 * A public call on a connection of its own (`Connection: close`), so that consecutive calls are
 * handed to the workers in turn (node:cluster's round-robin hands out connections, not requests).
 */
function callOnNewConnection(base: string, slug: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/public/v1/${slug}`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** Resolves once stdout has printed `text` `times` times. */
function printed(child: ChildGateway, text: string, times: number): Promise<void> {
  const count = () => child.stdout().split(text).length - 1;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (count() < times) return;
      child.process.stdout!.off('data', check);
      resolve();
    };
    child.process.stdout!.on('data', check);
    child.process.once('exit', () => (count() >= times ? resolve() : reject(new Error(`exited before printing "${text}" ${times} times`))));
    check();
  });
}

describe('GATEWAY_PROCESSES: several workers on one port', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  const startWorkers = (env: Record<string, string> = {}) =>
    gw.startSecondProcess({ HOST: '127.0.0.1', LOG_LEVEL: 'info', GATEWAY_PROCESSES: '2', ...env }, GATEWAY_MAIN);

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
  });

  afterAll(async () => {
    await upstream?.close();
    await gw?.close();
  });

  it('two workers serve the port: a limit and a budget are exact across them, a scrape sums both, a revocation reaches both', async () => {
    const limit = 12;
    const { slug } = await gw.createEndpoint({ defaultRateLimit: limit, upstreams: [{ baseUrl: upstream.url }] });
    const { key, keyId } = await gw.createTenantWithKey();
    // $0.0015 a call (the harness's resale price): a tenant budget with room for exactly 5 calls.
    const budgeted = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }], resalePicoUsdPerUnit: 1_500_000_000n });
    const spender = await gw.createTenantWithKey();
    expect((await gw.admin('PUT', `/tenants/${spender.tenantId}/budget`, { period: 'monthly', cap_usd: '0.0075' })).status).toBe(200);
    const child = await startWorkers();
    try {
      expect(childPids(child.process.pid!)).toHaveLength(2);
      await child.waitForOutput('API reference');

      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push(await callOnNewConnection(child.url, slug, key));
      expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - limit);

      const spent: number[] = [];
      for (let i = 0; i < 9; i++) spent.push(await callOnNewConnection(child.url, budgeted.slug, spender.key));
      expect(spent.filter((status) => status === 200)).toHaveLength(5);
      expect(spent.filter((status) => status === 402)).toHaveLength(4);

      // Every scrape, whichever worker takes it, counts all 20 calls of the endpoint.
      for (let scrape = 0; scrape < 4; scrape++) {
        const text = await (
          await fetch(`${child.url}/metrics`, { headers: { authorization: `Bearer ${gw.adminToken}`, connection: 'close' } })
        ).text();
        const counted = [...text.matchAll(new RegExp(`^gateway_calls_total\\{slug="${slug.replace('.', '\\.')}"[^}]*\\} (\\d+)$`, 'gm'))];
        expect(counted.reduce((sum, [, value]) => sum + Number(value), 0)).toBe(20);
      }

      // Revoked through this process: both workers refuse the key once the broadcast reaches them.
      expect((await gw.admin('POST', `/keys/${keyId}/revoke`)).status).toBe(200);
      let refusedInARow = 0;
      while (refusedInARow < 6) refusedInARow = (await callOnNewConnection(child.url, slug, key)) === 401 ? refusedInARow + 1 : 0;
    } finally {
      expect(await child.terminate()).toBe(0);
    }
    await gw.flushAudit();
    // 20 calls and at least the 6 refused ones, every one audited by whichever worker answered it.
    expect(await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId, httpStatus: 200 } })).toBe(limit);
    expect(await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId, httpStatus: 429 } })).toBe(20 - limit);
  }, 120_000);

  it('SIGTERM drains every worker: the calls in flight on both finish, every one audited, and the primary exits 0', async () => {
    const release: Array<() => void> = [];
    const slow = await startUpstream(
      (_req, res) =>
        new Promise<void>((resolve) =>
          release.push(() => {
            sendJson(res, 200, { ok: true });
            resolve();
          }),
        ),
    );
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: slow.url, timeoutMs: 30_000 }] });
    const { key, keyId } = await gw.createTenantWithKey();
    // Nothing is flushed by time or size: only each worker's shutdown drain can write these records.
    const child = await startWorkers({ AUDIT_FLUSH_INTERVAL_MS: '600000', AUDIT_BATCH_SIZE: '100000' });
    try {
      const calls = Array.from({ length: 8 }, () => callOnNewConnection(child.url, slug, key));
      await slow.waitForRequests(8);
      const exit = child.terminate();
      await printed(child, 'worker shutting down', 2);
      release.splice(0).forEach((answer) => answer()); // the upstream answers only once both workers are stopping
      expect(await Promise.all(calls)).toEqual(Array(8).fill(200));
      expect(await exit).toBe(0);
      expect(await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId } })).toBe(8);
    } finally {
      release.splice(0).forEach((answer) => answer());
      await slow.close();
    }
  }, 120_000);

  it('a stop during a Postgres outage: each worker spills to a directory of its own, and a gateway started later writes every record once', async () => {
    const { proxy, url } = await CuttableProxy.forPostgres(gw.config.DATABASE_URL!);
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-workers-spill-'));
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] });
    const { key, keyId } = await gw.createTenantWithKey();
    try {
      // Nothing is flushed by time or size: the records wait in each worker's buffer for the stop.
      const child = await startWorkers({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        AUDIT_FLUSH_INTERVAL_MS: '600000',
        AUDIT_BATCH_SIZE: '100000',
        SHUTDOWN_GRACE_MS: '1000',
        AUDIT_DRAIN_TIMEOUT_MS: '1000',
      });
      for (let i = 0; i < 8; i++) expect(await callOnNewConnection(child.url, slug, key)).toBe(200);
      proxy.cut();
      expect(await child.terminate()).toBe(0);
      const spillRoot = join(dataDir, 'audit-spill');
      // Handed out in turn, the calls reached both workers; each spilled to its slot's directory, none to the shared one.
      expect(readdirSync(spillRoot).sort()).toEqual(['worker-0', 'worker-1']);
      for (const worker of ['worker-0', 'worker-1']) expect(readdirSync(join(spillRoot, worker))).toEqual(['audit-spill.ndjson']);
      expect(await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId } })).toBe(0);

      // One process now (GATEWAY_PROCESSES changed): it takes over both workers' files and replays them.
      proxy.restore();
      const single = await gw.startSecondProcess({ DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info' }, GATEWAY_MAIN);
      try {
        await waitFor(
          'the spilled records replayed',
          async () => (await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId } })) === 8,
          30_000,
        );
        expect(readdirSync(join(spillRoot, 'worker-0'))).toEqual([]);
        expect(readdirSync(join(spillRoot, 'worker-1'))).toEqual([]);
      } finally {
        await single.terminate();
      }
    } finally {
      await proxy.close();
    }
  }, 120_000);
});
