/**
 * `npm run bench:hostile`: does any single request block the gateway's event loop? Sends the worst
 * JSON bodies up to BODY_LIMIT_BYTES (many keys, deep nesting, long strings of escapes, many small
 * arrays, a NUL at the very end; each kind also at the largest shape the bounds accept) to
 * `text.generate` (simulator) and `data.enrich` (an http upstream), while GET /healthz is polled
 * every 10 ms on its own connection. Prints the max and p99 /healthz latency per body kind against
 * the target (max ≤ 100 ms), the statuses the bodies got, and the gateway's CPU time per body (its
 * /healthz polls included; they cost ~0.1 ms each).
 *
 * The bodies are sent from a worker thread, so the poller's own event loop (which measures) never
 * waits on the sender's serialisation. Bounded in time: BENCH_HOSTILE_SECONDS (default 3) per kind
 * and slug, and a hard stop after 5 minutes.
 * Env: BENCH_HOSTILE_SECONDS, BENCH_HOSTILE_CONNECTIONS (bodies in flight at once, default 2),
 * BODY_LIMIT_BYTES (default 1048576), DATABASE_URL (server; default local), REDIS_URL.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { adminCall, freshDatabase, startGateway, startNode, stop } from './processes';

const TARGET_MAX_MS = 100;
const POLL_INTERVAL_MS = 10;

interface Kind {
  name: string;
  /** What the gateway must answer: the bounds reject it, or it is accepted and served. */
  expect: 400 | 200;
  body: (base: string, limit: number) => string;
}

/** Members `"k":"vvvv"` until the body would pass `limit` bytes. */
function fill(prefix: string, member: (i: number) => string, suffix: string, limit: number, maxMembers = Infinity): string {
  const parts: string[] = [];
  let length = prefix.length + suffix.length;
  for (let i = 0; i < maxMembers; i++) {
    const m = member(i);
    if (length + m.length + 1 > limit) break;
    parts.push(m);
    length += m.length + 1;
  }
  return prefix + parts.join(',') + suffix;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const shortKey = (i: number) => ALPHABET[i % 62] + ALPHABET[Math.floor(i / 62) % 62] + ALPHABET[Math.floor(i / 3844) % 62];
/** A string member long enough to bring the body up to `limit` (the bounds count members, not bytes). */
const pad = (used: number, limit: number) => `"pad":"${'p'.repeat(Math.max(0, limit - used - 12))}"`;

/** `base` is the slug's required member(s), e.g. `"input":"x"`. MAX_NODES 10,000, MAX_DEPTH 32. */
export const KINDS: Kind[] = [
  { name: 'many keys (~120k)', expect: 400, body: (base, limit) => fill(`{${base},`, (i) => `"${shortKey(i)}":0`, '}', limit) },
  {
    name: 'keys at the bound (9,999)',
    expect: 200,
    body: (base, limit) => {
      const valueLength = Math.floor((limit - base.length) / 9_999) - 12;
      return fill(`{${base},`, (i) => `"${shortKey(i)}":"${'v'.repeat(valueLength)}"`, '}', limit, 9_999);
    },
  },
  {
    name: 'deep nesting (~500k)',
    expect: 400,
    body: (base, limit) => {
      const d = Math.floor((limit - base.length - 8) / 2);
      return `{${base},"a":${'['.repeat(d)}${']'.repeat(d)}}`;
    },
  },
  {
    name: 'nesting at the bound (depth 32)',
    expect: 200,
    body: (base, limit) => {
      // The body object, the array, then 30 levels: 32.
      const nest = '{"a":'.repeat(30) + '1' + '}'.repeat(30);
      const nests = Array.from({ length: 300 }, () => nest).join(',');
      const head = `{${base},"n":[${nests}],`;
      return `${head}${pad(head.length, limit)}}`;
    },
  },
  {
    name: 'long string of escapes',
    expect: 200,
    body: (base, limit) => {
      // text.generate's prompt itself; another slug's free-form field.
      const unit = '\\"\\\\\\n\\u00e9\\ud83d\\ude00';
      const head = base.startsWith('"input"') ? '{"input":"' : `{${base},"note":"`;
      return `${head}${unit.repeat(Math.floor((limit - head.length - 2) / unit.length))}"}`;
    },
  },
  { name: 'many small arrays (~350k)', expect: 400, body: (base, limit) => fill(`{${base},"a":[`, () => '[]', ']}', limit) },
  {
    name: 'small arrays at the bound (9,997)',
    expect: 200,
    body: (base, limit) => {
      // 9,997 items + the base member, "a" and "pad": 10,000 nodes.
      const head = `{${base},"a":[${Array.from({ length: 9_997 }, () => '[]').join(',')}],`;
      return `${head}${pad(head.length, limit)}}`;
    },
  },
  { name: 'NUL at the end of 1 MiB', expect: 400, body: (base, limit) => `{${base},"s":"${'s'.repeat(limit - base.length - 20)}\\u0000"}` },
];

export const SLUGS = [
  { slug: 'text.generate', base: '"input":"Write a haiku about gateways"' },
  { slug: 'data.enrich', base: '"email":"ada@example.com"' },
];

interface SenderJob {
  url: string;
  key: string;
  body: string;
  seconds: number;
  connections: number;
}

/** Worker thread: sends `body` on `connections` parallel loops for `seconds`; reports statuses. */
async function sender(job: SenderJob): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const payload = Buffer.from(job.body);
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const deadline = Date.now() + job.seconds * 1000;
  const send = () =>
    new Promise<string>((resolve) => {
      const req = request(job.url, {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${job.key}`, 'content-type': 'application/json', 'content-length': payload.length },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      });
      req.on('error', (err) => resolve(`error ${err.message}`));
      req.end(payload);
    });
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (Date.now() < deadline) {
        const status = await send();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return statuses;
}

/** Polls /healthz every POLL_INTERVAL_MS until `done` settles; returns each round trip in ms. */
async function pollHealth(base: string, done: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let finished = false;
  const finish = () => (finished = true);
  void done.then(finish, finish);
  while (!finished) {
    const start = process.hrtime.bigint();
    // A reset keep-alive socket (the server's idle timer firing after a long stall) is retried on a
    // new one; the sample keeps the whole wait.
    for (let attempt = 0; ; attempt++) {
      const ok = await new Promise<boolean>((resolve, reject) => {
        request(`${base}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(true));
        })
          .on('error', (err) => (attempt >= 3 ? reject(err) : resolve(false)))
          .end();
      });
      if (ok) break;
    }
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    samples.push(ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_INTERVAL_MS - ms)));
  }
  agent.destroy();
  return samples;
}

function runSender(job: SenderJob): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** User + system CPU time of a process so far, in ms (Linux /proc): steadier than wall time on a shared machine. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('bench:hostile: hard stop after 5 minutes');
    process.exit(2);
  }, 300_000);
  hardStop.unref();
  const seconds = Number(process.env.BENCH_HOSTILE_SECONDS ?? 3);
  const connections = Number(process.env.BENCH_HOSTILE_CONNECTIONS ?? 2);
  const limit = Number(process.env.BODY_LIMIT_BYTES ?? 1_048_576);
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0' }, 'upstream');
  const databaseUrl = await freshDatabase(server, 'gateway_bench_hostile');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const gateway = await startGateway(databaseUrl, adminToken, { BODY_LIMIT_BYTES: String(limit) });
  const tenant = await adminCall<{ id: string }>(gateway.base, adminToken, 'POST', '/tenants', { name: 'bench' });
  const { key } = await adminCall<{ id: string; key: string }>(gateway.base, adminToken, 'POST', `/tenants/${tenant.id}/keys`, {
    name: 'bench',
    rate_limit_per_window: 1_000_000_000,
  });
  await adminCall(gateway.base, adminToken, 'PUT', '/catalog/data.enrich/upstreams', {
    upstreams: [
      { name: 'bench-upstream', kind: 'http', base_url: `http://127.0.0.1:${upstream.port}`, path: '/enrich', timeout_ms: 10_000 },
    ],
  });

  const idle = (await pollHealth(gateway.base, new Promise((resolve) => setTimeout(resolve, seconds * 1000)))).sort((a, b) => a - b);
  console.log(
    `idle /healthz: p99 ${percentile(idle, 0.99).toFixed(1)} ms, max ${idle[idle.length - 1].toFixed(1)} ms (${idle.length} polls)`,
  );

  const rows: Array<Record<string, string | number>> = [];
  let allMet = true;
  let allExpected = true;
  for (const { slug, base } of SLUGS) {
    for (const kind of KINDS) {
      const body = kind.body(base, limit);
      if (Buffer.byteLength(body) > limit) throw new Error(`${kind.name}: ${Buffer.byteLength(body)} bytes is over the limit`);
      const cpuBefore = cpuMs(gateway.child.pid!);
      const sending = runSender({ url: `${gateway.base}/api/public/v1/${slug}`, key, body, seconds, connections });
      const [statuses, polls] = await Promise.all([sending, pollHealth(gateway.base, sending)]);
      const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
      const cpuPerBody = (cpuMs(gateway.child.pid!) - cpuBefore) / Math.max(1, requests);
      polls.sort((a, b) => a - b);
      const max = polls[polls.length - 1];
      const met = max <= TARGET_MAX_MS;
      const expected = Object.keys(statuses).every((s) => s === String(kind.expect));
      allMet &&= met;
      allExpected &&= expected;
      rows.push({
        slug,
        body: kind.name,
        KiB: Math.round(Buffer.byteLength(body) / 1024),
        statuses:
          Object.entries(statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ') + (expected ? '' : ` (expected ${kind.expect})`),
        'gateway CPU ms/body': Number(cpuPerBody.toFixed(1)),
        'healthz p99 ms': Number(percentile(polls, 0.99).toFixed(1)),
        'healthz max ms': Number(max.toFixed(1)),
        [`max ≤ ${TARGET_MAX_MS} ms`]: met ? 'met' : 'NOT met',
      });
    }
  }
  await Promise.all([stop(gateway.child), stop(upstream.child)]);
  console.table(rows);
  console.log(
    `${seconds} s per row, ${connections} bodies in flight, body limit ${limit} bytes. ` +
      `/healthz max delay ≤ ${TARGET_MAX_MS} ms on every row: ${allMet ? 'met' : 'NOT met'}; ` +
      `every body answered as expected: ${allExpected ? 'yes' : 'NO'}`,
  );
  if (!allExpected) process.exitCode = 1;
}

if (isMainThread && require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else if (!isMainThread) {
  void sender(workerData as SenderJob).then((statuses) => parentPort!.postMessage(statuses));
}
