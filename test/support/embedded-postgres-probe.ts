/**
 * Child-process probe for the embedded Postgres (an ESM package jest cannot import): starts it in
 * DATA_DIR on EMBEDDED_PG_PORT, migrates, writes a row, stops; starts again and reads the row back.
 * Prints one JSON line with what it saw.
 */
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { applyMigrations } from '../../src/database/migrator';

const silent = { info: () => undefined, debug: () => undefined, error: (o: object, m: string) => process.stderr.write(`${m} ${JSON.stringify(o)}\n`) };

async function query(url: string, sql: string): Promise<unknown[]> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.end();
  }
}

async function run(): Promise<void> {
  const options = { dataDir: process.env.DATA_DIR!, port: Number(process.env.EMBEDDED_PG_PORT), logger: silent };
  const first = await startEmbeddedPostgres(options);
  const applied = await applyMigrations(first.url);
  await query(first.url, "INSERT INTO tenants (id, name, updated_at) VALUES ('00000000-0000-4000-8000-000000000001', 'persisted', now())");
  const version = await query(first.url, 'SHOW server_version');
  await first.stop();
  const second = await startEmbeddedPostgres(options);
  const reapplied = await applyMigrations(second.url);
  const rows = await query(second.url, 'SELECT name FROM tenants');
  await second.stop();
  process.stdout.write(`${JSON.stringify({ applied, reapplied, rows, version, url: first.url.replace(/:[^:@]*@/, ':***@') })}\n`);
}

run().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
