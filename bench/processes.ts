import { ChildProcess, execSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../test/support/free-port';

export const ROOT = join(__dirname, '..', '..');
const children = new Set<ChildProcess>();

/** Starts `node <script>` (raising the open-file limit) and resolves with its port once it prints LISTENING. */
export function startNode(script: string, env: Record<string, string>, name: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn('bash', ['-c', `ulimit -n 65535 2>/dev/null || ulimit -n $(ulimit -Hn); exec node ${script}`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /LISTENING (\d+)/.exec(out) ?? /"port":(\d+).*gateway listening/.exec(out);
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening:\n${err}\n${out.slice(-2000)}`)));
  });
}

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** The fields of /proc/<pid>/stat after the command (which may hold spaces): state is [0], ppid [1], utime [11], stime [12]. */
const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** User + system CPU time of a process so far, in microseconds (Linux /proc). */
export function cpuMicros(pid: number): number {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}

/** The same for a process and its children (a gateway's primary and its GATEWAY_PROCESSES workers) while they run. */
export function treeCpuMicros(pid: number): number {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(statFields(Number(name))[1]) === pid;
      } catch {
        return false; // it exited meanwhile
      }
    });
  return cpuMicros(pid) + children.reduce((sum, child) => sum + cpuMicros(Number(child)), 0);
}

/** SIGTERM and wait for the exit code. */
export function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

export function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
process.on('exit', killAll);

/** Drops and re-creates a database on the server of `serverUrl`; returns its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One operator API call; `T` is the shape the caller expects back (not checked at runtime). */
export function adminCall<T = unknown>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  return apiCall<T>(`${base}/api/admin/v1`, token, method, path, body);
}

/** A call to the reseller API with a management key. */
export function managementCall<T = unknown>(base: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
  return apiCall<T>(`${base}/api/reseller/v1`, key, method, path, body);
}

async function apiCall<T>(prefix: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${prefix}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Starts the built gateway against `databaseUrl` and REDIS_URL; resolves once /readyz says ready.
 * `root`: the checkout whose build (dist/src/main.js) runs; another worktree's for an A/B of two
 * commits (bench/ab.ts). `launch`: a command the gateway's node runs under (`valgrind
 * --tool=callgrind …`, bench/instructions.ts; quoted by the caller, as it goes to bash), and how
 * long its start-up may take (60 s; under valgrind several times that).
 */
export async function startGateway(
  databaseUrl: string,
  adminToken: string,
  extraEnv: Record<string, string> = {},
  root = ROOT,
  launch: { under?: string; readyWithinMs?: number } = {},
) {
  const port = await freePort();
  // BENCH_PROFILE_DIR=<dir>: the gateway writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? `--cpu-prof --cpu-prof-dir=${JSON.stringify(process.env.BENCH_PROFILE_DIR)} ` : '';
  // BENCH_NODE_FLAGS: node or V8 flags for the gateway alone (say `--trace-gc`), not for the load generator.
  const flags = process.env.BENCH_NODE_FLAGS ? `${process.env.BENCH_NODE_FLAGS} ` : '';
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n 65535 2>/dev/null || ulimit -n $(ulimit -Hn); exec ${launch.under ? `${launch.under} ` : ''}node ${flags}${profile}dist/src/main.js`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `bench:${Date.now()}:`,
        ADMIN_TOKEN: adminToken,
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
    },
  );
  children.add(child);
  child.on('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const readyWithinMs = launch.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { base, child };
    if (Date.now() > deadline) throw new Error(`gateway did not become ready in ${readyWithinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The full path of `npm run bench`'s (c): a tenant key with a limit set high, and data.enrich
 * served by `upstreamUrl` (its own limit raised too). Returns the key and the call's URL.
 */
export async function setUpFullPath(
  base: string,
  adminToken: string,
  upstreamUrl: string,
): Promise<{ key: string; tenantId: string; url: string }> {
  const tenant = await adminCall<{ id: string }>(base, adminToken, 'POST', '/tenants', { name: 'bench' });
  const { key } = await adminCall<{ key: string }>(base, adminToken, 'POST', `/tenants/${tenant.id}/keys`, {
    name: 'bench',
    rate_limit_per_window: 1_000_000_000,
  });
  await adminCall(base, adminToken, 'PUT', '/catalog/data.enrich/upstreams', {
    upstreams: [{ name: 'bench-upstream', kind: 'http', base_url: upstreamUrl, path: '/enrich', timeout_ms: 10_000 }],
  });
  await adminCall(base, adminToken, 'PUT', '/catalog/data.enrich/limit', { requests_per_window: 1_000_000_000 });
  return { key, tenantId: tenant.id, url: `${base}/api/public/v1/data.enrich` };
}

/** A call to the reseller API with one reseller's management key. */
export type ResellerCall = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** A reseller tenant and a way to call the reseller API as it. */
export async function setUpReseller(base: string, adminToken: string, name: string): Promise<{ tenantId: string; call: ResellerCall }> {
  const reseller = await adminCall<{ id: string }>(base, adminToken, 'POST', '/tenants', { name, kind: 'reseller' });
  const management = await adminCall<{ key: string }>(base, adminToken, 'POST', `/tenants/${reseller.id}/management-keys`, {});
  return { tenantId: reseller.id, call: (method, path, body) => managementCall(base, management.key, method, path, body) };
}

/**
 * (g) and (h) of `npm run bench`: a new customer's key with limits on the key and the customer,
 * overall and on data.enrich (set high: four buckets counted, none full); with `budgets`, a
 * budget on each as well (held and settled on every call, never spent). Returns the key.
 */
export async function setUpCustomerKey(call: ResellerCall, name: string, budgets: boolean): Promise<string> {
  const customer = await call<{ id: string }>('POST', '/customers', { name });
  const key = await call<{ id: string; key: string }>('POST', `/customers/${customer.id}/keys`, {});
  const high = { requests_per_window: 1_000_000_000, per_slug: { 'data.enrich': 1_000_000_000 } };
  await call('PUT', `/keys/${key.id}/limits`, high);
  await call('PUT', `/customers/${customer.id}/limits`, high);
  if (budgets) {
    const budget = { period: 'monthly', cap_usd: '9000000' };
    await call('PUT', `/keys/${key.id}/budget`, budget);
    await call('PUT', `/customers/${customer.id}/budget`, budget);
  }
  return key.key;
}
