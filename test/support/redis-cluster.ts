import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { waitFor } from './wait-for';

/** Debian's binaries (`apt install redis-server`, which brings redis-cli). */
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
const REDIS_CLI = process.env.REDIS_CLI_BIN ?? '/usr/bin/redis-cli';

/** Redis Cluster's slot of a key: CRC16 (XMODEM) of its hash tag, modulo 16384. */
export function clusterSlotOf(key: string): number {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  let crc = 0;
  for (const byte of Buffer.from(hashed)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc % 16384;
}

/** One line of CLUSTER NODES: a node, its role and the slots it serves. */
interface ClusterNodeLine {
  port: number;
  flags: string[];
  /** [first, last] slot ranges (a master's). */
  slots: Array<[number, number]>;
}

function parseClusterNodes(text: string): ClusterNodeLine[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [, address, flags, , , , , , ...slots] = line.trim().split(' ');
      return {
        port: Number(/:(\d+)@/.exec(address)![1]),
        flags: flags.split(','),
        slots: slots
          .filter((s) => !s.startsWith('['))
          .map((s) => s.split('-').map(Number))
          .map(([first, last]) => [first, last ?? first] as [number, number]),
      };
    });
}

/**
 * A real Redis Cluster on loopback for one test file: three masters and three replicas, each a
 * `redis-server` child process of this test with a temporary directory, made a cluster by
 * `redis-cli --cluster create`. Every wait polls the nodes' own state (CLUSTER INFO, CLUSTER NODES,
 * INFO replication); `stop()` kills every process left and removes the directories, and an exit
 * hook kills them if the test process ends without it.
 *
 * The nodes fail over fast (`cluster-node-timeout` 1 s) and keep serving the slots of the other
 * masters while one has none (`cluster-require-full-coverage no`, as docs/operate/scaling.md
 * recommends); a replica takes over however long ago it last heard its master
 * (`cluster-replica-validity-factor 0`), so a busy test machine cannot keep a failover from happening.
 */
export class RedisClusterProcesses {
  private readonly processes = new Map<number, ChildProcess>();
  private readonly output = new Map<number, string>();
  private readonly probes = new Map<number, Redis>();
  private readonly killOnExit = () => {
    for (const child of this.processes.values()) child.kill('SIGKILL');
  };

  private constructor(
    readonly ports: number[],
    private readonly dir: string,
  ) {}

  /** Starts the six servers, creates the cluster and returns once every node sees it whole, with every replica in sync. */
  static async start(ports = [7100, 7101, 7102, 7103, 7104, 7105]): Promise<RedisClusterProcesses> {
    const cluster = new RedisClusterProcesses(ports, mkdtempSync(join(tmpdir(), 'gateway-redis-cluster-')));
    process.once('exit', cluster.killOnExit);
    try {
      await Promise.all(ports.map(refuseIfTaken));
      await Promise.all(ports.map((port) => cluster.startServer(port)));
      await run(REDIS_CLI, ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes']);
      await waitFor('every node to see the whole cluster, and every replica in sync', () => cluster.isWholeAndInSync(), 30_000);
      return cluster;
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }

  /** REDIS_CLUSTER_NODES for a gateway, `first` listed first (its event subscription goes there). */
  nodesSetting(first?: number): string {
    const ordered = first === undefined ? this.ports : [first, ...this.ports.filter((p) => p !== first)];
    return ordered.map((port) => `127.0.0.1:${port}`).join(',');
  }

  /** A command sent to one node (through a connection of this helper's own). */
  async command(port: number, ...args: string[]): Promise<unknown> {
    let probe = this.probes.get(port);
    if (!probe || probe.status === 'end') {
      probe = new Redis({ host: '127.0.0.1', port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      this.probes.set(port, probe);
    }
    return probe.call(args[0], ...args.slice(1));
  }

  /** The nodes as one live node sees them. */
  private async nodes(port: number): Promise<ClusterNodeLine[]> {
    return parseClusterNodes(String(await this.command(port, 'CLUSTER', 'NODES')));
  }

  /** The port of the master serving `key`'s slot, as the live nodes agree. */
  async masterOf(key: string): Promise<number> {
    const slot = clusterSlotOf(key);
    const owner = (await this.nodes(this.livePorts()[0])).find(
      (n) => n.flags.includes('master') && !n.flags.includes('fail') && n.slots.some(([a, b]) => slot >= a && slot <= b),
    );
    if (!owner) throw new Error(`no live master serves slot ${slot}`);
    return owner.port;
  }

  /** The ports of the live masters, as the live nodes see them. */
  async masters(): Promise<number[]> {
    const nodes = await this.nodes(this.livePorts()[0]);
    return nodes
      .filter((n) => n.flags.includes('master') && !n.flags.includes('fail'))
      .map((n) => n.port)
      .sort();
  }

  /** The node dies at once (SIGKILL): no goodbye to its replica or its clients. */
  async kill(port: number): Promise<void> {
    const child = this.processes.get(port);
    if (!child) throw new Error(`no node on ${port}`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.processes.delete(port);
    this.probes.get(port)?.disconnect();
    this.probes.delete(port);
  }

  /**
   * Polls until the failover of the dead master `deadPort` is over: every live node reports
   * cluster_state:ok and names the same live master for `key`'s slot (its former replica, promoted).
   */
  async waitForFailover(deadPort: number, key: string, timeoutMs = 20_000): Promise<number> {
    const slot = clusterSlotOf(key);
    return waitFor(
      `a replica to take over slot ${slot} from the master on ${deadPort}`,
      async () => {
        const owners = new Set<number>();
        for (const port of this.livePorts()) {
          const info = String(await this.command(port, 'CLUSTER', 'INFO'));
          if (!info.includes('cluster_state:ok')) return null;
          const owner = (await this.nodes(port)).find(
            (n) => n.flags.includes('master') && !n.flags.includes('fail') && n.slots.some(([a, b]) => slot >= a && slot <= b),
          );
          if (!owner || owner.port === deadPort) return null;
          owners.add(owner.port);
        }
        return owners.size === 1 ? [...owners][0] : null;
      },
      timeoutMs,
    );
  }

  /** Kills every node still running and removes their directories. */
  async stop(): Promise<void> {
    for (const probe of this.probes.values()) probe.disconnect();
    this.probes.clear();
    await Promise.all([...this.processes.keys()].map((port) => this.kill(port)));
    process.off('exit', this.killOnExit);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private livePorts(): number[] {
    return this.ports.filter((port) => this.processes.has(port));
  }

  private async startServer(port: number): Promise<void> {
    const dir = mkdtempSync(join(this.dir, `node-${port}-`));
    const child = spawn(
      REDIS_SERVER,
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
        ...['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`)],
        ...['--cluster-node-timeout', '1000', '--cluster-require-full-coverage', 'no', '--cluster-replica-validity-factor', '0'],
        ...['--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.processes.set(port, child);
    this.output.set(port, '');
    const keep = (chunk: Buffer) => this.output.set(port, (this.output.get(port)! + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    await waitFor(
      `redis-server on ${port} to answer`,
      async () => {
        if (exited) throw new Error(`redis-server on ${port} exited:\n${this.output.get(port)}`);
        return this.command(port, 'PING').catch(() => null);
      },
      10_000,
    );
  }

  private async isWholeAndInSync(): Promise<boolean> {
    for (const port of this.ports) {
      const info = String(await this.command(port, 'CLUSTER', 'INFO'));
      if (!info.includes('cluster_state:ok') || !info.includes('cluster_known_nodes:6') || !info.includes('cluster_slots_ok:16384'))
        return false;
      const replication = String(await this.command(port, 'INFO', 'replication'));
      if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return false;
    }
    const nodes = await this.nodes(this.ports[0]);
    return nodes.filter((n) => n.flags.includes('master')).length === 3 && nodes.filter((n) => n.flags.includes('slave')).length === 3;
  }
}

/** Throws when something already listens on the port (a node of a run that was killed before its afterAll). */
async function refuseIfTaken(port: number): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (taken) throw new Error(`port ${port} is taken (a redis-server left by an earlier run? find it with \`ss -ltnp sport = :${port}\`)`);
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}
