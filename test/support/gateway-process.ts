/**
 * A gateway in its own OS process, for tests that need two processes (shared Redis limits,
 * revocation broadcast) or a real SIGTERM. Env: the usual config variables. Prints
 * `LISTENING <port>` when ready; on SIGTERM prints `SHUTTING_DOWN` once the server stopped accepting,
 * shuts down gracefully and exits 0.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApp, shutdownGracefully } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';

async function run(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config, databaseUrl: config.DATABASE_URL!, adminToken: config.ADMIN_TOKEN! });
  await app.listen(config.PORT, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  process.stdout.write(`LISTENING ${port}\n`);
  process.once('SIGTERM', () => {
    const stopping = shutdownGracefully(app, config.SHUTDOWN_GRACE_MS);
    process.stdout.write('SHUTTING_DOWN\n');
    stopping
      .then(() => process.exit(0))
      .catch((err) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      });
  });
}

run().catch((err) => {
  process.stderr.write(`gateway process failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
