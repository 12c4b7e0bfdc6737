import { redisIsDown } from '../redis/event-bus';
import { PreparedScript, scriptKeys, type ScriptKeys } from '../redis/prepared-script';
import { hashTagOf, type RedisClient } from '../redis/redis-client';
import type {
  BucketState,
  BudgetBucket,
  BudgetCheck,
  BudgetOutcome,
  BudgetSettlement,
  BudgetState,
  ConsumeResult,
  LimitBucket,
  RateLimitStore,
} from './rate-limit.types';

/**
 * KEYS: one counter per bucket, then per budget its state hash and its holds sorted set (all of one
 * call in one Cluster slot, via the caller's hash tag).
 * ARGV: 1 = the figures, as decimal integers separated by single spaces: cost (1 to charge, 0 to
 * peek), bucket count n, budget count m, then per bucket: limit, window ms; then, with budgets: the
 * hold's lifetime in ms, and per budget: cap, hold (nano-USD). 2 = the hold id (with budgets).
 * One argument for the figures, not one each: ioredis spends about 130 ns on every argument of a
 * command, and a call with four limits and two budgets has twenty figures (bench/README.md).
 * Returns one string of decimal integers separated by single spaces: allowed (1/0), per bucket: calls
 * counted after this call and ms until the window ends; then the budget verdict (0 ok, 1 exceeded,
 * 2 no state), the budget's index, its spend and holds. One string, not an array: ioredis decodes
 * an array reply element by element (and converts each to a string), which cost a call with four
 * limits about 3 µs more than splitting one string (bench/README.md). `%d`, not tostring: a Lua
 * number prints in `%.14g`, which would round a spend past 14 digits.
 *
 * Buckets: a fixed window from the bucket's first call; Redis server time via PTTL, so every
 * gateway process agrees whatever its own clock. Budgets: a hash with `s` (the ledger's spend of the
 * period), `h` (the sum of holds), `r:<id>` (one call's hold) and `e` (no hold lapses before it),
 * and a sorted set of hold ids by expiry, so the hold of a call whose record never lands (its
 * process died) lapses by itself. The holds are searched for lapsed ones only once `e` has passed
 * (or when it is missing), not on every call: `e` is the earliest hold's lapse time, or a hold's
 * lifetime from the last search when none was held, which no hold can lapse before (a process
 * that did not keep `e`, an older version's, is caught up within one hold lifetime).
 * Amounts are nano-USD: Lua numbers are doubles, exact to 2^53, which in pico-USD would be only
 * $9,007; in nano-USD it is $9,007,199.25, the largest cap a budget takes (MAX_BUDGET_PICO_USD).
 * Amounts go back to Redis as the strings they came as ('-' .. amount), never a formatted double. Nothing is charged unless every bucket and budget has room.
 */
const CONSUME_SCRIPT = `
local a = {}
for figure in string.gmatch(ARGV[1], '%S+') do a[#a + 1] = figure end
local cost = tonumber(a[1])
local n = tonumber(a[2])
local m = tonumber(a[3])
local counts = {}
local ttls = {}
local allowed = 1
for i = 1, n do
  local limit = tonumber(a[2 + 2 * i])
  local window = tonumber(a[3 + 2 * i])
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
local verdict, which, spentOut, heldOut = 0, 0, '0', 0
local base = 4 + 2 * n
local now = 0
local earliests = {}
if allowed == 1 and m > 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local holdTtl = tonumber(a[base])
  for j = 1, m do
    local state = KEYS[n + 2 * j - 1]
    local holds = KEYS[n + 2 * j]
    local fields = redis.call('HMGET', state, 's', 'h', 'e')
    local spent = fields[1]
    if not spent then
      verdict = 2
      which = j
      break
    end
    local held = tonumber(fields[2] or '0')
    local earliest = tonumber(fields[3] or '0')
    if earliest <= now then
      local lapsed = redis.call('ZRANGEBYSCORE', holds, '-inf', now)
      for _, id in ipairs(lapsed) do
        local amount = redis.call('HGET', state, 'r:' .. id)
        if amount then
          held = redis.call('HINCRBY', state, 'h', '-' .. amount)
          redis.call('HDEL', state, 'r:' .. id)
        end
      end
      if #lapsed > 0 then redis.call('ZREMRANGEBYSCORE', holds, '-inf', now) end
      local first = redis.call('ZRANGE', holds, 0, 0, 'WITHSCORES')
      earliest = tonumber(first[2] or (now + holdTtl))
      redis.call('HSET', state, 'e', earliest)
    end
    earliests[j] = earliest
    if tonumber(spent) + held >= tonumber(a[base + 2 * j - 1]) then
      verdict = 1
      which = j
      spentOut = spent
      heldOut = held
      break
    end
  end
  if verdict ~= 0 then allowed = 0 end
end
local out = { allowed }
for i = 1, n do
  local count = counts[i]
  if allowed == 1 and cost > 0 then
    count = redis.call('INCRBY', KEYS[i], cost)
    if count == cost then redis.call('PEXPIRE', KEYS[i], tonumber(a[3 + 2 * i])) end
  end
  out[#out + 1] = count
  out[#out + 1] = ttls[i]
end
if allowed == 1 and m > 0 then
  local holdId = ARGV[2]
  local lapseAt = now + tonumber(a[base])
  for j = 1, m do
    local state = KEYS[n + 2 * j - 1]
    local holds = KEYS[n + 2 * j]
    local hold = a[base + 2 * j]
    redis.call('HINCRBY', state, 'h', hold)
    if lapseAt < earliests[j] then
      redis.call('HSET', state, 'r:' .. holdId, hold, 'e', lapseAt)
    else
      redis.call('HSET', state, 'r:' .. holdId, hold)
    end
    redis.call('ZADD', holds, lapseAt, holdId)
    -- The holds live as long as the state they are counted in (a hold must lapse from it): a new
    -- set takes the state's lifetime, and each settlement refreshes the two together.
    if redis.call('PTTL', holds) == -1 then
      local stateTtl = redis.call('PTTL', state)
      if stateTtl > 0 then redis.call('PEXPIRE', holds, stateTtl) end
    end
  end
end
out[#out + 1] = verdict
out[#out + 1] = which
out[#out + 1] = spentOut
out[#out + 1] = heldOut
for k = 1, #out do
  if type(out[k]) == 'number' then out[k] = string.format('%d', out[k]) end
end
return table.concat(out, ' ')
`;

/**
 * KEYS: per budget period, its state hash and its holds set. ARGV: per budget period, the ledger's
 * spend (nano-USD), the state's lifetime in ms (refreshed: it runs from the latest settlement), and
 * the ids of the holds to release joined by ',' (HOLD_ID_SEPARATOR; empty for none).
 * One script for every budget an audit batch booked: a batch settles in one command, and its ids
 * travel as one argument per budget, not one each (a batch holds hundreds).
 * The spend only ever rises (the larger of the two is kept), so settlements may arrive late, twice
 * or out of order, and one that restores a lost state is the same operation. A script stops at its
 * first error with what it wrote kept: should one budget's keys be damaged (WRONGTYPE), the budgets
 * after it wait for the next batch's settlement (the spend is absolute) and their holds lapse.
 */
const SETTLE_SCRIPT = `
-- The holds released, read and removed a thousand at a time (well inside unpack's limit of about 8,000
-- values); an id named twice releases once.
local function release(state, holds, ids, fields)
  local amounts = redis.call('HMGET', state, unpack(fields))
  for i = 1, #fields do
    if amounts[i] then redis.call('HINCRBY', state, 'h', '-' .. amounts[i]) end
  end
  redis.call('HDEL', state, unpack(fields))
  redis.call('ZREM', holds, unpack(ids))
end
for j = 1, #KEYS / 2 do
  local state = KEYS[2 * j - 1]
  local holds = KEYS[2 * j]
  local spent = ARGV[3 * j - 2]
  local current = redis.call('HGET', state, 's')
  if not current or tonumber(current) < tonumber(spent) then redis.call('HSET', state, 's', spent) end
  local ttl = tonumber(ARGV[3 * j - 1])
  if ttl > 0 then
    redis.call('PEXPIRE', state, ttl)
    if redis.call('EXISTS', holds) == 1 then redis.call('PEXPIRE', holds, ttl) end
  end
  local seen = {}
  local ids = {}
  local fields = {}
  for id in string.gmatch(ARGV[3 * j], '[^,]+') do
    if not seen[id] then
      seen[id] = true
      ids[#ids + 1] = id
      fields[#fields + 1] = 'r:' .. id
      if #ids == 1000 then
        release(state, holds, ids, fields)
        ids = {}
        fields = {}
      end
    end
  end
  if #ids > 0 then release(state, holds, ids, fields) end
end
return 1
`;

/** Between the hold ids of one budget in a settlement's one argument: a hold id (a request id, a UUID) never holds it. */
export const HOLD_ID_SEPARATOR = ',';

/** Refuses a hold no settlement could name (it would stay held until it lapses); both stores check it, so one's callers work on the other. */
export function checkHoldId(budgets: BudgetCheck | undefined): void {
  if (budgets && budgets.buckets.length > 0 && budgets.hold.id.includes(HOLD_ID_SEPARATOR))
    throw new Error(`a hold id holds no '${HOLD_ID_SEPARATOR}': ${budgets.hold.id}`);
}

/** A budget period's state is kept this long past the period's end (late settlements, then it goes). */
export const BUDGET_STATE_GRACE_MS = 86_400_000;

const PICO_PER_NANO = 1000n;

/** The largest budget cap: 2^53 − 1 nano-USD, the most the script's doubles compare exactly ($9,007,199.254740991). */
export const MAX_BUDGET_PICO_USD = (2n ** 53n - 1n) * PICO_PER_NANO;

/** Pico-USD to the nano-USD the script compares, rounded up: a spend or hold is never under-counted. */
function toNano(pico: bigint): string {
  return ((pico + PICO_PER_NANO - 1n) / PICO_PER_NANO).toString();
}

/**
 * A lifetime budget's state is kept this long after its last settlement: no state lives forever
 * (one of a budget since deleted would), and an idle one is restored from the ledger when used again.
 */
export const LIFETIME_BUDGET_STATE_IDLE_MS = 30 * 86_400_000;

/** How long a budget period's state lives from now: past its end by a grace (a lifetime budget: while it is used). */
export function budgetStateTtlMs(periodEndMs: number | null, now = Date.now()): number {
  if (periodEndMs === null) return LIFETIME_BUDGET_STATE_IDLE_MS;
  return Math.max(60_000, periodEndMs + BUDGET_STATE_GRACE_MS - now);
}

type ScriptCommand = (...args: Array<string | number>) => Promise<unknown>;

/** `items` in groups of equal `keyOf`, each in its original order. */
function groupBy<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/** Time until the first full bucket's window ends. */
export function retryAfter(states: BucketState[], now = Date.now()): number {
  const full = states.find((s) => s.remaining === 0) ?? states[0];
  return Math.max(0, full.resetAtMs - now);
}

/** A list of buckets as the script takes it: their keys encoded, and their limits and windows as figures. */
interface EncodedBuckets {
  keys: ScriptKeys;
  /** ` <limit> <window ms>` per bucket. */
  figures: string;
}

/** A budget period as the script takes it: its two keys encoded, and its cap in nano-USD. */
interface EncodedBudget {
  keys: ScriptKeys;
  capPicoUsd: bigint;
  capNano: string;
}

/**
 * How many budget periods' encodings are kept (the most recently used periods of any caller, each a
 * few hundred bytes); past it the lot is dropped and rebuilt as calls come.
 */
const ENCODED_BUDGETS_KEPT = 4096;

/** The shared counter of every gateway process: one Lua script, one round trip per call. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly consumeScript: PreparedScript;
  private readonly settleCommand: ScriptCommand;
  /** The encodings of frozen lists of frozen buckets (a caller's limits on an endpoint, reused for each of its calls). */
  private readonly encodedBuckets = new WeakMap<readonly LimitBucket[], EncodedBuckets>();
  private readonly encodedBudgets = new Map<string, EncodedBudget>();

  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
  ) {
    this.consumeScript = new PreparedScript(redis, CONSUME_SCRIPT);
    // defineCommand sends EVALSHA and falls back to EVAL when the script is not cached yet.
    const commands = redis as unknown as Record<string, ScriptCommand | undefined>;
    if (!commands.gatewayBudgetSettlements) redis.defineCommand('gatewayBudgetSettlements', { lua: SETTLE_SCRIPT });
    this.settleCommand = commands.gatewayBudgetSettlements!.bind(redis);
  }

  async consume(buckets: readonly LimitBucket[], budgets?: BudgetCheck): Promise<ConsumeResult> {
    const { allowed, states, budget } = await this.run(buckets, 1, budgets);
    return { allowed, buckets: states, retryAfterMs: allowed || budget.kind !== 'ok' ? 0 : retryAfter(states), budget };
  }

  async peek(buckets: readonly LimitBucket[]): Promise<BucketState[]> {
    return (await this.run(buckets, 0)).states;
  }

  async settleBudgets(settlements: BudgetSettlement[]): Promise<void> {
    if (settlements.length === 0) return;
    if (redisIsDown(this.redis)) throw new Error(`Redis connection ${this.redis.status}`);
    const now = Date.now();
    // One command for the whole audit batch. A cluster runs a script only when one slot holds all
    // its keys: there, one command per hash tag (a tenant's budgets share one), sent together.
    const groups = this.redis.isCluster ? groupBy(settlements, (s) => hashTagOf(s.key)) : [settlements];
    await Promise.all(groups.map((group) => this.settle(group, now)));
  }

  private settle(settlements: BudgetSettlement[], now: number): Promise<unknown> {
    const args: Array<string | number> = [2 * settlements.length];
    for (const s of settlements) {
      const key = this.keyPrefix + s.key;
      args.push(key, `${key}:holds`);
    }
    for (const s of settlements) {
      args.push(toNano(s.spentPicoUsd), budgetStateTtlMs(s.periodEndMs, now), s.releasedHoldIds.join(HOLD_ID_SEPARATOR));
    }
    return this.settleCommand(...args);
  }

  async budgetState(key: string): Promise<BudgetState | null> {
    const [spent, held] = await this.redis.hmget(this.keyPrefix + key, 's', 'h');
    if (spent === null) return null;
    return { spentPicoUsd: BigInt(spent) * PICO_PER_NANO, heldPicoUsd: BigInt(held ?? '0') * PICO_PER_NANO };
  }

  private async run(
    buckets: readonly LimitBucket[],
    cost: number,
    budgets?: BudgetCheck,
  ): Promise<{ allowed: boolean; states: BucketState[]; budget: BudgetOutcome }> {
    // Known down: fail now rather than wait in ioredis's offline queue for a reconnect.
    if (redisIsDown(this.redis)) throw new Error(`Redis connection ${this.redis.status}`);
    const encoded = this.encodeBuckets(buckets);
    const budgetBuckets = budgets?.buckets ?? [];
    let figures = `${cost} ${buckets.length} ${budgetBuckets.length}${encoded.figures}`;
    let reply: string[];
    if (budgets && budgetBuckets.length > 0) {
      checkHoldId(budgets);
      const keys: ScriptKeys[] = [encoded.keys];
      figures += ` ${budgets.hold.ttlMs}`;
      for (const b of budgetBuckets) {
        const budget = this.encodeBudget(b);
        keys.push(budget.keys);
        figures += ` ${budget.capNano} ${toNano(b.holdPicoUsd)}`;
      }
      reply = (await this.consumeScript.run(keys, [figures, budgets.hold.id])).split(' ');
    } else {
      reply = (await this.consumeScript.run([encoded.keys], [figures])).split(' ');
    }
    const now = Date.now();
    const states = buckets.map((b, i) => {
      const count = Number(reply[1 + 2 * i]);
      const ttl = Number(reply[2 + 2 * i]);
      return { limit: b.limit, remaining: Math.max(0, b.limit - count), resetAtMs: now + ttl };
    });
    const at = 1 + 2 * buckets.length;
    const verdict = Number(reply[at]);
    const index = Number(reply[at + 1]) - 1;
    const budget: BudgetOutcome =
      verdict === 0
        ? { kind: 'ok' }
        : verdict === 2
          ? { kind: 'unknown', index }
          : {
              kind: 'exceeded',
              index,
              state: { spentPicoUsd: BigInt(reply[at + 2]) * PICO_PER_NANO, heldPicoUsd: BigInt(reply[at + 3]) * PICO_PER_NANO },
            };
    return { allowed: reply[0] === '1', states, budget };
  }

  /** The buckets' keys and figures; kept with a frozen list of frozen buckets, which cannot change under them. */
  private encodeBuckets(buckets: readonly LimitBucket[]): EncodedBuckets {
    const frozen = Object.isFrozen(buckets) && buckets.every(Object.isFrozen);
    const kept = frozen ? this.encodedBuckets.get(buckets) : undefined;
    if (kept) return kept;
    let figures = '';
    for (const b of buckets) figures += ` ${b.limit} ${b.windowMs}`;
    const encoded = { keys: scriptKeys(buckets.map((b) => this.keyPrefix + b.key)), figures };
    if (frozen) this.encodedBuckets.set(buckets, encoded);
    return encoded;
  }

  /** A budget period's two keys and its cap; its keys never change, its cap may (kept while it stays). */
  private encodeBudget(bucket: BudgetBucket): EncodedBudget {
    const kept = this.encodedBudgets.get(bucket.key);
    if (kept && kept.capPicoUsd === bucket.capPicoUsd) return kept;
    const key = this.keyPrefix + bucket.key;
    const encoded = { keys: scriptKeys([key, `${key}:holds`]), capPicoUsd: bucket.capPicoUsd, capNano: toNano(bucket.capPicoUsd) };
    if (this.encodedBudgets.size >= ENCODED_BUDGETS_KEPT) this.encodedBudgets.clear();
    this.encodedBudgets.set(bucket.key, encoded);
    return encoded;
  }
}
