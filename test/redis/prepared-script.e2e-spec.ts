import Redis, { Command } from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import { PreparedScript, scriptKeys } from '../../src/redis/prepared-script';
import type { RedisClient } from '../../src/redis/redis-client';
import { testRedisUrl } from '../support/test-env';

/**
 * PreparedScript against the real Redis: the EVALSHA it writes itself is read by Redis as ioredis's
 * own would be (keys and arguments of any UTF-8, counted in bytes), and a server that does not hold
 * the script is sent it whole, once per server, the script run once.
 */
describe('PreparedScript (an EVALSHA written in one piece)', () => {
  const prefix = `test:${randomUUID()}:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('passes keys from several parts, in order, and arguments of several bytes a character, as written', async () => {
    const script = new PreparedScript(redis, "return table.concat(KEYS, '|') .. '#' .. table.concat(ARGV, '|')");
    const first = scriptKeys([`${prefix}{t}:a`, `${prefix}{t}:é€`]);
    const second = scriptKeys([`${prefix}{t}:𝄞`]);
    expect(await script.run([first, second], ['1 2 3', 'réq-𝄞', ''])).toBe(`${prefix}{t}:a|${prefix}{t}:é€|${prefix}{t}:𝄞#1 2 3|réq-𝄞|`);
    expect(await script.run([], ['only'])).toBe('#only');
  });

  it('a server without the script is sent it whole (NOSCRIPT, then EVAL): the script runs once, and is then sent by its SHA1', async () => {
    // A script no server has seen: its text carries a fresh id.
    const lua = `-- ${randomUUID()}\nreturn redis.call('INCR', KEYS[1])`;
    const sha = createHash('sha1').update(lua).digest('hex');
    const script = new PreparedScript(redis, lua);
    const counter = scriptKeys([`${prefix}counter`]);
    expect(await redis.script('EXISTS', sha)).toEqual([0]);

    expect(await script.run([counter], [])).toBe('1');
    expect(await redis.script('EXISTS', sha)).toEqual([1]);
    expect(await script.run([counter], [])).toBe('2');
    expect(await redis.get(`${prefix}counter`)).toBe('2');
  });

  it("passes the script's own errors on", async () => {
    const script = new PreparedScript(redis, "return redis.error_reply('BUDGET nope')");
    await expect(script.run([], [])).rejects.toThrow('BUDGET nope');
  });

  it("names its first key's slot to a cluster client, which routes by it (a wrong slot would only cost a redirection)", async () => {
    // What ioredis's Cluster reads of the command before it picks a node; the reply is the script's.
    let routed: number | null = null;
    const cluster = {
      isCluster: true,
      sendCommand(command: Command) {
        routed = command.getSlot();
        command.resolve(Buffer.from('ok'));
        return command.promise;
      },
    } as unknown as RedisClient;
    const script = new PreparedScript(cluster, 'return 1');
    await expect(script.run([scriptKeys(['{t:tenant-7}:k:1', '{t:tenant-7}:tenant'])], ['1 2'])).resolves.toBe('ok');
    // The slot ioredis gives any command on that key.
    const slotOf = (key: string) => new Command('get', [key]).getSlot();
    expect(routed).toBe(slotOf('{t:tenant-7}:k:1'));
    expect(routed).not.toBe(slotOf('1 2'));
  });
});
