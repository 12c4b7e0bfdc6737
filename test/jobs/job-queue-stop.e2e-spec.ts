import { loadConfig } from '../../src/config/app-config';
import { PrismaService } from '../../src/database/prisma.service';
import { JobQueue } from '../../src/jobs/job-queue';
import { CuttableProxy } from '../support/cuttable-proxy';
import { testDatabaseUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';

/**
 * The job queue's stop with a database that no longer answers: it gives up after its grace (and a
 * little more for pg-boss's own stop) rather than waiting for ever on statements in flight, so the
 * shutdown goes on to drain the audit trail, which comes after it.
 */
describe('the job queue stops within its grace when the database goes silent', () => {
  let proxy: CuttableProxy;
  let prisma: PrismaService;

  beforeAll(async () => {
    let url: string;
    ({ proxy, url } = await CuttableProxy.forPostgres(testDatabaseUrl()));
    prisma = new PrismaService(url);
  });

  afterAll(async () => {
    proxy.refuse(); // the blackholed connections end, so the pool can close
    await prisma.$disconnect().catch(() => undefined);
    await proxy.close();
  });

  it('a statement that never answers does not hold the stop past SHUTDOWN_GRACE_MS (+ 2 s)', async () => {
    const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), SHUTDOWN_GRACE_MS: '100', JOB_QUEUE_PREFIX: `stop${process.pid}_` });
    const jobs = new JobQueue(prisma, config);
    await jobs.onModuleInit();
    proxy.blackhole();
    // A queue defined now sends pg-boss a statement that never answers.
    void jobs
      .define({ name: 'silent', handle: () => Promise.resolve(), concurrency: 1, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 })
      .catch(() => undefined);
    let stopped = false;
    void jobs.onModuleDestroy().then(() => (stopped = true));
    await waitFor('the stop to give up', () => stopped, 15_000);
  }, 30_000);
});
