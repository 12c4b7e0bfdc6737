/**
 * Baseline (b): a bare Node reverse proxy with the same HTTP client setup as the gateway (undici,
 * keep-alive pool) and nothing else: no auth, no limits, no audit. Env: PORT, UPSTREAM_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

const upstream = process.env.UPSTREAM_URL!;
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 512 });

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const answer = await request(`${upstream}${req.url}`, {
      method: req.method as 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      dispatcher: agent,
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(502).end();
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
