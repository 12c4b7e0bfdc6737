import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { CuttableProxy } from '../support/cuttable-proxy';
import { GatewayHarness } from '../support/gateway-harness';
import { testDatabaseUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';
import { auditRecord } from '../support/audit-fixtures';

describe('/readyz and audit records the disk refused', () => {
  let proxy: CuttableProxy;
  let gw: GatewayHarness;
  let dataDir: string;

  beforeAll(async () => {
    let url: string;
    ({ proxy, url } = await CuttableProxy.forPostgres(testDatabaseUrl()));
    dataDir = mkdtempSync(join(tmpdir(), 'gateway-readyz-'));
    writeFileSync(join(dataDir, 'audit-spill'), ''); // DATA_DIR/audit-spill is a file: every spill fails
    gw = await GatewayHarness.start({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUDIT_BUFFER_MAX: '2',
      AUDIT_BATCH_SIZE: '1000',
      AUDIT_FLUSH_INTERVAL_MS: '3600000', // no timer flush: the test decides when the writer retries
    });
  });

  afterAll(async () => {
    proxy.restore();
    await gw.prisma.auditRecord.deleteMany({ where: { method: 'RDYZ' } });
    await gw.close();
    await proxy.close();
  });

  it('is not ready while records are held only in memory, shows the counts, and recovers once they are written', async () => {
    const readyz = async () => {
      const res = await fetch(`${gw.url}/readyz`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect(await readyz()).toMatchObject({
      status: 200,
      body: { checks: { audit: 'ok' }, audit: { spill_failed_records: 0, dead_lettered: 0 } },
    });

    const audit = gw.app.get(AuditWriterService);
    proxy.cut();
    const records = Array.from({ length: 5 }, () =>
      auditRecord({ method: 'RDYZ', clientIp: '203.0.113.7', quantity: 1n, wholesalePicoUsd: 1n, resalePicoUsd: 2n }),
    );
    records.forEach((r) => audit.enqueue(r)); // 2 stay buffered, 3 overflow and fail to spill
    await waitFor('the failed spill', () => audit.stats().spillFailedRecords === 3, 20_000);

    // The database is back but nothing has retried yet: the only copy of 3 records is this process.
    proxy.restore();
    const degraded = await waitFor(
      'postgres back',
      async () => {
        const r = await readyz();
        return r.body.checks.postgres === 'up' ? r : null;
      },
      20_000,
    );
    expect(degraded).toMatchObject({
      status: 503,
      body: {
        status: 'not_ready',
        checks: { postgres: 'up', audit: 'spill_failing' },
        audit: { buffered: 2, spill_failed_records: 3, spilled: 0, dead_lettered: 0 },
      },
    });

    await audit.flush();
    expect(await readyz()).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { audit: 'ok' }, audit: { buffered: 0, spill_failed_records: 0 } },
    });
    const rows = await gw.prisma.auditRecord.findMany({ where: { id: { in: records.map((r) => r.id) } } });
    expect(rows).toHaveLength(5);
    rmSync(join(dataDir, 'audit-spill'));
  }, 60_000);
});
