import { Client } from 'pg';
import { loadConfig } from '../config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../database/embedded/embedded-postgres';
import { REBUILD_ROLLUPS_SQL } from './audit-rollups';

/**
 * `npm run rollups:rebuild`: recomputes the daily rollups (usage_daily and the coarser ones,
 * latency_daily) from the audit trail (the days retention left in full), in one transaction, safe beside running gateways (see
 * REBUILD_ROLLUPS_SQL). For after a manual correction of audit rows, after a rolling deploy that
 * added a rollup, or to check the incremental sums: it prints the totals before and after.
 * Database: DATABASE_URL, else the embedded Postgres of DATA_DIR.
 */
const TOTALS = `SELECT count(*)::text AS rows, coalesce(sum(calls), 0)::text AS calls,
  coalesce(sum(customer_price_pico_usd), 0)::text AS customer_price_pico_usd FROM usage_daily`;

async function run(): Promise<number> {
  const config = loadConfig();
  let embedded: EmbeddedPostgresHandle | undefined;
  if (!config.DATABASE_URL) {
    const quiet = {
      info: () => undefined,
      debug: () => undefined,
      error: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
    };
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      logger: quiet,
      attachIfRunning: true,
    });
  }
  const client = new Client({ connectionString: config.DATABASE_URL ?? embedded!.url });
  await client.connect();
  try {
    const before = (await client.query(TOTALS)).rows[0] as Record<string, string>;
    const started = Date.now();
    for (const statement of REBUILD_ROLLUPS_SQL) await client.query(statement);
    const after = (await client.query(TOTALS)).rows[0] as Record<string, string>;
    process.stdout.write(
      `rollups rebuilt in ${Date.now() - started} ms\n` +
        `before: ${before.rows} rows, ${before.calls} calls, ${before.customer_price_pico_usd} pico-USD billed\n` +
        `after:  ${after.rows} rows, ${after.calls} calls, ${after.customer_price_pico_usd} pico-USD billed\n`,
    );
    return 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
    await embedded?.stop();
  }
}

run().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  },
);
