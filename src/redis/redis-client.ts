import Redis, { Cluster, Command, type RedisOptions, type StandaloneConnectionOptions } from 'ioredis';
import StandaloneConnector from 'ioredis/built/connectors/StandaloneConnector';
import type { Writable } from 'node:stream';
import type { AppConfig, RedisClusterNode } from '../config/app-config';

/**
 * The command connection: one Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES). Both run
 * the same commands; what differs is that every key of one command or script must hash to one
 * cluster slot (the `{…}` hash tags of the key names) and that a pipeline must go to one node.
 */
export type RedisClient = Redis | Cluster;

/**
 * ioredis's command timeout, changed in one respect: when its timer fires, the command fails only
 * after the event loop's next poll for I/O, so a reply that is already in the socket wins. Node runs
 * the timers of a turn before it reads the sockets: after the event loop was held longer than the
 * timeout (a long garbage collection, a process starved of CPU, 12 MiB copied by a fetch in the
 * same process), ioredis's timer failed a command whose reply had arrived meanwhile: the call
 * answered 503 although Redis had answered, and the limit that script counted was spent. Replaces
 * Command.prototype.setTimeout (ioredis 5 and 6: a timer in `_commandTimeoutTimer`, cleared by
 * `_clearTimers` when the command settles); test/redis/redis-command-timeout.e2e-spec.ts holds it
 * to its word on the installed version.
 */
Command.prototype.setTimeout = function setTimeoutAfterPoll(this: Command, ms: number): void {
  // The timer's field is private in ioredis's declarations: the same field, so that it clears it.
  const timed = this as unknown as { _commandTimeoutTimer?: NodeJS.Timeout };
  if (timed._commandTimeoutTimer) return;
  timed._commandTimeoutTimer = setTimeout(() => {
    // setImmediate runs after this turn's poll phase, which reads what the socket holds.
    setImmediate(() => {
      if (!this.isSettled) this.reject(new Error('Command timed out'));
    });
  }, ms);
};

/**
 * How the gateway talks to Redis. A call must not wait for a Redis that is gone: `commandTimeout`
 * bounds every command, queued ones included (a command sent while the connection is being set up
 * waits in ioredis's offline queue at most that long), `maxRetriesPerRequest` flushes that queue
 * after one failed reconnect, and the rate-limit store and the event bus do not even queue while
 * the connection is known to be down (see redisIsDown). Redis being down at boot does not stop the
 * gateway from starting: ioredis keeps reconnecting in the background.
 */
export function redisOptions(config: AppConfig): RedisOptions {
  return {
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // No auto-pipelining: it defers every command to the next setImmediate, which measured
    // ~0.1 ms more per rate-limit check at light load and no throughput gain at 50 connections.
    enableAutoPipelining: false,
  };
}

/**
 * A cluster client with the same bounds as one Redis. Each node connection has the command timeout;
 * the cluster's own offline queue has none (a command would wait there for the cluster to come up
 * for as long as that takes), so it is off: while the cluster is not ready a command fails at once,
 * as with one Redis known to be down. While a master fails over, a command to its slots is retried
 * by ioredis on the slot's new owner (MOVED, refreshed slot map) within the command timeout, and
 * fails after it (the public call answers 503) if the promotion takes longer.
 */
export function createRedisCluster(nodes: RedisClusterNode[], config: AppConfig): Cluster {
  return new Cluster(nodes, {
    redisOptions: redisOptions(config),
    enableOfflineQueue: false,
    // Reads and writes on the masters: a replica may lag behind, and budgets read what was held.
    scaleReads: 'master',
  });
}

/**
 * The event bus's subscriber on a cluster: one plain connection to one node. PUBLISH on a cluster
 * reaches the subscribers of every node, so any node will do; ioredis's cluster subscriber would
 * also do, but it moves to another node on its own without saying so, and the bus must know when
 * its subscription was lost (what was published meanwhile was missed, see RedisEventBus). This one
 * reports the loss like one Redis does (`close`), and each reconnect tries the next listed node,
 * so a node that died (a failed master) is left for one that answers.
 */
export function createClusterSubscriber(nodes: RedisClusterNode[], options: RedisOptions): Redis {
  let next = 0;
  class NextNodeConnector extends StandaloneConnector {
    // ioredis hands a connector the connection's options untyped (ConnectorConstructor).
    constructor(options: unknown) {
      super(options as StandaloneConnectionOptions);
    }

    override connect(...args: Parameters<StandaloneConnector['connect']>) {
      const node = nodes[next++ % nodes.length];
      this.options = { ...this.options, host: node.host, port: node.port };
      return super.connect(...args);
    }
  }
  return new Redis({ ...options, host: nodes[0].host, port: nodes[0].port, Connector: NextNodeConnector });
}

/**
 * The part of a key that picks its cluster slot: the text between its first `{` and the next `}`
 * when not empty, else the whole key (Redis Cluster's rule). Keys with the same tag share a slot.
 */
export function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const close = key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

/**
 * One socket write per turn of the event loop for the command connection, instead of one per
 * command: every call's limit script was its own write() system call, 7 % of the gateway's CPU per
 * call under load (bench/README.md, issue 23). The first command written in a turn corks the
 * socket; the commands that follow in the same turn (other calls read in the same poll) join it,
 * and it is uncorked at the turn's end (setImmediate), all in one writev. Nothing is reordered or
 * held past the turn: with one call at a time the command leaves in the same turn as before.
 * ioredis writes every command with `stream.write` on the connection's current socket, a new one
 * after each reconnect, so each socket is wrapped as it connects.
 */
export function coalesceCommandWrites(redis: Redis): void {
  const wrap = () => {
    const socket = (redis as unknown as { stream?: Writable }).stream;
    if (!socket || coalesced.has(socket)) return;
    coalesced.add(socket);
    const write = socket.write.bind(socket);
    let corked = false;
    const uncork = () => {
      corked = false;
      socket.uncork();
    };
    socket.write = function (...args: Parameters<Writable['write']>): boolean {
      if (!corked) {
        corked = true;
        socket.cork();
        setImmediate(uncork);
      }
      return write(...args);
    } as Writable['write'];
  };
  redis.on('connect', wrap);
  wrap();
}

const coalesced = new WeakSet<Writable>();
