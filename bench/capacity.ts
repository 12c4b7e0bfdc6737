/**
 * `npm run bench:capacity`: what one call costs each server it touches, so that the capacity of one
 * gateway process, one Redis and one Postgres can be read off (docs/operate/scaling.md, "Past one
 * machine"). The gateway's full path of `npm run bench` (c) and (h), one process, under autocannon;
 * for each: CPU per call of
 *   - the gateway process;
 *   - a Redis server of the bench's own (started on a free port, so no other client's work is
 *     counted: Redis is single-threaded, so 1 s / its CPU per call is what one Redis, or one
 *     Redis Cluster master, carries);
 *   - the Postgres backends of the bench's own database (its connection pool; the background
 *     processes shared by every database, the WAL writer and autovacuum, are left out);
 * and the Redis commands per call (those its scripts run included). The audit records of the run are
 * waited for before the counters are read, so their writes are in the figures.
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), DATABASE_URL (server).
 */
import autocannon from 'autocannon';
import Redis from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Client } from 'pg';
import { startRedisServer } from '../test/support/redis-server';
import { cpuMicros, freshDatabase, setUpCustomerKey, setUpFullPath, setUpReseller, startGateway, startNode, stop } from './processes';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'gateway_bench_capacity';
const BODY = JSON.stringify({ email: 'ada@example.com' });

/** A Redis server of the bench's own, and a client of it for INFO. */
async function startRedis(): Promise<{ url: string; child: ChildProcess; client: Redis }> {
  const { url, child } = await startRedisServer();
  const client = new Redis(url);
  await client.ping();
  return { url, child, client };
}

/** Commands Redis has executed so far, by command (INFO commandstats). */
async function redisCommands(client: Redis): Promise<Map<string, number>> {
  const info = await client.info('commandstats');
  return new Map([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
}

/** Commands per call between two readings, the most frequent first ("evalsha 1.00, …"), and their total. */
function commandsPerCall(before: Map<string, number>, after: Map<string, number>, calls: number): { total: number; top: string } {
  // The INFO call of the first reading is counted in the second.
  const delta = [...after].map(([name, n]) => [name, (n - (before.get(name) ?? 0) - (name === 'info' ? 1 : 0)) / calls] as const);
  const top = delta
    .filter(([, n]) => n >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${n.toFixed(2)}`)
    .join(', ');
  return { total: delta.reduce((sum, [, n]) => sum + n, 0), top };
}

/** The pids of the Postgres backends serving the bench's database but `own` (the bench's connection that counts the audit records). */
async function gatewayBackends(admin: Client, own: number): Promise<number[]> {
  const backends = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2', [DATABASE, own]);
  return backends.rows.map((r) => r.pid);
}

const cpuOf = (pids: number[]) =>
  new Map(
    pids.flatMap((pid) => {
      try {
        return [[pid, cpuMicros(pid)] as const];
      } catch {
        return []; // the backend ended meanwhile
      }
    }),
  );

/** The CPU the backends used between two readings (a backend that appeared meanwhile counts from 0). */
function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, micros] of after) sum += micros - (before.get(pid) ?? 0);
  return sum;
}

interface Row {
  path: string;
  calls: number;
  rps: number;
  gatewayUs: number;
  redisUs: number;
  postgresUs: number;
  redisCommands: number;
  redisCommandsByName: string;
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const databaseUrl = await freshDatabase(server, DATABASE);
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const gateway = await startGateway(databaseUrl, adminToken, { REDIS_URL: redis.url });
  const admin = new Client({ connectionString: server });
  await admin.connect();
  const audit = new Client({ connectionString: databaseUrl });
  await audit.connect();
  const auditPid = (await audit.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;

  const { key } = await setUpFullPath(gateway.base, adminToken, upstreamUrl);
  // (h) of `npm run bench`: a reseller's customer key with limits on the key and the customer, overall
  // and on the slug, and a budget on each (set high: counted, held and settled on every call, never spent).
  const reseller = await setUpReseller(gateway.base, adminToken, 'reseller');
  const customerKey = await setUpCustomerKey(reseller.call, 'bench customer', true);

  const url = `${gateway.base}/api/public/v1/data.enrich`;
  const auditCount = async () => Number((await audit.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_records')).rows[0].n);
  const run = (bearer: string, seconds: number) =>
    autocannon({
      url,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: BODY,
    });
  /** Waits until every call so far has its audit record (the writer flushes every 250 ms). */
  const auditLanded = async (calls: number) => {
    const deadline = Date.now() + 120_000;
    while ((await auditCount()) < calls) {
      if (Date.now() > deadline) throw new Error('audit records did not land within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  let answered = 0;
  const rows: Row[] = [];
  for (const [path, bearer] of [
    ['(c) tenant key, one limit', key],
    ['(h) customer key, 4 limits + 2 budgets', customerKey],
  ] as const) {
    // Warm-up: JIT, the pools, the key cache.
    answered += (await run(bearer, 2)).requests.total;
    await auditLanded(answered);
    const backends0 = await gatewayBackends(admin, auditPid);
    const pgCpu0 = cpuOf(backends0);
    const gatewayCpu0 = cpuMicros(gateway.child.pid!);
    const redisCpu0 = cpuMicros(redis.child.pid!);
    const redisCommands0 = await redisCommands(redis.client);
    const result = await run(bearer, duration);
    if (result.non2xx || result.errors || result.timeouts) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const calls = result.requests.total;
    answered += calls;
    await auditLanded(answered);
    const backends1 = await gatewayBackends(admin, auditPid);
    rows.push({
      path,
      calls,
      rps: result.requests.average,
      gatewayUs: (cpuMicros(gateway.child.pid!) - gatewayCpu0) / calls,
      redisUs: (cpuMicros(redis.child.pid!) - redisCpu0) / calls,
      postgresUs: backendCpuBetween(pgCpu0, cpuOf([...new Set([...backends0, ...backends1])])) / calls,
      ...(({ total, top }) => ({ redisCommands: total, redisCommandsByName: top }))(
        commandsPerCall(redisCommands0, await redisCommands(redis.client), calls),
      ),
    });
  }

  await stop(gateway.child);
  await stop(upstream.child);
  await audit.end();
  await admin.end();
  redis.client.disconnect();
  await stop(redis.child);

  console.log(
    `\nCPU per call by server, ${duration} s × ${connections} connections, one gateway process, ${availableParallelism()} cores:\n`,
  );
  console.log(
    '| path | req/s | gateway µs/call | Redis µs/call | Postgres µs/call | Redis commands/call | one process, calls/s | one Redis, calls/s | Postgres, calls/s per core |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const perSecond = (us: number) => Math.round(1_000_000 / us).toLocaleString('en-US');
  for (const r of rows) {
    console.log(
      `| ${r.path} | ${Math.round(r.rps)} | ${Math.round(r.gatewayUs)} | ${r.redisUs.toFixed(1)} | ${r.postgresUs.toFixed(1)} | ` +
        `${r.redisCommands.toFixed(2)} | ${perSecond(r.gatewayUs)} | ${perSecond(r.redisUs)} | ${perSecond(r.postgresUs)} |`,
    );
  }
  console.log('\nRedis commands per call (those a script runs included; evalsha is the round trip of the call):');
  for (const r of rows) console.log(`- ${r.path}: ${r.redisCommandsByName}`);
  console.log(
    '\n"calls/s" columns: 1 s of one core divided by the CPU per call, an upper bound that ignores the ' +
      'kernel work of the loopback network outside these processes and assumes the server has the core to itself.',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
