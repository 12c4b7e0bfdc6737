import Redis from 'ioredis';
import { execFileSync } from 'node:child_process';
import type { AppConfig } from '../../src/config/app-config';
import { coalesceCommandWrites, redisOptions } from '../../src/redis/redis-client';
import { startRedisServer } from '../support/redis-server';

/** Debian's redis-cli (with redis-server). */
const REDIS_CLI = process.env.REDIS_CLI_BIN ?? '/usr/bin/redis-cli';

const TIMEOUT_MS = 50;
const options = redisOptions({ REDIS_COMMAND_TIMEOUT_MS: TIMEOUT_MS } as AppConfig);
/**
 * The timeout of the commands around the one under test: theirs must not depend on how soon a busy
 * machine schedules Redis (a 50 ms timeout failed the ping after SIGCONT once in CI).
 */
const SETUP_TIMEOUT_MS = 60_000;

/** A client with the gateway's options whose commands time out only when `timed` is on. */
function client(url: string): Redis & { timed(on: boolean): void } {
  const redis = new Redis(url, { ...options, commandTimeout: SETUP_TIMEOUT_MS });
  // ioredis reads options.commandTimeout as each command is sent.
  return Object.assign(redis, { timed: (on: boolean) => (redis.options.commandTimeout = on ? TIMEOUT_MS : SETUP_TIMEOUT_MS) });
}

/** Redis's count of the GETs it has answered, asked synchronously: the event loop stays held meanwhile. */
function getsAnswered(url: string): number {
  const stats = execFileSync(REDIS_CLI, ['-u', url, 'INFO', 'commandstats']).toString();
  return Number(/cmdstat_get:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/**
 * Holds the event loop (what a long garbage collection or a starved process does to every timer and
 * socket) for at least `ms` and until Redis has answered `gets` GETs: Redis writes a reply before it
 * reads its next command, so once it answered redis-cli's INFO after the GET, the GET's reply is in
 * the socket, however long the machine took to schedule Redis.
 */
function holdEventLoop(ms: number, url: string, gets: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until || getsAnswered(url) < gets) {
    // A synchronous loop cannot be stopped by jest's timeout: bounded here.
    if (performance.now() > until + 30_000) throw new Error(`Redis did not answer ${gets} GET(s) within 30 s`);
  }
}

/** The end of this turn of the event loop (the command connection's writes leave then, coalesceCommandWrites). */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The command timeout (REDIS_COMMAND_TIMEOUT_MS) bounds a command Redis does not answer, and never
 * fails one whose reply is already in the socket when the event loop comes back from being held.
 * Each case has a redis-server of its own (no other client's commands reach it).
 */
describe('Redis command timeout', () => {
  it('a reply that arrived while the event loop was held longer than the timeout wins over the timer', async () => {
    const server = await startRedisServer();
    const redis = client(server.url);
    coalesceCommandWrites(redis);
    try {
      await redis.set('key', 'answered');
      redis.timed(true);
      const reply = redis.get('key');
      await endOfTurn(); // the command is on the wire
      // Six timeouts long at least, and until Redis answered: Node runs the overdue timer before it reads the socket.
      holdEventLoop(TIMEOUT_MS * 6, server.url, 1);
      await expect(reply).resolves.toBe('answered');
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });

  it('a command that gets no answer fails with "Command timed out" once the timeout has passed', async () => {
    // A Redis of this test's own, stopped (SIGSTOP) while the command waits: the connection stays up, nothing answers.
    const server = await startRedisServer();
    try {
      const redis = client(server.url);
      let connects = 0;
      redis.on('connect', () => (connects += 1));
      try {
        await redis.ping();
        server.child.kill('SIGSTOP');
        redis.timed(true);
        const started = performance.now();
        await expect(redis.get('anything')).rejects.toThrow('Command timed out');
        expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
        redis.timed(false);
        server.child.kill('SIGCONT');
        // The connection is still the same and answers again (the late reply to the GET is not taken for the ping's).
        await expect(redis.ping()).resolves.toBe('PONG');
        expect(connects).toBe(1);
      } finally {
        redis.disconnect();
      }
    } finally {
      await server.stop();
    }
  });
});
