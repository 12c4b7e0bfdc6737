/**
 * `npm run bench:instructions [-- <other checkout>]`: the instructions a gateway process executes
 * per call, counted by valgrind's callgrind, for the calls of `npm run bench`: (c) a tenant's key,
 * (g) a customer key with four limits, (h) with two budgets too. Instruction counts do not move with
 * the machine's load or speed, so they can tell apart what CPU time per call cannot on a shared
 * 2-core VM, where `npm run bench`'s paired (h) against (c) read from +10 to +19 % in one evening.
 *
 * The gateway runs under `valgrind --tool=callgrind --instr-atstart=no` (about 100 calls/s; its
 * start-up takes a minute). After BENCH_INSTRUCTIONS_WARM_UP calls of each kind, windows of
 * BENCH_INSTRUCTIONS_PER_WINDOW calls (8 connections) take the kinds in turn,
 * BENCH_INSTRUCTIONS_WINDOWS times each; each window's counts are zeroed before it and dumped after
 * it. Each window's instructions are split by function into garbage collection (V8's scavenger,
 * marker and sweeper), compilation (V8's parser and compilers, which under valgrind are still
 * compiling long after the warm-up) and the rest, the mutator: the call's own work. A mark-compact
 * or a burst of compilation in one window moved its total by 20 to 40 % and its mutator count by up
 * to 12 %: each kind's least mutator count (the window least disturbed) is the figure, with the median.
 *
 * Audit batches are flushed every 2.5 s, at most 350 records each: `npm run bench`'s load fills
 * about 350 records per 250 ms flush, and that flush at valgrind's rate (100 to 150 calls/s) would
 * make batches of 25 to 40 and count each batch's fixed work (the statement, the ledger, the
 * settlement) ten times over per call. Each window is dumped once its records are in the database.
 *
 * With another checkout (built with `npm run build:server`), the same is run on its build after
 * this one's, and the two compared per kind. Env: BENCH_INSTRUCTIONS_CALLS (default c,h),
 * BENCH_INSTRUCTIONS_WINDOWS (3), BENCH_INSTRUCTIONS_PER_WINDOW (2100), BENCH_INSTRUCTIONS_WARM_UP
 * (4200), DATABASE_URL (server), REDIS_URL. Needs valgrind (Debian's package). About 5 minutes for
 * two kinds, per build.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { freshDatabase, ROOT, setUpCustomerKey, setUpFullPath, setUpReseller, startGateway, startNode, stop } from './processes';

/** Audit batches of about what `npm run bench`'s load puts in one 250 ms flush of one process (350 records), at valgrind's rate. */
const AUDIT_BATCHES = { AUDIT_BATCH_SIZE: '350', AUDIT_FLUSH_INTERVAL_MS: '2500' };

const kinds = (process.env.BENCH_INSTRUCTIONS_CALLS ?? 'c,h').split(',');
for (const kind of kinds) if (!['c', 'g', 'h'].includes(kind)) throw new Error(`BENCH_INSTRUCTIONS_CALLS lists c, g or h, not ${kind}`);
const windows = Number(process.env.BENCH_INSTRUCTIONS_WINDOWS ?? 3);
const perWindow = Number(process.env.BENCH_INSTRUCTIONS_PER_WINDOW ?? 2100);
const warmUp = Number(process.env.BENCH_INSTRUCTIONS_WARM_UP ?? 4200);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ email: 'ada@example.com' });

/** What a function's instructions are spent on, by its symbol (V8's C++ names; JIT code has none). */
type Part = 'mutator' | 'gc' | 'compiler';
const GC =
  /Scaveng|Marking|MarkCompact|Sweep|Evacuat|RememberedSet|SlotSet|BodyDescriptor|MemoryChunk|SizeFromMap|ShouldVisit|GCTracer|cppgc/;
const COMPILER = /v8::internal::(compiler|maglev|turboshaft|baseline|interpreter)::|Parser|Scanner|BytecodeGenerator|Compiler::|Zone::/;
const partOf = (symbol: string): Part => (GC.test(symbol) ? 'gc' : COMPILER.test(symbol) ? 'compiler' : 'mutator');

type Counts = Record<Part, number>;

/** A dump's instructions by part, from callgrind_annotate's list of every function. */
function countsOf(dump: string): Counts {
  const listing = execFileSync('callgrind_annotate', ['--threshold=100', dump], { maxBuffer: 256 * 1024 * 1024 }).toString();
  const counts: Counts = { mutator: 0, gc: 0, compiler: 0 };
  for (const line of listing.split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!m || m[2].startsWith('PROGRAM TOTALS')) continue;
    counts[partOf(m[2])] += Number(m[1].replaceAll(',', ''));
  }
  return counts;
}

interface Window {
  kind: string;
  /** Instructions per call, by part. */
  perCall: Counts;
}

/** callgrind_control on the gateway (valgrind names its control pipe with HOST, which the gateway has as 127.0.0.1). */
const control = (pid: number, ...args: string[]) =>
  execFileSync('callgrind_control', [...args, String(pid)], { env: { ...process.env, HOST: '127.0.0.1' }, stdio: 'ignore' });

async function audited(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_records')).rows[0].n;
  } finally {
    await db.end();
  }
}

/** Every window of one build: a fresh database and gateway, its keys, the warm-up, then the kinds in turn. */
async function measure(root: string, upstreamUrl: string): Promise<Window[]> {
  const databaseUrl = await freshDatabase(server, process.env.BENCH_DATABASE ?? 'gateway_bench_instructions');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-instructions-'));
  const gateway = await startGateway(databaseUrl, adminToken, AUDIT_BATCHES, root, {
    under: `valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=${join(dir, 'callgrind.out')} -q`,
    readyWithinMs: 300_000,
  });
  try {
    const pid = gateway.child.pid!;
    const path = await setUpFullPath(gateway.base, adminToken, upstreamUrl);
    const reseller = await setUpReseller(gateway.base, adminToken, 'instructions reseller');
    const keys: Record<string, string> = { c: path.key };
    if (kinds.includes('g')) keys.g = await setUpCustomerKey(reseller.call, 'limited customer', false);
    if (kinds.includes('h')) keys.h = await setUpCustomerKey(reseller.call, 'budgeted customer', true);
    let calls = 0;
    const serve = async (kind: string, amount: number) => {
      const result = await autocannon({
        url: path.url,
        method: 'POST',
        connections: 8,
        amount,
        timeout: 60,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[kind]}` },
        body: BODY,
      });
      if (result.non2xx + result.errors > 0) throw new Error(`(${kind}): ${result.non2xx} non-2xx, ${result.errors} errors`);
      calls += amount;
      // Its records in the database (the next timed flush): their writing falls in this window, not the next.
      while ((await audited(databaseUrl)) < calls) await new Promise((r) => setTimeout(r, 100));
    };
    for (const kind of kinds) await serve(kind, warmUp);
    control(pid, '--instr=on');
    const results: Window[] = [];
    for (let round = 0; round < windows; round++) {
      for (const kind of kinds) {
        control(pid, '--zero');
        await serve(kind, perWindow);
        control(pid, `--dump=${kind}`);
        const dump = join(dir, `callgrind.out.${results.length + 1}`);
        const counts = countsOf(dump);
        const perCall = { mutator: counts.mutator / perWindow, gc: counts.gc / perWindow, compiler: counts.compiler / perWindow };
        results.push({ kind, perCall });
        const k = (n: number) => `${(n / 1000).toFixed(1)}k`.padStart(8);
        console.log(
          `${root === ROOT ? 'this ' : 'other'} (${kind}) mutator ${k(perCall.mutator)}  gc ${k(perCall.gc)}  compiler ${k(perCall.compiler)} instructions/call`,
        );
      }
    }
    return results;
  } finally {
    await stop(gateway.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Per kind, the least and the median of its windows' mutator instructions per call. */
interface Figure {
  least: number;
  median: number;
}

/**
 * Each kind's figures, and each kind against the first. The least is the window least disturbed: a
 * collection or a burst of compilation only adds to a window's mutator count (code run in the
 * interpreter until it is compiled again, the collector's barriers), never takes from it.
 */
function report(label: string, results: Window[]): Record<string, Figure> {
  const figures: Record<string, Figure> = {};
  const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
  const percent = (x: number, y: number) => `${x >= y ? '+' : ''}${((x / y - 1) * 100).toFixed(1)} %`;
  for (const kind of kinds) {
    const mine = results.filter((w) => w.kind === kind).map((w) => w.perCall.mutator);
    const figure = { least: Math.min(...mine), median: median(mine) };
    figures[kind] = figure;
    const first = figures[kinds[0]];
    const against =
      kind === kinds[0]
        ? ''
        : `; against (${kinds[0]}): least ${percent(figure.least, first.least)}, median ${percent(figure.median, first.median)}`;
    console.log(
      `${label} (${kind}): mutator instructions per call, least ${k(figure.least)}, median ${k(figure.median)} (up to ${k(Math.max(...mine))})${against}`,
    );
  }
  return figures;
}

async function main(): Promise<void> {
  const other = process.argv[2];
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  try {
    const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
    const mine = report('this', await measure(ROOT, upstreamUrl));
    if (other) {
      const theirs = report('other', await measure(resolve(other), upstreamUrl));
      for (const kind of kinds) {
        const [least, middle] = [mine[kind].least / theirs[kind].least, mine[kind].median / theirs[kind].median].map((r) =>
          ((r - 1) * 100).toFixed(1),
        );
        console.log(`(${kind}) this against other, mutator instructions per call: least ${least} %, median ${middle} %`);
      }
    }
  } finally {
    await stop(upstream.child);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
