import { ConfigValidationError, loadConfig } from '../../src/config/app-config';
import { ReadDatabase } from '../../src/database/read-database';
import type { PrismaClient } from '../../src/generated/prisma/client';
import { GatewayHarness } from '../support/gateway-harness';
import { PgReplica } from '../support/pg-replica';
import { testDatabaseName, testDatabaseUrl } from '../support/test-env';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/** The replica's port: 5440-5449 are this suite's. */
const REPLICA_PORT = 5441;

/**
 * DATABASE_READ_URL against a real streaming replica of the test Postgres (test/support/pg-replica.ts).
 * The proof that a read came from the replica: with the replica's replay paused, a record written
 * (on the primary) after the pause is missing from what the gateway reads, and there once replay resumes.
 */
describe('a read replica (DATABASE_READ_URL)', () => {
  let replica: PgReplica;
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let slug: string;
  let endpointId: string;
  let tenantId: string;
  let key: string;

  beforeAll(async () => {
    replica = await PgReplica.start(REPLICA_PORT);
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
    // A bound far above the test's length: the replica serves every read while replay is paused.
    gw = await GatewayHarness.start({ DATABASE_READ_URL: replica.url(testDatabaseName()), DATABASE_READ_MAX_LAG_MS: '600000' });
    ({ slug, id: endpointId } = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] }));
    ({ tenantId, key } = await gw.createTenantWithKey());
  }, 180_000);

  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
    await replica?.stop();
  });

  /** One call through the gateway, its record written (to the primary); returns its request id. */
  async function recordedCall(): Promise<string> {
    const res = await gw.call(slug, { key, body: {} });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-service-request-id')!;
    expect(await gw.auditRecord(id)).not.toBeNull();
    return id;
  }

  /** What the gateway's reads show of this suite's calls: the audit trail, the report, the latency report. */
  async function readsShow() {
    const trail = await gw.admin('GET', `/audit?slug=${slug}`);
    const report = await gw.admin('GET', `/reports/revenue?group_by=slug&tenant_id=${tenantId}`);
    const latency = await gw.admin('GET', '/reports/latency');
    expect([trail.status, report.status, latency.status]).toEqual([200, 200, 200]);
    return {
      trail: (trail.body.data as Array<{ request_id: string }>).map((r) => r.request_id).sort(),
      reportCalls: (report.body.data as Array<{ key: string; calls: number }>).find((r) => r.key === slug)?.calls ?? 0,
      latencySamples: (latency.body.data as Array<{ slug: string; sample_calls: number }>).find((r) => r.slug === slug)!.sample_calls,
    };
  }

  async function readiness() {
    const res = await fetch(`${gw.url}/readyz`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('serves the audit trail, the reports and the measured latencies from the replica, while every write goes to the primary', async () => {
    const first = await recordedCall();
    await replica.waitForReplay();
    await replica.pauseReplay();
    try {
      const second = await recordedCall();
      // The write is on the primary (the replica, read-only, could not have taken it)…
      expect(await gw.prisma.auditRecord.count({ where: { endpointId } })).toBe(2);
      // …and every read shows the replica's paused state: the first call only.
      expect(await readsShow()).toEqual({ trail: [first], reportCalls: 1, latencySamples: 1 });
      expect((await gw.admin('GET', `/audit/${second}`)).status).toBe(404);
      expect((await gw.admin('GET', `/audit/${first}`)).status).toBe(200);
      const ready = await readiness();
      expect(ready.status).toBe(200);
      expect(ready.body.checks.postgres_replica).toBe('up');
      expect(typeof ready.body.postgres_replica_lag_ms).toBe('number');

      await replica.resumeReplay();
      await replica.waitForReplay();
      expect(await readsShow()).toEqual({ trail: [first, second].sort(), reportCalls: 2, latencySamples: 2 });
      expect((await gw.admin('GET', `/audit/${second}`)).status).toBe(200);
    } finally {
      await replica.resumeReplay();
    }
  });

  it('bounds the staleness: once the replica lags more than DATABASE_READ_MAX_LAG_MS, the reads go to the primary', async () => {
    const config = loadConfig({
      DATABASE_URL: testDatabaseUrl(),
      DATABASE_READ_URL: replica.url(testDatabaseName()),
      DATABASE_READ_MAX_LAG_MS: '100',
    });
    const strict = new ReadDatabase(gw.prisma, config);
    const countCalls = (reads: ReadDatabase) => reads.read((db) => db.auditRecord.count({ where: { endpointId } }));
    try {
      await replica.waitForReplay();
      const before = await gw.prisma.auditRecord.count({ where: { endpointId } });
      await replica.pauseReplay();
      try {
        await recordedCall();
        // The gateway's own bound (10 minutes) still takes the paused replica: the new call is missing.
        expect((await readsShow()).trail).toHaveLength(before);
        // Once the replica's last replayed commit is older than 100 ms (as the replica itself says)…
        await waitFor(
          'the paused replica to lag more than 100 ms',
          async () =>
            (
              await replica.query<{ lagging: boolean }>(
                "SELECT clock_timestamp() - pg_last_xact_replay_timestamp() > interval '100 milliseconds' AS lagging",
              )
            )[0].lagging,
          10_000,
        );
        // …a reader bound to 100 ms skips it and reads the primary, which has the call.
        expect(await strict.state()).toMatchObject({ state: 'lagging' });
        expect(await countCalls(strict)).toBe(before + 1);
      } finally {
        await replica.resumeReplay();
      }
      // (Caught up, it serves again once it has replayed a commit younger than 100 ms: the first test
      // shows a replica within its bound serving; a timing of this machine's replay is no assertion.)
      await replica.waitForReplay();
      expect(await countCalls(strict)).toBe(before + 1);
    } finally {
      await strict.onApplicationShutdown();
    }
  });

  it('runs a statement the replica refuses on the primary instead, and skips the replica a while after', async () => {
    // The longest bound allowed: this test is about failures, not lag.
    const reads = new ReadDatabase(
      gw.prisma,
      loadConfig({
        DATABASE_URL: testDatabaseUrl(),
        DATABASE_READ_URL: replica.url(testDatabaseName()),
        DATABASE_READ_MAX_LAG_MS: '3600000',
      }),
    );
    const inRecovery = (db: PrismaClient) => db.$queryRaw<Array<{ r: boolean }>>`SELECT pg_is_in_recovery() AS r`;
    try {
      await replica.waitForReplay();
      // Served by the replica: it answers that it is in recovery.
      expect(await reads.read(inRecovery)).toEqual([{ r: true }]);
      // A standby assigns no transaction id ("cannot assign TransactionIds during recovery"): refused, then run on the primary.
      const onPrimary = await reads.read(async (db) => {
        await db.$queryRaw`SELECT txid_current()::text`;
        return inRecovery(db);
      });
      expect(onPrimary).toEqual([{ r: false }]);
      // The replica is then skipped for a while (REPLICA_RETRY_AFTER_MS): the next read goes to the primary too.
      expect(await reads.read(inRecovery)).toEqual([{ r: false }]);
      expect(await reads.state()).toMatchObject({ state: 'up' });
    } finally {
      await reads.onApplicationShutdown();
    }
  });

  it('with the replica stopped, calls still answer and are recorded, reads go to the primary, and /readyz stays ready', async () => {
    const before = (await readsShow()).trail;
    await replica.stop();
    const id = await recordedCall();
    const after = await readsShow();
    expect(after.trail).toEqual([...before, id].sort());
    expect(after.reportCalls).toBe(before.length + 1);
    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { postgres: 'up', postgres_replica: 'down' } });
  });

  it('takes a postgres URL only, and only beside DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_READ_URL: 'mysql://replica/db' })).toThrow(
      /DATABASE_READ_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: testDatabaseUrl() })).toMatchObject({
      DATABASE_READ_URL: undefined,
      DATABASE_READ_MAX_LAG_MS: 30_000,
    });
  });
});
