/**
 * `npm run bench:streams`: many concurrent SSE streams through the gateway (loopback).
 *  - memory per open stream: gateway RSS with N streams open (each has sent its first chunk and
 *    stays open) minus RSS before, divided by N (target ≤ 30 KB);
 *  - time to first byte the gateway adds: sequential streams directly to the upstream vs through
 *    the gateway, p50 of each and the difference (target ≤ 1 ms).
 * Env: BENCH_STREAMS (default 5000), BENCH_TTFB_SAMPLES (default 200), DATABASE_URL, REDIS_URL.
 * Raises the open-file limit of its children; run it through the npm script, which raises the
 * parent's too.
 */
import { readFileSync } from 'node:fs';
import { Agent, ClientRequest, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { adminCall, freshDatabase, startGateway, startNode, stop } from './processes';

const streams = Number(process.env.BENCH_STREAMS ?? 5000);
const ttfbSamples = Number(process.env.BENCH_TTFB_SAMPLES ?? 200);
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BODY = JSON.stringify({ input: 'benchmark stream', stream: true });

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

/** Opens one stream and resolves at its first body byte, with the time it took. */
function openStream(url: string, headers: Record<string, string>, agent: Agent | false): Promise<{ req: ClientRequest; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      res.once('data', () => resolve({ req, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

/** A whole (short) stream on a keep-alive agent; resolves with its time to first byte once it ended. */
function timeToFirstByte(url: string, headers: Record<string, string>, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let firstByteMs = 0;
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      res.once('data', () => (firstByteMs = Number(process.hrtime.bigint() - started) / 1e6));
      res.on('end', () => resolve(firstByteMs));
      res.resume();
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  // Long streams for the memory test (1 chunk a second for 60 s); short ones for first-byte times.
  const upstream = await startNode('dist/bench/upstream.js', { PORT: '0', STREAM_CHUNKS: '60', STREAM_INTERVAL_MS: '1000' }, 'upstream');
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const shortUpstream = await startNode('dist/bench/upstream.js', { PORT: '0', STREAM_CHUNKS: '3', STREAM_INTERVAL_MS: '1' }, 'short upstream');
  const shortUpstreamUrl = `http://127.0.0.1:${shortUpstream.port}`;
  const databaseUrl = await freshDatabase(server, 'gateway_bench_streams');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  // BENCH_UPSTREAM=simulator streams from the built-in simulator instead (no upstream connections),
  // which separates the gateway's own per-stream memory from its upstream client's.
  const viaSimulator = process.env.BENCH_UPSTREAM === 'simulator';
  const gateway = await startGateway(databaseUrl, adminToken, viaSimulator ? { SIMULATOR_CHUNK_INTERVAL_MS: '1000' } : {});
  const tenant = await adminCall(gateway.base, adminToken, 'POST', '/tenants', { name: 'bench' });
  const { key } = await adminCall(gateway.base, adminToken, 'POST', `/tenants/${tenant.id}/keys`, { rate_limit_per_window: 1_000_000_000 });
  const pointAt = (base: string) =>
    viaSimulator
      ? Promise.resolve()
      : adminCall(gateway.base, adminToken, 'PUT', '/catalog/text.generate/upstreams', {
          upstreams: [{ name: 'bench-openai', kind: 'openai', base_url: base, path: '/v1/chat/completions', timeout_ms: 30_000 }],
        });
  const gatewayUrl = `${gateway.base}/api/public/v1/text.generate`;
  const auth = { authorization: `Bearer ${key}` };

  // Time to first byte: sequential whole streams on keep-alive connections (both hops reuse their
  // connection, as in steady use); the first 20 warm up.
  await pointAt(shortUpstreamUrl);
  const ttfb = async (url: string, headers: Record<string, string>) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const out: number[] = [];
    for (let i = 0; i < ttfbSamples + 20; i++) {
      const ms = await timeToFirstByte(url, headers, agent);
      if (i >= 20) out.push(ms);
    }
    agent.destroy();
    return out;
  };
  const direct = await ttfb(`${shortUpstreamUrl}/v1/chat/completions`, {});
  const through = await ttfb(gatewayUrl, auth);
  await pointAt(upstreamUrl);

  // Memory per open stream.
  global.gc?.();
  const pid = gateway.child.pid!;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = rssKb(pid);
  const open: ClientRequest[] = [];
  const batch = 250;
  for (let i = 0; i < streams; i += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, streams - i) }, () => openStream(gatewayUrl, auth, false)));
    open.push(...opened.map((o) => o.req));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const withStreams = rssKb(pid);
  for (const req of open) req.destroy();

  await stop(gateway.child);
  await Promise.all([stop(upstream.child), stop(shortUpstream.child)]);
  const perStreamKb = (withStreams - before) / streams;
  console.log(`open streams: ${open.length}; gateway RSS ${Math.round(before / 1024)} MB → ${Math.round(withStreams / 1024)} MB; per stream ${perStreamKb.toFixed(1)} KB (target ≤ 30 KB: ${perStreamKb <= 30 ? 'met' : 'NOT met'})`);
  const added = median(through) - median(direct);
  console.log(`time to first byte p50: upstream ${median(direct).toFixed(2)} ms, through the gateway ${median(through).toFixed(2)} ms; added ${added.toFixed(2)} ms (target ≤ 1 ms: ${added <= 1 ? 'met' : 'NOT met'}) over ${ttfbSamples} sequential streams on keep-alive connections`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
