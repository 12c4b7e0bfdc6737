/**
 * Benchmark upstream (loopback only). JSON mode answers every request with a small JSON body;
 * OpenAI mode (`/v1/chat/completions` with stream:true) streams CHUNKS chunks every INTERVAL_MS.
 * Env: PORT (0 = any), STREAM_CHUNKS (default 20), STREAM_INTERVAL_MS (default 1000).
 * Prints `LISTENING <port>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const chunks = Number(process.env.STREAM_CHUNKS ?? 20);
const intervalMs = Number(process.env.STREAM_INTERVAL_MS ?? 1000);
const json = Buffer.from(JSON.stringify({ ok: true, usage: { quantity: 1 } }));

const server = createServer((req, res) => {
  const body: Buffer[] = [];
  req.on('data', (c: Buffer) => body.push(c));
  req.on('end', () => {
    const wantsStream = req.url?.startsWith('/v1/chat/completions') && Buffer.concat(body).includes('"stream":true');
    if (!wantsStream) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': json.length });
      res.end(json);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const send = () => {
      if (res.destroyed) return;
      res.write(`data: {"choices":[{"index":0,"delta":{"content":"w${sent} "}}]}\n\n`);
      if (++sent >= chunks) {
        res.end('data: {"choices":[],"usage":{"total_tokens":100}}\n\ndata: [DONE]\n\n');
        return;
      }
      timer = setTimeout(send, intervalMs);
    };
    let timer = setTimeout(send, 0);
    res.on('close', () => clearTimeout(timer));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
