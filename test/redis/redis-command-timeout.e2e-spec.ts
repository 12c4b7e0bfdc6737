import Redis from 'ioredis';
import type { AppConfig } from '../../src/config/app-config';
import { coalesceCommandWrites, redisOptions } from '../../src/redis/redis-client';
import { startRedisServer } from '../support/redis-server';
import { testRedisUrl } from '../support/test-env';

const TIMEOUT_MS = 50;
const options = redisOptions({ REDIS_COMMAND_TIMEOUT_MS: TIMEOUT_MS } as AppConfig);

/** Holds the event loop for `ms`: what a long garbage collection or a starved process does to every timer and socket. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** The end of this turn of the event loop (the command connection's writes leave then, coalesceCommandWrites). */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The command timeout (REDIS_COMMAND_TIMEOUT_MS) bounds a command Redis does not answer, and never
 * fails one whose reply is already in the socket when the event loop comes back from being held.
 */
describe('Redis command timeout', () => {
  it('a reply that arrived while the event loop was held longer than the timeout wins over the timer', async () => {
    const redis = new Redis(testRedisUrl(), options);
    coalesceCommandWrites(redis);
    try {
      await redis.ping();
      const key = `test:command-timeout:${process.pid}`;
      await redis.set(key, 'answered');
      const reply = redis.get(key);
      await endOfTurn(); // the command is on the wire
      // Six timeouts long: Redis answers meanwhile, and Node runs the overdue timer before it reads the socket.
      holdEventLoop(TIMEOUT_MS * 6);
      await expect(reply).resolves.toBe('answered');
      await redis.del(key);
    } finally {
      redis.disconnect();
    }
  });

  it('a command that gets no answer fails with "Command timed out" once the timeout has passed', async () => {
    // A Redis of this test's own, stopped (SIGSTOP) while the command waits: the connection stays up, nothing answers.
    const server = await startRedisServer();
    try {
      const redis = new Redis(server.url, options);
      try {
        await redis.ping();
        server.child.kill('SIGSTOP');
        const started = performance.now();
        await expect(redis.get('anything')).rejects.toThrow('Command timed out');
        expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
        server.child.kill('SIGCONT');
        // The connection is still the same and answers again.
        await expect(redis.ping()).resolves.toBe('PONG');
      } finally {
        redis.disconnect();
      }
    } finally {
      await server.stop();
    }
  });
});
