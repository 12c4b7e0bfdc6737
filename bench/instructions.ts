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
 * to 12 %, and only ever up: each kind's least mutator count (the window least disturbed) is the
 * figure, with the median. The kinds take turns in a new order each round. Runs of the same build
 * differed by about ±3 points in (h) against (c) (bench/README.md).
 *
 * Audit batches: the writer sends what it holds once a tick or when a batch is full: 300 to 460
 * records per batch under `npm run bench`'s load, about 25 under valgrind's pace with the default
 * 250 ms tick, so this takes a 2.5 s tick and batches of at most 350 (AUDIT_FLUSH_INTERVAL_MS=2500,
 * AUDIT_BATCH_SIZE=350). Each window prints its records per batch. A window is dumped once the gateway has written its calls'
 * records (`/readyz`'s audit figures, which count a batch after its ledger and settlement).
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
import { median } from './median';

const kinds = (process.env.BENCH_INSTRUCTIONS_CALLS ?? 'c,h').split(',');
for (const kind of kinds) if (!['c', 'g', 'h'].includes(kind)) throw new Error(`BENCH_INSTRUCTIONS_CALLS lists c, g or h, not ${kind}`);
const count = (name: string, fallback: number, least: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < least) throw new Error(`${name} is a whole number of at least ${least}`);
  return value;
};
const windows = count('BENCH_INSTRUCTIONS_WINDOWS', 3, 1);
const perWindow = count('BENCH_INSTRUCTIONS_PER_WINDOW', 2100, 100);
const warmUp = count('BENCH_INSTRUCTIONS_WARM_UP', 4200, 100);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ email: 'ada@example.com' });

/** What a function's instructions are spent on, by its symbol (V8's C++ names; JIT code has none). */
type Part = 'mutator' | 'gc' | 'compiler';
const GC =
  /Scaveng|Marking|MarkCompact|Sweep|Evacuat|RememberedSet|SlotSet|BodyDescriptor|MemoryChunk|SizeFromMap|ShouldVisit|GCTracer|cppgc/;
// V8's own classes only: `Parser` alone would take JSON.parse (JsonParser) and node's HTTP parser, and
// `Zone::` ICU's time zones, which are the call's work.
const COMPILER =
  /v8::internal::(compiler|maglev|turboshaft|baseline|interpreter|wasm)::|v8::internal::(Parser|PreParser|ParserBase<[^>]*>|Scanner|Compiler|BytecodeGenerator|AstValueFactory|DeclarationScope|Scope|Zone|Assembler|MacroAssembler|RegExpCompiler|RegExpParser)\b/;
const partOf = (symbol: string): Part => (GC.test(symbol) ? 'gc' : COMPILER.test(symbol) ? 'compiler' : 'mutator');

type Counts = Record<Part, number>;

/** A dump's instructions by part, from callgrind_annotate's list of every function (no source annotation). */
function countsOf(dump: string): Counts {
  const listing = execFileSync('callgrind_annotate', ['--threshold=100', '--auto=no', '--inclusive=no', dump], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  const counts: Counts = { mutator: 0, gc: 0, compiler: 0 };
  let total = 0;
  for (const line of listing.split('\n')) {
    const m = /^\s*([\d,]+) (?:\([^)]*\)\s+)?(.*)$/.exec(line);
    if (!m) continue;
    const instructions = Number(m[1].replaceAll(',', ''));
    const name = m[2].trim();
    if (name.startsWith('PROGRAM TOTALS')) total = instructions;
    else counts[partOf(name)] += instructions;
  }
  // Every function listed, and each once: the parts add up to the program's total (callgrind_annotate's
  // own sums differ from it by a few hundred instructions in a billion).
  const parts = counts.mutator + counts.gc + counts.compiler;
  if (total === 0 || Math.abs(parts - total) > total / 1000)
    throw new Error(`${dump}: the functions listed hold ${parts} of ${total} instructions`);
  return counts;
}

interface Window {
  kind: string;
  /** Instructions per call, by part. */
  perCall: Counts;
  /** Audit records per batch statement in the window. */
  recordsPerBatch: number;
}

/**
 * callgrind_control on the gateway (valgrind names its control pipe with HOST, which the gateway has
 * as 127.0.0.1). It exits 0 even when it found no such run: what it prints tells.
 */
function control(pid: number, ...args: string[]): void {
  const said = execFileSync('callgrind_control', [...args, String(pid)], {
    env: { ...process.env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  if (/No active callgrind runs|not detected|[Ee]rror/.test(said)) throw new Error(`callgrind_control ${args.join(' ')}: ${said.trim()}`);
}

/** The gateway's audit figures (`/readyz` with the admin token): a batch is counted once its ledger and settlement are done. */
async function auditFigures(base: string, adminToken: string): Promise<{ written: number; buffered: number; dead_lettered: number }> {
  const res = await fetch(`${base}/readyz`, { headers: { authorization: `Bearer ${adminToken}` } });
  const report = (await res.json()) as { audit?: { written: number; buffered: number; dead_lettered: number } };
  if (!report.audit) throw new Error(`/readyz answered ${res.status} without its audit figures`);
  return report.audit;
}

/** Audit batch statements so far: one transaction each, so the distinct xmin of the rows. */
async function batchStatements(db: Client): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(DISTINCT xmin::text)::int AS n FROM audit_records')).rows[0].n;
}

/** Larger audit batches than the default tick makes at valgrind's rate: nearer those of `npm run bench`. */
const AUDIT_BATCHES = { AUDIT_FLUSH_INTERVAL_MS: '2500', AUDIT_BATCH_SIZE: '350' };

/** Every window of one build: a fresh database and gateway, its keys, the warm-up, then the kinds in turn. */
async function measure(root: string, upstreamUrl: string): Promise<Window[]> {
  const databaseUrl = await freshDatabase(server, process.env.BENCH_DATABASE ?? 'gateway_bench_instructions');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-instructions-'));
  const db = new Client({ connectionString: databaseUrl });
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  try {
    await db.connect();
    // Options given here, not left to VALGRIND_OPTS: one dump file per request, numbered from 1.
    const options = `--tool=callgrind --instr-atstart=no --separate-threads=no --combine-dumps=no -q`;
    gateway = await startGateway(databaseUrl, adminToken, AUDIT_BATCHES, root, {
      under: `valgrind ${options} --callgrind-out-file=${JSON.stringify(join(dir, 'callgrind.out'))}`,
      readyWithinMs: 300_000,
    });
    const { base, child } = gateway;
    const pid = child.pid!;
    const path = await setUpFullPath(base, adminToken, upstreamUrl);
    const reseller = await setUpReseller(base, adminToken, 'instructions reseller');
    const keys: Record<string, string> = { c: path.key };
    if (kinds.includes('g')) keys.g = await setUpCustomerKey(reseller.call, 'limited customer', false);
    if (kinds.includes('h')) keys.h = await setUpCustomerKey(reseller.call, 'budgeted customer', true);
    let calls = 0;
    /** `amount` calls of `kind`, then their audit records written (their batches' work in this window, not the next). */
    const callAndAwaitAudit = async (kind: string, amount: number) => {
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
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode})`);
        const audit = await auditFigures(base, adminToken);
        if (audit.buffered === 0 && audit.written + audit.dead_lettered >= calls) break;
        if (Date.now() > deadline) throw new Error(`(${kind}): ${audit.written} of ${calls} audit records written after 120 s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    for (const kind of kinds) await callAndAwaitAudit(kind, warmUp);
    control(pid, '--instr=on');
    const results: Window[] = [];
    for (let round = 0; round < windows; round++) {
      // A new order each round: no kind always follows another while V8 is still compiling.
      const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]);
      for (const kind of order) {
        const batchesBefore = await batchStatements(db);
        control(pid, '--zero');
        await callAndAwaitAudit(kind, perWindow);
        control(pid, `--dump=${kind}`);
        const counts = countsOf(join(dir, `callgrind.out.${results.length + 1}`));
        const perCall = { mutator: counts.mutator / perWindow, gc: counts.gc / perWindow, compiler: counts.compiler / perWindow };
        const recordsPerBatch = perWindow / Math.max(1, (await batchStatements(db)) - batchesBefore);
        results.push({ kind, perCall, recordsPerBatch });
        const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`.padStart(8);
        console.log(
          `${root === ROOT ? 'this ' : 'other'} (${kind}) mutator ${thousands(perCall.mutator)}  gc ${thousands(perCall.gc)}  ` +
            `compiler ${thousands(perCall.compiler)} instructions/call; ${recordsPerBatch.toFixed(0)} records per audit batch`,
        );
      }
    }
    return results;
  } finally {
    if (gateway) await stop(gateway.child);
    await db.end().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

const percent = (x: number, y: number) => `${x >= y ? '+' : ''}${((x / y - 1) * 100).toFixed(1)} %`;

/** Per kind, the least and the median of its windows' mutator instructions per call. */
interface Figure {
  least: number;
  median: number;
}

/**
 * Each kind's figures, and each kind against the first. The least is the window least disturbed: a
 * collection or a burst of compilation only added to a window's mutator count (code run in the
 * interpreter or baseline until it is optimised again), never took from it.
 */
function report(label: string, results: Window[]): Record<string, Figure> {
  const figures: Record<string, Figure> = {};
  const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;
  for (const kind of kinds) {
    const counts = results.filter((w) => w.kind === kind).map((w) => w.perCall.mutator);
    const figure = { least: Math.min(...counts), median: median(counts) };
    figures[kind] = figure;
    const first = figures[kinds[0]];
    const against =
      kind === kinds[0]
        ? ''
        : `; against (${kinds[0]}): least ${percent(figure.least, first.least)}, median ${percent(figure.median, first.median)}`;
    console.log(
      `${label} (${kind}): mutator instructions per call, least ${thousands(figure.least)}, median ${thousands(figure.median)} (up to ${thousands(Math.max(...counts))})${against}`,
    );
  }
  return figures;
}

async function main(): Promise<void> {
  const other = process.argv[2];
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  try {
    const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
    const ours = report('this', await measure(ROOT, upstreamUrl));
    if (other) {
      const theirs = report('other', await measure(resolve(other), upstreamUrl));
      for (const kind of kinds)
        console.log(
          `(${kind}) this against other, mutator instructions per call: least ${percent(ours[kind].least, theirs[kind].least)}, ` +
            `median ${percent(ours[kind].median, theirs[kind].median)}`,
        );
    }
  } finally {
    await stop(upstream.child);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
