import type Redis from 'ioredis';
import { redisIsDown } from '../redis/event-bus';
import type { BucketState, ConsumeResult, LimitBucket, RateLimitStore } from './rate-limit.types';

/**
 * KEYS: one counter per bucket (all of one call in one Cluster slot, via the caller's hash tag).
 * ARGV: 1 = cost (1 to charge, 0 to peek), then per bucket: limit, window ms.
 * Returns: allowed (1/0), then per bucket: calls counted after this call, ms until the window ends.
 * Fixed window from the bucket's first call; Redis server time via PTTL, so every gateway process
 * agrees whatever its own clock. Nothing is charged unless every bucket has room.
 */
const CONSUME_SCRIPT = `
local cost = tonumber(ARGV[1])
local n = #KEYS
local counts = {}
local ttls = {}
local allowed = 1
for i = 1, n do
  local limit = tonumber(ARGV[2 * i])
  local window = tonumber(ARGV[2 * i + 1])
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then
    count = 0
    ttl = window
  end
  counts[i] = count
  ttls[i] = ttl
  if count + cost > limit then allowed = 0 end
end
local out = { allowed }
for i = 1, n do
  local count = counts[i]
  if allowed == 1 and cost > 0 then
    count = redis.call('INCRBY', KEYS[i], cost)
    if count == cost then redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 * i + 1])) end
  end
  out[#out + 1] = count
  out[#out + 1] = ttls[i]
end
return out
`;

type ConsumeCommand = (...args: Array<string | number>) => Promise<number[]>;

/** Time until the first full bucket's window ends. */
export function retryAfter(states: BucketState[], now = Date.now()): number {
  const full = states.find((s) => s.remaining === 0) ?? states[0];
  return Math.max(0, full.resetAtMs - now);
}

/** The shared counter of every gateway process: one Lua script, one round trip per call. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly command: ConsumeCommand;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL when the script is not cached yet.
    if (!(redis as unknown as Record<string, unknown>).gatewayRateLimit) {
      redis.defineCommand('gatewayRateLimit', { lua: CONSUME_SCRIPT });
    }
    const fn = (redis as unknown as Record<string, ConsumeCommand>).gatewayRateLimit;
    this.command = fn.bind(redis);
  }

  async consume(buckets: LimitBucket[]): Promise<ConsumeResult> {
    const { allowed, states } = await this.run(buckets, 1);
    return { allowed, buckets: states, retryAfterMs: allowed ? 0 : retryAfter(states) };
  }

  async peek(buckets: LimitBucket[]): Promise<BucketState[]> {
    return (await this.run(buckets, 0)).states;
  }

  private async run(buckets: LimitBucket[], cost: number): Promise<{ allowed: boolean; states: BucketState[] }> {
    // Known down: fail now rather than wait in ioredis's offline queue for a reconnect.
    if (redisIsDown(this.redis)) throw new Error(`Redis connection ${this.redis.status}`);
    const args: Array<string | number> = [buckets.length];
    for (const b of buckets) args.push(this.keyPrefix + b.key);
    args.push(cost);
    for (const b of buckets) args.push(b.limit, b.windowMs);
    const reply = await this.command(...args);
    const now = Date.now();
    const states = buckets.map((b, i) => {
      const count = Number(reply[1 + 2 * i]);
      const ttl = Number(reply[2 + 2 * i]);
      return { limit: b.limit, remaining: Math.max(0, b.limit - count), resetAtMs: now + ttl };
    });
    return { allowed: reply[0] === 1, states };
  }
}
