import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_MAIN } from '../support/child-gateway';
import { CuttableProxy } from '../support/cuttable-proxy';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, type TestUpstream } from '../support/upstream-server';

/**
 * A stop while Postgres accepts connections and never answers (a network partition, a frozen
 * host): the audit buffer spills to disk at the drain's deadline, and the process exits by itself,
 * not at the platform's SIGKILL (the database pool's connections never close: its end is bounded).
 */
describe('a stop with a database gone silent', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('spills the audit buffer and exits 0 on its own', async () => {
    const { proxy, url } = await CuttableProxy.forPostgres(gw.config.DATABASE_URL!);
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-silent-db-'));
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] });
    const { key } = await gw.createTenantWithKey();
    try {
      const child = await gw.startSecondProcess(
        {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          // Nothing is flushed by time or size: the records wait in the buffer for the stop.
          AUDIT_FLUSH_INTERVAL_MS: '600000',
          AUDIT_BATCH_SIZE: '100000',
          SHUTDOWN_GRACE_MS: '500',
          AUDIT_DRAIN_TIMEOUT_MS: '500',
        },
        GATEWAY_MAIN,
      );
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${child.url}/api/public/v1/${slug}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(res.status).toBe(200);
      }
      proxy.blackhole();
      // Without a bound on the pool's end the process waits here for ever (jest's timeout fails it).
      const exited = child.terminate();
      const killer = setTimeout(() => child.process.kill('SIGKILL'), 50_000);
      expect(await exited).toBe(0);
      clearTimeout(killer);
      const spilled = readdirSync(join(dataDir, 'audit-spill')).flatMap((file) =>
        readFileSync(join(dataDir, 'audit-spill', file), 'utf8')
          .split('\n')
          .filter(Boolean),
      );
      expect(spilled).toHaveLength(3);
      expect(child.stdout() + child.stderr()).toContain('database connections did not close');
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
