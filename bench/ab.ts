/**
 * `npm run bench:ab -- <other checkout>`: the full path's CPU per call in this checkout's build
 * against another's (a worktree of an earlier commit, built with `npm run build:server`), in
 * interleaved pairs on one database, Redis and upstream, so that the machine's drift falls on
 * both sides alike. Each run is a fresh gateway of that build: 3 s of warm-up, then (c) of
 * `npm run bench` (BENCH_DURATION s × BENCH_CONNECTIONS connections, defaults 10 and 50) and (c1)
 * at one connection (BENCH_DURATION s). BENCH_AB_PAIRS pairs (default 3); prints each run and the
 * median of each side. BENCH_NODE_FLAGS applies to both sides.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sequential } from './one-connection';
import { cpuMicros, freshDatabase, ROOT, setUpFullPath, startGateway, startNode, stop } from './processes';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pairs = Number(process.env.BENCH_AB_PAIRS ?? 3);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ email: 'ada@example.com' });

interface Run {
  side: string;
  cUs: number;
  c1Us: number;
  c1P50Ms: number;
  c1P99Ms: number;
}

async function measure(side: string, root: string, databaseUrl: string, adminToken: string, upstreamUrl: string): Promise<Run> {
  const gateway = await startGateway(databaseUrl, adminToken, {}, root);
  try {
    const { key, url } = await setUpFullPath(gateway.base, adminToken, upstreamUrl);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    const load = async (seconds: number) => {
      const before = cpuMicros(gateway.child.pid!);
      const result = await autocannon({ url, method: 'POST', connections, duration: seconds, headers, body: BODY });
      if (result.non2xx + result.errors > 0) throw new Error(`${side}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return (cpuMicros(gateway.child.pid!) - before) / result.requests.total;
    };
    await load(3);
    const cUs = await load(duration);
    const c1 = await sequential(url, { authorization: headers.authorization }, BODY, duration, () => cpuMicros(gateway.child.pid!));
    return { side, cUs, c1Us: c1.cpuUsPerRequest, c1P50Ms: c1.p50Ms, c1P99Ms: c1.p99Ms };
  } finally {
    await stop(gateway.child);
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1];

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: npm run bench:ab -- <path of the other checkout, built>');
  const sides: [string, string][] = [
    ['this', ROOT],
    ['other', resolve(other)],
  ];
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  const databaseUrl = await freshDatabase(server, process.env.BENCH_DATABASE ?? 'gateway_bench_ab');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const runs: Run[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    // Alternate which side goes first, so neither always runs on the warmer machine.
    for (const [side, root] of pair % 2 === 0 ? sides : [...sides].reverse()) {
      const run = await measure(side, root, databaseUrl, adminToken, `http://127.0.0.1:${upstream.port}`);
      runs.push(run);
      console.log(
        `${side.padEnd(5)} (c) ${Math.round(run.cUs)} µs/call   (c1) ${Math.round(run.c1Us)} µs/call, p50 ${run.c1P50Ms.toFixed(3)} ms, p99 ${run.c1P99Ms.toFixed(3)} ms`,
      );
    }
  }
  await stop(upstream.child);
  for (const [side, root] of sides) {
    const mine = runs.filter((r) => r.side === side);
    console.log(
      `median ${side} (${root}): (c) ${Math.round(median(mine.map((r) => r.cUs)))} µs/call, (c1) ${Math.round(median(mine.map((r) => r.c1Us)))} µs/call, p99 ${median(mine.map((r) => r.c1P99Ms)).toFixed(3)} ms`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
