/**
 * `npm run bench:tail`: what makes the tail at one connection (issue 23, point 2). The gateway's
 * full path, as (c1) of `npm run bench`, one call at a time on one keep-alive connection for
 * BENCH_DURATION seconds (default 10), with bench/tail-probe.ts loaded into the gateway to time
 * each call's phases. Prints the client's p50/p99 and, for the slowest 1 % of calls as the gateway
 * timed them, what each spent its time on: a garbage collection that ran during it, the wait for
 * Redis's reply to the limit script, the wait for the upstream's headers, or the gateway's own
 * work. Env: DATABASE_URL (server), BENCH_DATABASE (default gateway_bench_tail), REDIS_URL.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sequential } from './one-connection';
import { cpuMicros, freshDatabase, setUpFullPath, startGateway, startNode, stop } from './processes';
import type { ProbedCall, TailProbe } from './tail-probe';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ email: 'ada@example.com' });

/** The phases between the probe's marks; the waits are the spans that end in a peer's answer. */
const WAITS: Record<string, string> = { 'redis replied': 'waiting on Redis', 'upstream answered': 'waiting on the upstream' };

function phases(call: ProbedCall): Map<string, number> {
  const spans = new Map<string, number>();
  let from = 0;
  for (const [name, at] of [...call.marks, ['finished', call.totalMs] as [string, number]]) {
    const kind = WAITS[name] ?? 'own work';
    spans.set(kind, (spans.get(kind) ?? 0) + (at - from));
    from = at;
  }
  return spans;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function main(): Promise<void> {
  const out = join(tmpdir(), `tail-probe-${process.pid}.json`);
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  const databaseUrl = await freshDatabase(server, process.env.BENCH_DATABASE ?? 'gateway_bench_tail');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  process.env.BENCH_NODE_FLAGS = `${process.env.BENCH_NODE_FLAGS ?? ''} --require ./dist/bench/tail-probe.js`;
  const gateway = await startGateway(databaseUrl, adminToken, { TAIL_PROBE_OUT: out });
  const { key, url } = await setUpFullPath(gateway.base, adminToken, `http://127.0.0.1:${upstream.port}`);
  const auth = { authorization: `Bearer ${key}` };
  await sequential(url, auth, BODY, 2); // warm-up: JIT, pools, the key cache
  const client = await sequential(url, auth, BODY, duration, () => cpuMicros(gateway.child.pid!));
  await stop(gateway.child);
  await stop(upstream.child);
  const probe = JSON.parse(readFileSync(out, 'utf8')) as TailProbe;
  rmSync(out, { force: true });

  // The measured calls are the last ones the gateway answered.
  const calls = probe.calls.slice(-client.requests);
  const totals = calls.map((c) => c.totalMs).sort((x, y) => x - y);
  const threshold = percentile(totals, 0.99);
  const slow = calls.filter((c) => c.totalMs >= threshold);
  const during = (c: ProbedCall) => probe.collections.filter(([at, ms]) => at < c.startedAt + c.totalMs && at + ms > c.startedAt);
  const verdicts = new Map<string, number>();
  for (const call of slow) {
    const gcMs = during(call).reduce((sum, [, ms]) => sum + ms, 0);
    const spans = [...phases(call)].sort((x, y) => y[1] - x[1]);
    const verdict = gcMs >= spans[0][1] / 2 ? 'a garbage collection ran during it' : spans[0][0];
    verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
  }
  const typical = phases(calls[calls.length >> 1]);
  const collections = probe.collections.filter(([at]) => at >= calls[0].startedAt);
  const gcMs = collections.map(([, ms]) => ms).sort((x, y) => x - y);
  console.log(
    `one connection, ${client.requests} calls in ${duration} s: the client sees p50 ${client.p50Ms.toFixed(3)} ms, p99 ${client.p99Ms.toFixed(3)} ms; CPU ${Math.round(client.cpuUsPerRequest)} µs per call`,
  );
  console.log(
    `the gateway's own timing (arrival → response finished): p50 ${percentile(totals, 0.5).toFixed(3)} ms, p99 ${threshold.toFixed(3)} ms`,
  );
  console.log(`a median call: ${[...typical].map(([k, ms]) => `${k} ${ms.toFixed(3)} ms`).join(', ')}`);
  console.log(`each step's p50 over all calls: ${stepMedians(calls)}`);
  console.log(
    `garbage collections during the run: ${gcMs.length} (one per ${Math.round(calls.length / Math.max(1, gcMs.length))} calls), p50 ${(percentile(gcMs, 0.5) ?? 0).toFixed(2)} ms, max ${(gcMs[gcMs.length - 1] ?? 0).toFixed(2)} ms`,
  );
  console.log(`the slowest 1 % (${slow.length} calls, ≥ ${threshold.toFixed(2)} ms), by what took most of each:`);
  for (const [verdict, n] of [...verdicts].sort((x, y) => y[1] - x[1])) console.log(`  ${String(n).padStart(4)}  ${verdict}`);
}

/** The median of each step between two marks (and from arrival to the first, from the last to the end), over the calls that reached all the same marks. */
function stepMedians(calls: ProbedCall[]): string {
  const steps = new Map<string, number[]>();
  for (const call of calls) {
    let previous: [string, number] = ['arrival', 0];
    for (const [name, at] of [...call.marks, ['finished', call.totalMs] as [string, number]]) {
      const step = `${previous[0]} → ${name}`;
      if (!steps.has(step)) steps.set(step, []);
      steps.get(step)!.push(at - previous[1]);
      previous = [name, at];
    }
  }
  return [...steps]
    .filter(([, list]) => list.length >= calls.length / 2)
    .map(
      ([step, list]) =>
        `${step} ${percentile(
          list.sort((x, y) => x - y),
          0.5,
        ).toFixed(3)} ms`,
    )
    .join(', ');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
