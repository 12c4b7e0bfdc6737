import { ClientRequest, createServer, get, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SseWriter } from '../../src/streaming/sse-writer';

/** Every client request made; each test's are destroyed after it (below). */
const clients: ClientRequest[] = [];

/**
 * One real HTTP exchange on 127.0.0.1: the server side gets an opened SseWriter; the test holds the
 * client request and its response, which arrives with the first write (headers travel with it).
 */
async function exchange(
  keepAliveMs: number,
  writeTimeoutMs = 60_000,
): Promise<{ writer: SseWriter; res: ServerResponse; request: ClientRequest; response: Promise<IncomingMessage>; server: Server }> {
  let serverSide!: (res: ServerResponse) => void;
  const gotResponse = new Promise<ServerResponse>((resolve) => (serverSide = resolve));
  const server = createServer((_req, res) => serverSide(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let request!: ClientRequest;
  const response = new Promise<IncomingMessage>((resolve) => {
    request = get({ host: '127.0.0.1', port, path: '/' }, resolve);
    request.on('error', () => undefined);
    clients.push(request);
  });
  const res = await gotResponse;
  const writer = new SseWriter(res, keepAliveMs, writeTimeoutMs);
  writer.open();
  return { writer, res, request, response, server };
}

function closeAll(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('SseWriter', () => {
  // A paused client never reads the end of its connection that the server closed: its socket
  // would stay open, and keep the jest worker from exiting.
  afterEach(() => {
    for (const request of clients.splice(0)) request.destroy();
  });

  it('writes data events, keep-alive comments while silent, and [DONE]', async () => {
    const { writer, response, server } = await exchange(20);
    await writer.event({ id: 'req_1', delta: 'a' });
    const client = await response;
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    let text = '';
    client.setEncoding('utf8');
    client.on('data', (c: string) => (text += c));
    const ended = new Promise((resolve) => client.on('end', resolve));
    while (!text.includes(': keep-alive')) await new Promise((resolve) => client.once('data', resolve));
    await writer.event({ id: 'req_1', done: true });
    writer.done();
    await ended;
    expect(text.startsWith('data: {"id":"req_1","delta":"a"}\n\n: keep-alive\n\n')).toBe(true);
    expect(text.endsWith('data: {"id":"req_1","done":true}\n\ndata: [DONE]\n\n')).toBe(true);
    await closeAll(server);
  });

  it('applies backpressure: event() waits while the client does not read, and resumes when it does', async () => {
    const { writer, response, server } = await exchange(60_000);
    await writer.event({ id: 'req_1', delta: 'first' });
    const client = await response;
    client.pause();
    const big = { id: 'req_1', delta: 'x'.repeat(64 * 1024) };
    let written = 0;
    let pending: Promise<void> | null = null;
    // Write until the socket refuses more; a bounded loop, the buffers are finite.
    for (let i = 0; i < 10_000; i++) {
      const p = writer.event(big);
      const settled = await Promise.race([p.then(() => true), new Promise((r) => setImmediate(() => r(false)))]);
      if (!settled) {
        pending = p;
        break;
      }
      written++;
    }
    expect(pending).not.toBeNull();
    expect(written).toBeLessThan(10_000);
    client.resume();
    await pending;
    writer.done();
    await closeAll(server);
  });

  it('a write that the client does not take within the write timeout destroys the response', async () => {
    const { writer, res, response, server } = await exchange(60_000, 200);
    await writer.event({ id: 'req_1', delta: 'first' });
    const client = await response;
    client.pause(); // never reads again
    const closed = new Promise((resolve) => res.on('close', resolve));
    const big = { id: 'req_1', delta: 'x'.repeat(64 * 1024) };
    // Keep writing as a relay would: each write waits for the previous one to be taken.
    for (let i = 0; i < 10_000 && !writer.closed; i++) await writer.event(big);
    await closed;
    expect(res.destroyed).toBe(true);
    expect(writer.closed).toBe(true);
    await closeAll(server);
  });

  it('a client that does not take the final [DONE] either is cut off after the write timeout', async () => {
    const { writer, res, response, server } = await exchange(60_000, 200);
    await writer.event({ id: 'req_1', delta: 'first' });
    const client = await response;
    client.pause(); // never reads again
    const closed = new Promise((resolve) => res.on('close', resolve));
    // More than the kernel's socket buffers hold, written without waiting (the last events of a
    // stream), then the end.
    const big = `data: ${JSON.stringify({ delta: 'x'.repeat(64 * 1024) })}\n\n`;
    for (let i = 0; i < 256; i++) res.write(big);
    writer.done();
    expect(res.writableFinished).toBe(false);
    await closed;
    expect(res.destroyed).toBe(true);
    await closeAll(server);
  });

  it('reports closed and stops its timer when the client goes away', async () => {
    const { writer, request, res, server } = await exchange(10);
    const closed = new Promise((resolve) => res.on('close', resolve));
    request.destroy();
    await closed;
    expect(writer.closed).toBe(true);
    await writer.event({ id: 'req_1', delta: 'ignored' }); // no throw, no write
    await closeAll(server);
  });
});
