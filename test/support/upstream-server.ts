import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from './free-port';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The body as UTF-8 text. */
  body: string;
  /** The body as sent (a multipart upload's file is binary). */
  bytes: Buffer;
}

export type UpstreamHandler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestUpstream {
  url: string;
  received: ReceivedRequest[];
  /** TCP connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections(): number;
  /** Resolves once the server has seen this many requests. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP upstream on 127.0.0.1:<random port>, started by a test. */
export async function startUpstream(handler: UpstreamHandler): Promise<TestUpstream> {
  const received: ReceivedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: bytes.toString('utf8'), bytes };
    received.push(request);
    for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    try {
      await handler(request, res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    }
  };
  // What escapes `serve` (the client aborting while its body is read, a failed 500): drop the response.
  const server: Server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy());
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    waitForRequests: (count) => (received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** A port that nothing listens on (bound then released), for connect-error fallbacks. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
