/**
 * Streaming floors for `npm run bench:streams`: a bare streaming reverse proxy with the gateway's
 * upstream client (undici `request` on an `Agent({ keepAliveTimeout: 30_000 })`, no connection cap,
 * as src/proxy/providers/openai) and nothing else: no auth, limits, SSE parsing or audit. It relays
 * the upstream body chunk by chunk, waits for 'drain' when the client is slow, and aborts the
 * upstream request when the client goes away.
 * Served on node:http, or with FRAMEWORK=nest on the gateway's stack (see serve.ts). What the
 * gateway costs per stream above FRAMEWORK=nest is its own work. Env: PORT, UPSTREAM_URL, FRAMEWORK.
 */
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, request } from 'undici';
import { serve } from './serve';

const upstream = process.env.UPSTREAM_URL!;
/** The gateway's streaming client: every open stream holds its own upstream connection. */
const agent = new Agent({ keepAliveTimeout: 30_000 });

async function proxyStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // 'close' also fires after a completed response; aborting a finished request is a no-op.
  const upstreamCall = new AbortController();
  res.once('close', () => upstreamCall.abort());
  try {
    const body: Buffer[] = [];
    for await (const c of req) body.push(c as Buffer);
    const answer = await request(`${upstream}${req.url}`, {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: Buffer.concat(body),
      signal: upstreamCall.signal,
      dispatcher: agent,
    });
    res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/octet-stream') });
    for await (const chunk of answer.body) {
      // Backpressure; the signal ends the wait if the client leaves instead of draining.
      if (!res.write(chunk)) await once(res, 'drain', { signal: upstreamCall.signal });
    }
    res.end();
  } catch {
    // Upstream failed: a 502 if nothing was sent yet, else cut the stream (as when the client left).
    if (!res.headersSent && !res.destroyed) res.writeHead(502).end();
    else res.destroy();
  }
}

serve(proxyStream);
