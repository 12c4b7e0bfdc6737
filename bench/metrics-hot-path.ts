/**
 * `npm run build && node dist/bench/metrics-hot-path.js`: the CPU the metrics add to one public
 * call, measured alone (the whole-path bench cannot see a difference this small through its noise).
 * Per call the gateway runs GatewayMetrics.callEnded (a counter and a latency histogram, children
 * cached per slug and status) and one upstreamAnswered (a histogram child cached per upstream);
 * this repeats both BENCH_METRICS_CALLS times (default 2,000,000) and prints ns of CPU per call.
 */
import { GatewayMetrics } from '../src/metrics/gateway-metrics';

const calls = Number(process.env.BENCH_METRICS_CALLS ?? 2_000_000);
const metrics = new GatewayMetrics();
const upstream = { name: 'primary', kind: 'http' };

function run(): number {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    metrics.callEnded('data.enrich', 200, null, 0.004 + (i % 100) / 10_000, null);
    metrics.upstreamAnswered(upstream, 0.002 + (i % 50) / 10_000);
  }
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / calls;
}

run(); // warm-up: children created, code optimised
const figures = [run(), run(), run()].map((ns) => Math.round(ns));
process.stdout.write(
  `metrics per public call (callEnded + upstreamAnswered), ${calls.toLocaleString('en')} calls × 3: ${figures.join(' / ')} ns CPU\n`,
);
