import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { withDatabase } from '../../src/database/migrations/migrator';
import { testServerUrl } from './test-env';
import { waitFor } from './wait-for';

/** Debian's Postgres 15 binaries (`apt install postgresql-15`), or PG_BIN_DIR. */
const PG_BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A streaming replica of the tests' Postgres for one test file: `pg_basebackup -R -X stream` of the
 * whole cluster (every database on it: about 130 MB and 6 s on the CI machine, more as databases
 * are added) into a temporary directory, started by `pg_ctl` on `port` (127.0.0.1 and a socket in
 * that directory only). Waits poll the servers' own state; `stop()` stops the server and removes the
 * directory, and an exit hook does it if the test process ends without it.
 *
 * The primary must accept replication connections from 127.0.0.1: a `host replication …` line in its
 * pg_hba.conf. This module does not edit the system's configuration: it checks and explains, and
 * `.ci/allow-local-replication` (run by `.ci/run`) adds the line. As root, every Postgres program
 * runs as the `postgres` user (the server refuses root).
 */
export class PgReplica {
  private stopped = false;
  private readonly stopOnExit = () => this.stopSync();

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly dataDir: string,
    private readonly runAs: { uid: number; gid: number } | undefined,
  ) {}

  /** Copies the primary, starts the replica and returns once it accepts queries in recovery. */
  static async start(port: number): Promise<PgReplica> {
    const primary = new URL(testServerUrl());
    await assertReplicationAllowed();
    const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
    const dir = mkdtempSync(join(tmpdir(), 'gateway-pg-replica-'));
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
    const replica = new PgReplica(port, dir, join(dir, 'data'), runAs);
    process.once('exit', replica.stopOnExit);
    try {
      await replica.run('pg_basebackup', [
        ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username || 'postgres')],
        // -c fast: an immediate checkpoint on the primary, instead of waiting for the next one (a minute or more).
        ...['-D', replica.dataDir, '-R', '-X', 'stream', '-c', 'fast'],
      ]);
      // Debian keeps the primary's postgresql.conf and pg_hba.conf under /etc: the copy has neither.
      // postgresql.auto.conf (primary_conninfo) and standby.signal come with the copy (-R).
      writeFileSync(
        join(replica.dataDir, 'postgresql.conf'),
        [
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${dir}'`,
          'hot_standby = on',
          'fsync = off',
          '',
        ].join('\n'),
      );
      writeFileSync(join(replica.dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
      if (runAs) {
        for (const file of ['postgresql.conf', 'pg_hba.conf']) chownSync(join(replica.dataDir, file), runAs.uid, runAs.gid);
      }
      await replica.run('pg_ctl', ['-D', replica.dataDir, '-l', join(dir, 'log'), '-w', 'start']);
      await waitFor(
        'the replica to accept queries in recovery',
        () =>
          replica.query('SELECT pg_is_in_recovery() AS r').then(
            (r) => r[0]?.r === true,
            () => false,
          ),
        60_000,
      );
      return replica;
    } catch (err) {
      await replica.stop();
      throw err;
    }
  }

  /** A URL of `database` on the replica (like the primary's, the port changed). */
  url(database: string): string {
    const url = new URL(withDatabase(testServerUrl(), database));
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** One statement on the replica's `postgres` database, through a connection of its own. */
  async query<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    const client = new Client({ connectionString: this.url('postgres'), connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.query(sql, params)).rows as R[];
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Polls until the replica has replayed everything the primary had written when this was called. */
  async waitForReplay(timeoutMs = 30_000): Promise<void> {
    const [{ lsn }] = await primaryQuery<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    await waitFor(
      `the replica to replay the primary's WAL up to ${lsn}`,
      async () => (await this.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]))[0].done,
      timeoutMs,
    );
  }

  /** Stops replaying WAL (it keeps receiving it): the replica's data stays as it is until resumeReplay(). */
  async pauseReplay(): Promise<void> {
    await this.query('SELECT pg_wal_replay_pause()');
    await waitFor(
      'replay to pause',
      async () => (await this.query<{ s: string }>('SELECT pg_get_wal_replay_pause_state() AS s'))[0].s === 'paused',
    );
  }

  async resumeReplay(): Promise<void> {
    await this.query('SELECT pg_wal_replay_resume()');
  }

  /** Stops the server (fast: connections are closed) and removes its directory. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    process.off('exit', this.stopOnExit);
    await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The exit hook's stop: synchronous, immediate. */
  private stopSync(): void {
    if (this.stopped) return;
    this.stopped = true;
    try {
      execFileSync(join(PG_BIN, 'pg_ctl'), ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore', ...this.runAs });
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(program: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      execFile(
        join(PG_BIN, program),
        args,
        { ...this.runAs, env: { ...process.env, HOME: this.dir }, timeout: 120_000 },
        (err, _stdout, stderr) => (err ? reject(new Error(`${program} failed: ${err.message}\n${stderr}`)) : resolve()),
      );
    });
  }
}

async function primaryQuery<R>(sql: string): Promise<R[]> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Fails, saying what to do, when the primary's pg_hba.conf has no replication rule for 127.0.0.1. */
async function assertReplicationAllowed(): Promise<void> {
  const [{ rules }] = await primaryQuery<{ rules: number }>(
    "SELECT count(*)::int AS rules FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND address = '127.0.0.1' AND error IS NULL",
  );
  if (rules === 0) {
    throw new Error(
      "the test Postgres accepts no replication connection from 127.0.0.1 (its pg_hba.conf has no 'host replication ...' line): " +
        'run `bash .ci/allow-local-replication` (which .ci/run does) to add one and reload the configuration',
    );
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
