/**
 * `npm run bench:scale`: does anything on the call path grow with the number of keys, customers or
 * catalog endpoints? The same measurement on a small seed and on a large one, each in a database of
 * its own (gateway_bench_scale_small, gateway_bench_scale_large):
 *
 *   small: 10 tenants, 1,000 customers, 10,000 keys, the 16 endpoints of the seeded catalog;
 *   large: 1,000 tenants, 100,000 customers, 1,000,000 keys, 2,000 endpoints.
 *
 * Seeded in SQL (generate_series), not through the API. Every key is real: key k is
 * `gw_<k as 12 digits>_<md5('scale-secret' || k)>` and its stored hash is Postgres's own
 * sha256 of that string (the gateway's hashApiKey), so any key of the seed can call. Nine keys in
 * ten belong to a customer (each customer with a request limit of its own on every slug, set high),
 * one in ten to its tenant; every key's own limit is set high. One key in ten (k % 10 = 5) has a
 * budget of its own and one customer in ten (c % 10 = 3) one (110,000 budgets in the large seed):
 * a miss reads the budgets of its key, so their number is one of the counts a miss must not
 * depend on; the measured keys are drawn from the others (no hold on their calls). The extra
 * endpoints are copies of data.enrich (its price, its upstream, its limit) named data.scale_<i>.
 *
 * Then BENCH_SCALE_ROUNDS (2) rounds, each measuring a fresh gateway process (an empty key cache) on
 * the small seed and then on the large one (the machine's load drifts: each round's pair ran side by side):
 *   (1) the full call's CPU per request and req/s: autocannon, BENCH_CONNECTIONS (50) connections for
 *       BENCH_DURATION (10) s, on data.enrich, each request with one of BENCH_SCALE_HOT_KEYS (100)
 *       keys of the first 10 tenants (in both seeds), all cached after a warm-up (the shape of
 *       `npm run bench` (c));
 *   (2) key-cache misses: BENCH_SCALE_MISSES (3,000) calls, each with a key this process has never
 *       seen (a random sample of the seed), BENCH_SCALE_MISS_CONNECTIONS (8) in flight: each one
 *       authenticates from Postgres. p50/p99 beside the same number of calls with the cached hot keys
 *       at the same concurrency (a hit), so the miss's own cost is the difference;
 *   (3) the process's RSS and V8 heap after a full garbage collection (bench/memory-probe.ts): after
 *       start-up (the catalog loaded), after the hot load, and after the misses (BENCH_SCALE_MISSES
 *       more keys in the key cache, whose bound is 50,000 entries).
 * Then EXPLAIN (ANALYZE, BUFFERS) of the key lookup's statements on the large seed, the table and
 * the verdict: on the medians of the rounds for the CPU per call (±15 %) and the heap per cached key
 * (±15 %), and on the plans for a miss (no sequential scan: its latency here is mostly waiting for a core). Everything shares the machine's cores: compare the two
 * seeds within one run. About 4 minutes (the large seed about 1).
 *
 * Env: BENCH_DURATION, BENCH_CONNECTIONS, BENCH_SCALE_HOT_KEYS, BENCH_SCALE_MISSES,
 * BENCH_SCALE_MISS_CONNECTIONS, BENCH_SCALE_ROUNDS, DATABASE_URL (server; default local), REDIS_URL (default local).
 */
import autocannon from 'autocannon';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Pool as HttpPool } from 'undici';
import { adminCall, cpuMicros, freshDatabase, ROOT, startGateway, startNode, stop } from './processes';
import { sqlUuid } from './seed-sql';
import { callerBudgetsQuery, keyByPrefixQuery } from '../src/keys/prisma-api-key.repository';
import { median } from './median';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const HOT_KEYS = Number(process.env.BENCH_SCALE_HOT_KEYS ?? 100);
const MISSES = Number(process.env.BENCH_SCALE_MISSES ?? 3000);
const MISS_CONNECTIONS = Number(process.env.BENCH_SCALE_MISS_CONNECTIONS ?? 8);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** The seeds' databases: gateway_bench_scale_small and gateway_bench_scale_large. */
const DATABASE = 'gateway_bench_scale';
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
const BODY = JSON.stringify({ email: 'ada@example.com' });
const HIGH = 1_000_000_000;
/** A budget cap no call of the bench reaches (pico-USD). */
const HIGH_CAP = '9000000000000000000';

interface Seed {
  name: string;
  tenants: number;
  customers: number;
  keys: number;
  /** Catalog endpoints in all (the seeded catalog's 16 included). */
  endpoints: number;
}
const SMALL: Seed = { name: 'small', tenants: 10, customers: 1_000, keys: 10_000, endpoints: 16 };
const LARGE: Seed = { name: 'large', tenants: 1_000, customers: 100_000, keys: 1_000_000, endpoints: 2_000 };

const log = (message: string) => console.log(`[bench:scale] ${message}`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Key k of the seed, as its owner would present it (what the seed's SQL hashes). */
function seededKey(k: number): string {
  return `gw_${String(k).padStart(12, '0')}_${createHash('md5').update(`scale-secret${k}`).digest('hex')}`;
}
const KEY_SQL = `'gw_' || lpad(k::text, 12, '0') || '_' || md5('scale-secret' || k)`;

/** Customer c belongs to tenant c % tenants; key k, if a customer's (k % 10 ≠ 0), to customer k % customers, else to tenant k % tenants. */
async function seedRows(db: Client, to: Seed): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const phase = async (name: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    await db.query(sql, params);
    figures[name] = (performance.now() - started) / 1000;
    log(`  ${name}: ${seconds(started)} s`);
  };
  await db.query(`SET synchronous_commit = off`);
  await db.query(`SET maintenance_work_mem = '512MB'`);
  await db.query(`SET work_mem = '128MB'`);
  // The seed's rows are consistent by construction: no foreign-key trigger per row (the load's largest cost).
  await db.query(`SET session_replication_role = replica`);
  await phase(
    'tenants',
    `INSERT INTO tenants (id, name, kind, updated_at)
     SELECT ${sqlUuid('scale-tenant', 't')}, 'scale tenant ' || t, 'reseller', now() FROM generate_series($1::int, $2::int) AS t`,
    [0, to.tenants - 1],
  );
  await phase(
    'customers, their limits and budgets',
    `WITH c AS (
       INSERT INTO customers (id, tenant_id, name, external_id, updated_at)
       SELECT ${sqlUuid('scale-customer', 'c')}, ${sqlUuid('scale-tenant', `(c % ${to.tenants})`)}, 'scale customer ' || c, 'ext-' || c, now()
       FROM generate_series($1::int, $2::int) AS c
       RETURNING id, tenant_id)
     , limits AS (
       INSERT INTO request_limits (id, tenant_id, subject, subject_id, slug, requests_per_window)
       SELECT gen_random_uuid(), tenant_id, 'customer', id, '*', ${HIGH} FROM c)
     INSERT INTO budgets (id, tenant_id, subject, subject_id, period, cap_pico_usd, updated_at)
     SELECT gen_random_uuid(), tenant_id, 'customer', id, 'monthly', ${HIGH_CAP}, now() FROM c
     WHERE id IN (SELECT ${sqlUuid('scale-customer', 'n')} FROM generate_series($1::int, $2::int) AS n WHERE n % 10 = 3)`,
    [0, to.customers - 1],
  );
  await phase(
    'keys',
    `INSERT INTO api_keys (id, tenant_id, customer_id, name, prefix, secret_hash, rate_limit_per_window)
     SELECT ${sqlUuid('scale-key', 'k')}, coalesce(cu.tenant_id, ${sqlUuid('scale-tenant', `(k % ${to.tenants})`)}), cu.id,
       'scale key ' || k, 'gw_' || lpad(k::text, 12, '0'), sha256(convert_to(${KEY_SQL}, 'UTF8')), ${HIGH}
     FROM generate_series($1::int, $2::int) AS k
     LEFT JOIN customers cu ON k % 10 <> 0 AND cu.id = ${sqlUuid('scale-customer', `(k % ${to.customers})`)}`,
    [0, to.keys - 1],
  );
  await phase(
    'key budgets',
    `INSERT INTO budgets (id, tenant_id, subject, subject_id, period, cap_pico_usd, updated_at)
     SELECT gen_random_uuid(), key.tenant_id, 'key', key.id, 'monthly', ${HIGH_CAP}, now()
     FROM generate_series($1::int, $2::int) AS k JOIN api_keys key ON key.id = ${sqlUuid('scale-key', 'k')}
     WHERE k % 10 = 5`,
    [0, to.keys - 1],
  );
  const fromEndpoints = 16; // the seeded catalog
  if (to.endpoints > fromEndpoints) {
    const range = [fromEndpoints, to.endpoints - 1];
    await phase(
      'catalog endpoints (copies of data.enrich)',
      `INSERT INTO catalog_endpoints (id, slug, category, billing_unit, description, max_quantity_per_call, max_output_tokens,
         default_rate_limit, declared_latency_ms, streamable, enabled, updated_at)
       SELECT ${sqlUuid('scale-endpoint', 'i')}, 'data.scale_' || i, e.category, e.billing_unit, e.description, e.max_quantity_per_call,
         e.max_output_tokens, e.default_rate_limit, e.declared_latency_ms, e.streamable, e.enabled, now()
       FROM catalog_endpoints e, generate_series($1::int, $2::int) AS i WHERE e.slug = 'data.enrich'`,
      range,
    );
    await phase(
      'their prices, upstreams and limits',
      `WITH source AS (SELECT id FROM catalog_endpoints WHERE slug = 'data.enrich'),
       copies AS (SELECT ${sqlUuid('scale-endpoint', 'i')} AS id FROM generate_series($1::int, $2::int) AS i),
       prices AS (
         INSERT INTO meter_prices (endpoint_id, model_id, meter, wholesale_pico_usd_per_unit, resale_pico_usd_per_unit)
         SELECT copies.id, NULL, p.meter, p.wholesale_pico_usd_per_unit, p.resale_pico_usd_per_unit
         FROM copies, meter_prices p, source WHERE p.endpoint_id = source.id AND p.model_id IS NULL),
       upstreams AS (
         INSERT INTO upstreams (id, endpoint_id, position, name, kind, base_url, path, timeout_ms, auth_header, auth_scheme,
           auth_secret_env, max_response_bytes, deadline_ms, model, serves_model, usage_mapping, enabled)
         SELECT gen_random_uuid(), copies.id, u.position, u.name, u.kind, u.base_url, u.path, u.timeout_ms, u.auth_header, u.auth_scheme,
           u.auth_secret_env, u.max_response_bytes, u.deadline_ms, u.model, u.serves_model, u.usage_mapping, u.enabled
         FROM copies, upstreams u, source WHERE u.endpoint_id = source.id)
       INSERT INTO endpoint_limits (endpoint_id, requests_per_window, updated_at) SELECT id, ${HIGH}, now() FROM copies`,
      range,
    );
  }
  await db.query(`SET session_replication_role = origin`);
  await phase(
    'VACUUM ANALYZE',
    'VACUUM ANALYZE tenants, customers, request_limits, budgets, api_keys, catalog_endpoints, meter_prices, upstreams',
  );
  return figures;
}

interface Memory {
  rssMb: number;
  heapMb: number;
}

/** RSS and the V8 heap after a full collection, from the gateway's memory probe. */
async function memoryOf(pid: number, file: string): Promise<Memory> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('the gateway did not answer the memory probe');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const usage = JSON.parse(readFileSync(file, 'utf8')) as { rss: number; heapUsed: number; collected: boolean };
  if (!usage.collected) throw new Error('the memory probe could not collect garbage (--expose-gc missing)');
  return { rssMb: usage.rss / 2 ** 20, heapMb: usage.heapUsed / 2 ** 20 };
}

/** autocannon on data.enrich, each request with the next of `keys`. */
async function hotLoad(url: string, keys: string[], seconds: number, pid?: number) {
  const cpuBefore = pid ? cpuMicros(pid) : 0;
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        body: BODY,
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[next++ % keys.length]}` },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    why: `${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors, ${result.timeouts} timeouts`,
    cpuUsPerRequest: pid ? (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total) : 0,
  };
}

/**
 * The database's block counts so far (pg_stat_database): found in shared buffers, and read. Backends
 * publish their counts within a second of their last statement: read after that.
 */
async function blocks(databaseUrl: string): Promise<{ hit: number; read: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ hit: string; read: string }>(
      `SELECT blks_hit::text AS hit, blks_read::text AS read FROM pg_stat_database WHERE datname = current_database()`,
    );
    return { hit: Number(rows[0].hit), read: Number(rows[0].read) };
  } finally {
    await db.end();
  }
}

/** Each key once, MISS_CONNECTIONS calls in flight; the latency of each call in ms (sorted). */
async function timedCalls(base: string, keys: string[]): Promise<number[]> {
  const pool = new HttpPool(base, { connections: MISS_CONNECTIONS });
  const latencies: number[] = [];
  let next = 0;
  let bad = '';
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      const started = performance.now();
      const res = await pool.request({
        path: '/api/public/v1/data.enrich',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: BODY,
      });
      const text = await res.body.text();
      latencies.push(performance.now() - started);
      if (res.statusCode !== 200) bad ||= `${res.statusCode} ${text.slice(0, 300)}`;
    }
  };
  await Promise.all(Array.from({ length: MISS_CONNECTIONS }, worker));
  await pool.close();
  if (bad) throw new Error(`a call failed: ${bad}`);
  return latencies.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** The tenant (its index) of key k in the seed: its own, or its customer's. */
const tenantOf = (seed: Seed, k: number) => (k % 10 === 0 ? k : k % seed.customers) % seed.tenants;

/**
 * `count` distinct key numbers of the seed, none of `taken`, drawn at random among the keys without
 * a budget (neither their own, k % 10 = 5, nor their customer's, k % 10 = 3) that `also` accepts.
 */
function sample(count: number, seed: Seed, taken: Set<number>, also: (k: number) => boolean = () => true): number[] {
  const out = new Set<number>();
  while (out.size < count) {
    const k = Math.floor(Math.random() * seed.keys);
    if (!taken.has(k) && k % 10 !== 3 && k % 10 !== 5 && also(k)) out.add(k);
  }
  for (const k of out) taken.add(k);
  return [...out];
}

interface Figures {
  seed: Seed;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
  hit: { p50: number; p99: number };
  miss: { p50: number; p99: number; max: number };
  /** Postgres blocks per miss call found in its shared buffers, and read from outside them (the OS's cache or the disk). */
  missBlocks: { hit: number; read: number };
  started: Memory;
  afterLoad: Memory;
  afterMisses: Memory;
  /** The machine's 1-minute load average as the hot load started (2 cores: above 2, something waited). */
  load: number;
}

async function measure(
  seed: Seed,
  round: number,
  databaseUrl: string,
  adminToken: string,
  memoryFile: string,
  taken: Set<number>,
): Promise<Figures> {
  // The hot keys have the same shape in both seeds (keys of the first 10 tenants, about as many
  // customers as keys): each call's work (its limits, its audit record's rollups) is then the same,
  // and only the size of what surrounds them differs. The misses are drawn from the whole seed.
  const hot = sample(HOT_KEYS, seed, taken, (k) => tenantOf(seed, k) < SMALL.tenants).map(seededKey);
  const misses = sample(MISSES, seed, taken).map(seededKey);
  const gateway = await startGateway(databaseUrl, adminToken, {
    NODE_OPTIONS: `--expose-gc --require ${join(ROOT, 'dist/bench/memory-probe.js')}`,
    BENCH_MEMORY_FILE: memoryFile,
  });
  const pid = gateway.child.pid!;
  try {
    const url = `${gateway.base}/api/public/v1/data.enrich`;
    const started = await memoryOf(pid, memoryFile);
    log(`${seed.name}, round ${round}: gateway up, RSS ${started.rssMb.toFixed(1)} MB, heap ${started.heapMb.toFixed(1)} MB`);
    const warm = await hotLoad(url, hot, 3);
    if (warm.bad > 0) throw new Error(`warm-up: ${warm.why}`);
    const machineLoad = loadavg()[0];
    const load = await hotLoad(url, hot, duration, pid);
    if (load.bad > 0) throw new Error(`hot load: ${load.why}`);
    const afterLoad = await memoryOf(pid, memoryFile);
    log(`${seed.name}, round ${round}: hot keys ${Math.round(load.rps)} req/s, ${Math.round(load.cpuUsPerRequest)} µs CPU per call`);
    const hit = await timedCalls(
      gateway.base,
      Array.from({ length: MISSES }, (_, i) => hot[i % hot.length]),
    );
    const blocksBefore = await blocks(databaseUrl);
    const miss = await timedCalls(gateway.base, misses);
    const blocksAfter = await blocks(databaseUrl);
    const afterMisses = await memoryOf(pid, memoryFile);
    log(`${seed.name}, round ${round}: miss p50 ${percentile(miss, 0.5).toFixed(2)} ms, p99 ${percentile(miss, 0.99).toFixed(2)} ms`);
    return {
      seed,
      round,
      rps: load.rps,
      p50: load.p50,
      p99: load.p99,
      cpuUsPerRequest: load.cpuUsPerRequest,
      hit: { p50: percentile(hit, 0.5), p99: percentile(hit, 0.99) },
      miss: { p50: percentile(miss, 0.5), p99: percentile(miss, 0.99), max: miss[miss.length - 1] },
      missBlocks: { hit: (blocksAfter.hit - blocksBefore.hit) / MISSES, read: (blocksAfter.read - blocksBefore.read) / MISSES },
      started,
      afterLoad,
      afterMisses,
      load: machineLoad,
    };
  } finally {
    await stop(gateway.child);
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements a key-cache miss sends (PrismaApiKeyRepository.findByPrefix:
 * its own two raw statements as they are, and the two Prisma reads as Prisma sends them) for one key
 * of the seed: the plan and its time.
 */
async function explainLookup(db: Client, k: number): Promise<string[]> {
  const lookup = keyByPrefixQuery(`gw_${String(k).padStart(12, '0')}`);
  const { rows } = await db.query<{ id: string; tenant_id: string; customer_id: string | null }>(lookup.text, lookup.values);
  const key = rows[0];
  const budgets = callerBudgetsQuery(key.id, key.customer_id, key.tenant_id);
  const statements: Array<[string, string, unknown[]]> = [
    ['the key, its tenant and plan, its customer', lookup.text, lookup.values],
    [
      'its request limits',
      `SELECT id, subject::text, slug, requests_per_window FROM request_limits
       WHERE (subject = CAST($1::text AS "LimitSubject") AND subject_id = $2) OR (subject = CAST($3::text AS "LimitSubject") AND subject_id = $4)`,
      ['key', key.id, 'customer', key.customer_id],
    ],
    ["its budgets (and its replacement's)", budgets.text, budgets.values],
    [
      "its customer's prices",
      `SELECT id, customer_id, slug, meter::text, price_pico_usd_per_unit, markup_bps FROM price_overrides
       WHERE tenant_id = $1 AND (customer_id IS NULL OR customer_id = $2)`,
      [key.tenant_id, key.customer_id],
    ],
  ];
  const out: string[] = [];
  for (const [name, sql, params] of statements) {
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    out.push(`-- ${name}`, ...plan.rows.map((r) => r['QUERY PLAN']));
  }
  return out;
}

/** A fresh database for the seed, migrated by a gateway that also points data.enrich at the bench upstream; then the seed. */
async function prepare(seed: Seed, upstreamUrl: string, adminToken: string): Promise<{ databaseUrl: string; seconds: number }> {
  const databaseUrl = await freshDatabase(server, `${DATABASE}_${seed.name}`);
  const setup = await startGateway(databaseUrl, adminToken);
  await adminCall(setup.base, adminToken, 'PUT', '/catalog/data.enrich/upstreams', {
    upstreams: [{ name: 'bench-upstream', kind: 'http', base_url: upstreamUrl, path: '/enrich', timeout_ms: 10_000 }],
  });
  await adminCall(setup.base, adminToken, 'PUT', '/catalog/data.enrich/limit', { requests_per_window: HIGH });
  await stop(setup.child);
  log(
    `seeding ${seed.name}: ${seed.tenants.toLocaleString('en')} tenants, ${seed.customers.toLocaleString('en')} customers, ` +
      `${seed.keys.toLocaleString('en')} keys, ${seed.endpoints.toLocaleString('en')} endpoints`,
  );
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    await seedRows(db, seed);
    return { databaseUrl, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const totalStarted = performance.now();
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const memoryDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const memoryFile = join(memoryDir, 'memory.json');
  const results: Figures[] = [];
  const seedSeconds: Record<string, number> = {};
  let explain: string[] = [];
  try {
    const databases = new Map<Seed, string>();
    for (const seed of [SMALL, LARGE]) {
      const prepared = await prepare(seed, upstreamUrl, adminToken);
      databases.set(seed, prepared.databaseUrl);
      seedSeconds[seed.name] = prepared.seconds;
    }
    // The seeds in turn, each round a fresh gateway per seed: the machine's load drifts, and each
    // round's pair ran next to each other. The keys measured differ from round to round.
    const taken = new Map([SMALL, LARGE].map((seed) => [seed, new Set<number>()]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const seed of [SMALL, LARGE]) {
        results.push(await measure(seed, round, databases.get(seed)!, adminToken, memoryFile, taken.get(seed)!));
      }
    }
    const db = new Client({ connectionString: databases.get(LARGE) });
    await db.connect();
    try {
      explain = await explainLookup(db, 123_457);
      const { rows } = await db.query<{ keys: string; customers: string; endpoints: string; budgets: string; size: string }>(
        `SELECT (SELECT count(*) FROM api_keys)::text AS keys, (SELECT count(*) FROM customers)::text AS customers,
           (SELECT count(*) FROM catalog_endpoints)::text AS endpoints, (SELECT count(*) FROM budgets)::text AS budgets,
           pg_size_pretty(pg_total_relation_size('api_keys')) AS size`,
      );
      log(
        `large seed: ${rows[0].keys} keys (api_keys ${rows[0].size} with its indexes), ${rows[0].customers} customers, ` +
          `${rows[0].budgets} budgets, ${rows[0].endpoints} endpoints`,
      );
    } finally {
      await db.end();
    }
  } finally {
    await stop(upstream.child);
    rmSync(memoryDir, { recursive: true, force: true });
  }

  report(results, seedSeconds, explain);
  log(`total time: ${seconds(totalStarted)} s`);
}

function report(results: Figures[], seedSeconds: Record<string, number>, explain: string[]): void {
  const ms = (n: number) => n.toFixed(2);
  const mb = (n: number) => n.toFixed(1);
  const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of a key-cache miss's statements, large seed:\n${explain.join('\n')}\n`);
  console.log(
    `Hot keys: ${HOT_KEYS}, ${duration} s × ${connections} connections. Misses: ${MISSES} never-seen keys, ${MISS_CONNECTIONS} in flight, ` +
      `against as many calls with the hot keys (hit) at the same concurrency. Seeded in: ` +
      Object.entries(seedSeconds)
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
        .join(', ') +
      '.\n',
  );
  console.log(
    '| seed | round | req/s | p50 ms | p99 ms | CPU µs/call | hit p50 / p99 ms | miss p50 / p99 / max ms | miss blocks hit / read | RSS MB: up / loaded / after misses | heap MB: up / loaded / after misses | load avg |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.seed.name} | ${r.round} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpuUsPerRequest)} | ` +
        `${ms(r.hit.p50)} / ${ms(r.hit.p99)} | ${ms(r.miss.p50)} / ${ms(r.miss.p99)} / ${ms(r.miss.max)} | ${r.missBlocks.hit.toFixed(1)} / ${r.missBlocks.read.toFixed(1)} | ` +
        `${mb(r.started.rssMb)} / ${mb(r.afterLoad.rssMb)} / ${mb(r.afterMisses.rssMb)} | ` +
        `${mb(r.started.heapMb)} / ${mb(r.afterLoad.heapMb)} / ${mb(r.afterMisses.heapMb)} | ${r.load.toFixed(1)} |`,
    );
  }
  const of = (seed: Seed, figure: (r: Figures) => number) => median(results.filter((r) => r.seed === seed).map(figure));
  const cpu = (r: Figures) => r.cpuUsPerRequest;
  /** What a miss adds to a hit at the same concurrency and moment. */
  const missOwnP50 = (r: Figures) => r.miss.p50 - r.hit.p50;
  const missOwnP99 = (r: Figures) => r.miss.p99 - r.hit.p99;
  const perKeyKb = (r: Figures) => ((r.afterMisses.heapMb - r.afterLoad.heapMb) * 1024) / MISSES;
  const startedHeap = (r: Figures) => r.started.heapMb;
  const extraEndpoints = LARGE.endpoints - SMALL.endpoints;
  const catalogMb = of(LARGE, startedHeap) - of(SMALL, startedHeap);
  const cpuRatio = of(LARGE, cpu) / of(SMALL, cpu);
  const scans = explain.filter((line) => line.includes('Seq Scan'));
  const perKeyRatio = of(LARGE, perKeyKb) / of(SMALL, perKeyKb);
  const verdicts = [Math.abs(cpuRatio - 1) <= 0.15, scans.length === 0, Math.abs(perKeyRatio - 1) <= 0.15];
  console.log(`\nMedians of ${ROUNDS} round(s), large seed against small:`);
  console.log(
    `  CPU per call: ${Math.round(of(LARGE, cpu))} µs against ${Math.round(of(SMALL, cpu))} µs, ${pct(cpuRatio)} ` +
      `(${verdicts[0] ? 'within' : 'OUTSIDE'} ±15 %, what this machine's runs vary by)`,
  );
  console.log(
    `  key-cache miss: p50 ${ms(of(LARGE, (r) => r.miss.p50))} against ${ms(of(SMALL, (r) => r.miss.p50))} ms, ` +
      `p99 ${ms(of(LARGE, (r) => r.miss.p99))} against ${ms(of(SMALL, (r) => r.miss.p99))} ms; above a hit: ` +
      `p50 +${ms(of(LARGE, missOwnP50))} against +${ms(of(SMALL, missOwnP50))} ms, p99 +${ms(of(LARGE, missOwnP99))} against +${ms(of(SMALL, missOwnP99))} ms ` +
      `(a miss's latency on this shared machine is mostly waiting for a core: the plans above decide)`,
  );
  console.log(
    `  Postgres blocks per miss: ${of(LARGE, (r) => r.missBlocks.hit).toFixed(1)} found in shared buffers and ` +
      `${of(LARGE, (r) => r.missBlocks.read).toFixed(1)} read from outside them, against ${of(SMALL, (r) => r.missBlocks.hit).toFixed(1)} and ` +
      `${of(SMALL, (r) => r.missBlocks.read).toFixed(1)} (a random key of a table larger than shared_buffers is rarely in them)`,
  );
  console.log(
    `  the miss's statements on the large seed: ${verdicts[1] ? 'index lookups only, no sequential scan' : `OUTSIDE: ${scans.join('; ')}`}`,
  );
  console.log(
    `  heap per cached key: ${of(LARGE, perKeyKb).toFixed(2)} against ${of(SMALL, perKeyKb).toFixed(2)} KB, ${pct(perKeyRatio)} ` +
      `(${verdicts[2] ? 'within' : 'OUTSIDE'} ±15 %); the key cache's bound (50,000 entries) holds about ` +
      `${mb((of(LARGE, perKeyKb) * 50_000) / 1024)} MB at most, whatever the number of keys`,
  );
  console.log(
    `  heap after start-up: ${mb(of(LARGE, startedHeap))} against ${mb(of(SMALL, startedHeap))} MB: ${mb(catalogMb)} MB for ` +
      `${extraEndpoints.toLocaleString('en')} more catalog endpoints (${((catalogMb * 1024) / extraEndpoints).toFixed(1)} KB each: ` +
      `the catalog is held whole in memory by design)`,
  );
  console.log(
    verdicts.every(Boolean)
      ? 'Verdict: the call, a key-cache miss and the memory per cached key do not grow with the number of keys, customers, budgets and endpoints.'
      : 'Verdict: something grows with the seed (see OUTSIDE above), or the machine was too busy to tell: run again.',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
