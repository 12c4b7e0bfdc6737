import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { workerSlotEnv } from '../common/process/worker-slot';
import { ClusterMetricsCollector } from '../metrics/cluster-metrics';

/**
 * GATEWAY_PROCESSES > 1: the primary process forks that many workers (node:cluster), each a whole
 * gateway on the one port; the primary hands them connections in turn (the cluster module's
 * round-robin on Linux) and serves no request itself. Everything a call shares with other calls is
 * already shared between processes (limits, budgets and the key cache's revocations through Redis;
 * the audit, the ledger and the jobs through Postgres), so the workers are exactly the separate
 * processes a deployment could run by hand, started and stopped together.
 *
 * The primary: migrates and seeds once before forking; logs the start-up summary once every worker
 * listens (the first worker issues the setup link); replaces a worker that exits unexpectedly (and
 * gives up after too many exits in a minute); on SIGTERM or SIGINT sends SIGTERM to every worker,
 * each of which drains its in-flight calls and audit buffer as a single process does, and exits 0
 * only if all of them did.
 */

/** What a worker tells the primary once it listens. */
export interface WorkerListening {
  gatewayWorker: 'listening';
  port: number;
  /** Only from the worker asked to issue it (GATEWAY_WORKER_ISSUES_SETUP_LINK), while no operator exists. */
  setupLink: { token: string; expiresAt: string } | null;
}

/** Set in the environment of the one worker that issues the start-up's setup link. */
export const ISSUES_SETUP_LINK_ENV = 'GATEWAY_WORKER_ISSUES_SETUP_LINK';

const isListening = (message: unknown): message is WorkerListening =>
  typeof message === 'object' && message !== null && (message as { gatewayWorker?: unknown }).gatewayWorker === 'listening';

/** More unexpected worker exits than this within a minute: something is wrong that restarting will not fix. */
const MAX_EXITS_PER_MINUTE = 5;

export class GatewayCluster {
  private readonly workers = new Set<Worker>();
  private readonly metrics = new ClusterMetricsCollector();
  private readonly recentExits: number[] = [];
  private stopping = false;

  constructor(
    private readonly count: number,
    private readonly log: Logger,
    /** Added to every worker's environment (the admin token the primary resolved, the database URL). */
    private readonly env: Record<string, string>,
  ) {}

  /** Forks the workers and resolves once every one listens, with the port and the first worker's setup link. */
  async start(): Promise<WorkerListening> {
    try {
      const listening = await Promise.all(Array.from({ length: this.count }, (_, index) => this.fork(index, index === 0)));
      return listening[0];
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  /** SIGTERM to every worker; resolves with whether every one exited cleanly (code 0). */
  async stop(): Promise<boolean> {
    this.stopping = true;
    const exits = [...this.workers].map(
      (worker) =>
        new Promise<boolean>((resolve) => {
          if (worker.isDead()) return resolve(worker.process.exitCode === 0);
          worker.once('exit', (code) => resolve(code === 0));
          worker.process.kill('SIGTERM');
        }),
    );
    return (await Promise.all(exits)).every(Boolean);
  }

  /** A worker in `slot` (0 to count − 1); a replacement takes the slot of the worker it replaces. */
  private fork(slot: number, issuesSetupLink: boolean): Promise<WorkerListening> {
    const worker = cluster.fork({
      ...this.env,
      ...workerSlotEnv({ index: slot, count: this.count }),
      [ISSUES_SETUP_LINK_ENV]: issuesSetupLink ? '1' : '',
    });
    this.workers.add(worker);
    return new Promise<WorkerListening>((resolve, reject) => {
      let listened = false;
      worker.on('message', (message: unknown) => {
        if (this.metrics.handle(worker, message, () => [...this.workers])) return;
        if (isListening(message)) {
          listened = true;
          resolve(message);
        }
      });
      worker.once('exit', (code, signal) => {
        this.workers.delete(worker);
        if (!listened) reject(new Error(`a gateway worker exited (${signal ?? `code ${code}`}) before it listened`));
        else if (!this.stopping) this.replace(worker, slot, code, signal);
      });
    });
  }

  private replace(worker: Worker, slot: number, code: number | null, signal: string | null): void {
    const now = Date.now();
    this.recentExits.push(now);
    while (this.recentExits[0] < now - 60_000) this.recentExits.shift();
    if (this.recentExits.length > MAX_EXITS_PER_MINUTE) {
      this.log.fatal({ exits: this.recentExits.length }, 'gateway workers keep exiting; stopping the gateway');
      void this.stop().then(() => process.exit(1));
      return;
    }
    this.log.error({ pid: worker.process.pid, code, signal }, 'a gateway worker exited; starting another');
    this.fork(slot, false).catch((err: unknown) => this.log.error({ err }, 'the replacement worker failed to start'));
  }
}

/** In a worker: tells the primary it listens (and hands over the setup link it issued, if asked to). */
export function announceListening(port: number, setupLink: { token: string; expiresAt: Date } | null): void {
  const message: WorkerListening = {
    gatewayWorker: 'listening',
    port,
    setupLink: setupLink && { token: setupLink.token, expiresAt: setupLink.expiresAt.toISOString() },
  };
  process.send?.(message);
}
