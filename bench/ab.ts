/**
 * `npm run bench:ab -- <other checkout>`: the full path's CPU per call in this checkout's build
 * against another's (a worktree of an earlier commit, built with `npm run build:server`), on one
 * database, Redis and upstream. BENCH_AB_PAIRS pairs (default 4), each a fresh gateway of each
 * build, both running at once: 3 s of warm-up, then (c) of `npm run bench` on both at the same
 * moment (BENCH_CONNECTIONS / 2 connections each, BENCH_DURATION s; defaults 50 and 10), so that
 * the machine's drift, which moves faster than one run, falls on both builds alike; then (c1) at
 * one connection on each in turn (BENCH_DURATION s; the side that goes first alternates). Prints
 * each pair, this build's (c) against the other's in it, and the medians, of all pairs and by which
 * side started first (the gateway started first ran dearer, whichever build it was: read the mean
 * of the two orders, with an even number of pairs). BENCH_NODE_FLAGS applies
 * to both sides. BENCH_AB_CALL=g or h takes that call of `npm run bench` instead of (c) (a
 * customer key with four limits; and two budgets), at full load and at one connection alike.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sequential } from './one-connection';
import { cpuMicros, freshDatabase, ROOT, setUpCustomerKey, setUpFullPath, setUpReseller, startGateway, startNode, stop } from './processes';
import { median } from './median';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pairs = Number(process.env.BENCH_AB_PAIRS ?? 4);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ email: 'ada@example.com' });
/** Which call of `npm run bench` both builds serve: (c) a tenant's key, (g) a customer key with limits, (h) with budgets too. */
const CALL = process.env.BENCH_AB_CALL ?? 'c';
if (!['c', 'g', 'h'].includes(CALL)) throw new Error(`BENCH_AB_CALL is c, g or h, not ${CALL}`);

interface Run {
  side: string;
  cUs: number;
  c1Us: number;
  c1P50Ms: number;
  c1P99Ms: number;
}

type RunningGateway = Awaited<ReturnType<typeof startGateway>>;

/** (c) on every gateway at once, `connections` split between them: CPU per call of each. */
async function loadAtOnce(gateways: RunningGateway[], key: string, seconds: number): Promise<number[]> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  const before = gateways.map((gw) => cpuMicros(gw.child.pid!));
  const results = await Promise.all(
    gateways.map((gw) =>
      autocannon({
        url: `${gw.base}/api/public/v1/data.enrich`,
        method: 'POST',
        connections: Math.max(1, Math.floor(connections / gateways.length)),
        duration: seconds,
        headers,
        body: BODY,
      }),
    ),
  );
  return results.map((result, i) => {
    if (result.non2xx + result.errors > 0) throw new Error(`${gateways[i].base}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return (cpuMicros(gateways[i].child.pid!) - before[i]) / result.requests.total;
  });
}

/** One pair: `sides` in the order they start and run at one connection (alternated between pairs). */
async function measurePair(sides: [string, string][], databaseUrl: string, adminToken: string, upstreamUrl: string): Promise<Run[]> {
  // Started one after the other: the first sets the path up, the second reads the catalog as set.
  // Each on a Redis prefix of its own: two commits may keep limits or budget states differently.
  const prefix = (i: number) => ({ REDIS_KEY_PREFIX: `bench:ab:${Date.now()}:${i}:` });
  const gateways: RunningGateway[] = [];
  try {
    gateways.push(await startGateway(databaseUrl, adminToken, prefix(0), sides[0][1]));
    const path = await setUpFullPath(gateways[0].base, adminToken, upstreamUrl);
    let key = path.key;
    if (CALL !== 'c') {
      const reseller = await setUpReseller(gateways[0].base, adminToken, `ab reseller ${Date.now()}`);
      key = await setUpCustomerKey(reseller.call, 'ab customer', CALL === 'h');
    }
    gateways.push(await startGateway(databaseUrl, adminToken, prefix(1), sides[1][1]));
    await loadAtOnce(gateways, key, 3);
    const cUs = await loadAtOnce(gateways, key, duration);
    const runs = sides.map(([side], i): Run => ({ side, cUs: cUs[i], c1Us: 0, c1P50Ms: 0, c1P99Ms: 0 }));
    for (const [i, gw] of gateways.entries()) {
      const c1 = await sequential(`${gw.base}/api/public/v1/data.enrich`, { authorization: `Bearer ${key}` }, BODY, duration, () =>
        cpuMicros(gw.child.pid!),
      );
      Object.assign(runs[i], { c1Us: c1.cpuUsPerRequest, c1P50Ms: c1.p50Ms, c1P99Ms: c1.p99Ms });
    }
    return runs;
  } finally {
    await Promise.all(gateways.map((gw) => stop(gw.child)));
  }
}

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
  const ratios: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    // Alternate which side starts first (and so has run longest) and goes first at one connection.
    const ordered = pair % 2 === 0 ? sides : [...sides].reverse();
    const pairRuns = await measurePair(ordered, databaseUrl, adminToken, `http://127.0.0.1:${upstream.port}`);
    for (const run of pairRuns) {
      runs.push(run);
      console.log(
        `${run.side.padEnd(5)} (${CALL}) ${Math.round(run.cUs)} µs/call   (${CALL}1) ${Math.round(run.c1Us)} µs/call, p50 ${run.c1P50Ms.toFixed(3)} ms, p99 ${run.c1P99Ms.toFixed(3)} ms`,
      );
    }
    const [mine, theirs] = ['this', 'other'].map((side) => pairRuns.find((r) => r.side === side)!);
    ratios.push(mine.cUs / theirs.cUs - 1);
    console.log(`      (${CALL}) this against other, at the same moment: ${(ratios[ratios.length - 1] * 100).toFixed(1)} %`);
  }
  await stop(upstream.child);
  for (const [side, root] of sides) {
    const mine = runs.filter((r) => r.side === side);
    console.log(
      `median ${side} (${root}): (${CALL}) ${Math.round(median(mine.map((r) => r.cUs)))} µs/call, (${CALL}1) ${Math.round(median(mine.map((r) => r.c1Us)))} µs/call, p99 ${median(mine.map((r) => r.c1P99Ms)).toFixed(3)} ms`,
    );
  }
  console.log(`(${CALL}) this against other, the median of the pairs: ${(median(ratios) * 100).toFixed(1)} %`);
  // The gateway whose load generator is made first (the side started first) ran 3 to 9 % dearer per
  // call than its twin, the same build (bench/README.md): the pairs alternate the sides, and the
  // mean of the two orders' medians cancels it.
  const byOrder = [0, 1].map((first) => ratios.filter((_, pair) => pair % 2 === first));
  if (byOrder[1].length > 0) {
    const [thisFirst, otherFirst] = byOrder.map((r) => median(r) * 100);
    console.log(
      `(${CALL}) this against other by start order: this first ${thisFirst.toFixed(1)} %, other first ${otherFirst.toFixed(1)} %; their mean ${((thisFirst + otherFirst) / 2).toFixed(1)} %`,
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
