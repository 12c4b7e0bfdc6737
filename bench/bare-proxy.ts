/**
 * Baseline (b) and its framework floors (e, f): a bare reverse proxy with the same HTTP client
 * setup as the gateway (undici, keep-alive pool) and nothing else: no auth, no limits, no audit.
 * Served on node:http, or with FRAMEWORK=express|nest on the gateway's stack (see serve.ts).
 * Env: PORT, UPSTREAM_URL, FRAMEWORK.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, request } from 'undici';
import { serve } from './serve';

const upstream = process.env.UPSTREAM_URL!;
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 512 });

async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
}

serve(proxy);
