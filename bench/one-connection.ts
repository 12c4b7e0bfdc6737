/**
 * One connection, one request at a time: the latency a single client sees, to the microsecond
 * (autocannon's histogram keeps whole milliseconds, too coarse for a sub-millisecond overhead).
 * A keep-alive node:http agent with one socket; each request's round trip timed with hrtime.
 */
import { Agent, request } from 'node:http';

export interface SequentialFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  /** CPU time of the measured process per request (user + system, µs), when its pid was given. */
  cpuUsPerRequest: number;
  non2xx: number;
}

function once(agent: Agent, url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Sequential POSTs of `body` to `url` for `seconds` (after `warmupSeconds` untimed). */
export async function sequential(
  url: string,
  headers: Record<string, string>,
  body: string,
  seconds: number,
  cpuOf?: () => number,
  warmupSeconds = 1,
): Promise<SequentialFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  try {
    for (const until = Date.now() + warmupSeconds * 1000; Date.now() < until;) await once(agent, target, headers, body);
    const latencies: number[] = [];
    let non2xx = 0;
    const cpuBefore = cpuOf?.() ?? 0;
    for (const until = Date.now() + seconds * 1000; Date.now() < until;) {
      const started = process.hrtime.bigint();
      const status = await once(agent, target, headers, body);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (status < 200 || status >= 300) non2xx++;
    }
    const cpuUsPerRequest = cpuOf ? (cpuOf() - cpuBefore) / Math.max(1, latencies.length) : 0;
    latencies.sort((x, y) => x - y);
    return {
      requests: latencies.length,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      p999Ms: percentile(latencies, 0.999),
      maxMs: latencies[latencies.length - 1],
      cpuUsPerRequest,
      non2xx,
    };
  } finally {
    agent.destroy();
  }
}
