/**
 * `npm run bench:workers`: the gateway's full path (the plain key of `npm run bench` (c): key auth,
 * the Redis limits, the upstream call, the audit to Postgres) with GATEWAY_PROCESSES=1 and then 2,
 * in one run, against the same upstream, database and key: req/s, p50/p99 and the CPU per request of
 * the whole gateway (the primary and its workers). Everything shares the machine's cores with
 * autocannon, the upstream, Postgres and Redis, so the second worker's gain is bounded by what is left
 * of the cores; compare within a run.
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), DATABASE_URL (server), REDIS_URL.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setUpFullPath, freshDatabase, startGateway, startNode, stop, treeCpuMicros } from './processes';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ email: 'ada@example.com' });

async function measure(url: string, key: string, pid: number, seconds: number) {
  const cpuBefore = treeCpuMicros(pid);
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: BODY,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuUsPerRequest: (treeCpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

async function main(): Promise<void> {
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const databaseUrl = await freshDatabase(server, 'gateway_bench_workers');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;

  // Set up once, on a single process: the tenant, its key (limit set high) and the upstream.
  const setup = await startGateway(databaseUrl, adminToken);
  const { key } = await setUpFullPath(setup.base, adminToken, upstreamUrl);
  await stop(setup.child);

  const rows: Array<{ processes: number } & Awaited<ReturnType<typeof measure>>> = [];
  for (const processes of [1, 2]) {
    const gateway = await startGateway(databaseUrl, adminToken, { GATEWAY_PROCESSES: String(processes) });
    const url = `${gateway.base}/api/public/v1/data.enrich`;
    await measure(url, key, gateway.child.pid!, 2); // warm-up: JIT, pools, the key cache of every worker
    rows.push({ processes, ...(await measure(url, key, gateway.child.pid!, duration)) });
    await stop(gateway.child);
  }
  await stop(upstream.child);

  console.log(`\nGATEWAY_PROCESSES, ${duration} s × ${connections} connections, ${availableParallelism()} cores:\n`);
  console.log('| processes | req/s | p50 ms | p99 ms | CPU µs/req (all processes) | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.processes} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${Math.round(row.cpuUsPerRequest)} | ${row.non2xx} | ${row.errors} |`,
    );
  }
  console.log(`\n2 processes / 1: ${((rows[1].rps / rows[0].rps) * 100).toFixed(1)} % of the throughput`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
